import Foundation
import RouxApp
import RouxTestSupport
import Testing

/// The man page's KEYS section is the command table, as the README's key
/// tables are (`CommandTableTests`).
@Suite("The man page's keys")
struct ManPageKeysTests {
    static let page = repositoryRoot.appendingPathComponent("Resources/man/roux.1")
    static let begin = ".\\\" keys: generated from the command table (ManPageKeysTests)\n"
    static let end = ".\\\" end of keys"

    /// With ROUX_UPDATE_README=1 the test writes the section into the page instead.
    @Test func theKeysSectionIsTheCommandTable() throws {
        var page = try String(contentsOf: Self.page, encoding: .utf8)
        let start = try #require(page.range(of: Self.begin), "roux.1 has no generated key section")
        let finish = try #require(page.range(of: Self.end, range: start.upperBound ..< page.endIndex))
        let expected = EditorController.manPageKeys
        if ProcessInfo.processInfo.environment["ROUX_UPDATE_README"] == "1" {
            page.replaceSubrange(start.upperBound ..< finish.lowerBound, with: expected)
            try page.write(to: Self.page, atomically: true, encoding: .utf8)
            return
        }
        #expect(String(page[start.upperBound ..< finish.lowerBound]) == expected,
                "roux.1's keys differ from the command table: ROUX_UPDATE_README=1 swift test --filter ManPageKeysTests")
    }

    /// Every command's keys are there, and nothing but ASCII reaches groff.
    @Test func everyCommandIsThereInASCII() {
        let keys = EditorController.manPageKeys
        #expect(keys.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(keys.contains(".TP\n\\fBCtrl-S\\fR\nsave the recipe"))
        let panes = EditorController.keyTablesMarkdown.components(separatedBy: "| Key | Command |").count - 1
        #expect(panes >= 4)
        #expect(keys.components(separatedBy: ".SS ").count - 1 == panes, "one subsection per table of the README")
        // The README's rows, each after a line break (its header rows left out).
        let commands = EditorController.keyTablesMarkdown.components(separatedBy: "\n| ").count - 1 - panes
        #expect(keys.components(separatedBy: ".TP\n").count - 1 == commands, "one paragraph per command")
    }
}
