import Foundation
import RichText
import Testing
import TextLayout

/// Every case of Unicode's BidiCharacterTest.txt through `BidiParagraph`,
/// checking resolved levels (after L1) and visual order.
@Suite("Bidi conformance")
struct BidiConformanceTests {
    static let path = "/usr/share/unicode/BidiCharacterTest.txt"

    @Test func bidiCharacterTest() throws {
        let contents = try String(contentsOfFile: Self.path, encoding: .utf8)
        var passed = 0
        var failed = 0
        var failures: [String] = []
        for line in contents.split(separator: "\n") where !line.hasPrefix("#") && !line.isEmpty {
            let fields = line.split(separator: ";", omittingEmptySubsequences: false)
            guard fields.count >= 5 else { continue }
            let scalars = fields[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
            let direction: ParagraphDirection? = switch fields[1] {
            case "0": .leftToRight
            case "1": .rightToLeft
            default: nil
            }
            let expectedBase = UInt8(fields[2]) ?? 255
            let expectedLevels = fields[3].split(separator: " ").map { $0 == "x" ? nil : UInt8($0) }
            let expectedOrder = fields[4].split(separator: " ").compactMap { Int($0) }

            let paragraph = BidiParagraph(scalars: scalars, direction: direction)
            let levels = paragraph.lineLevels(0 ..< scalars.count)
            let resolved: [UInt8?] = levels.indices.map { paragraph.isRemovedByX9($0) ? nil : levels[$0] }
            let order = paragraph.visualOrder(0 ..< scalars.count).filter { !paragraph.isRemovedByX9($0) }
            if paragraph.baseLevel == expectedBase, resolved == expectedLevels, order == expectedOrder {
                passed += 1
            } else {
                failed += 1
                if failures.count < 5 {
                    failures.append("\(line) → base \(paragraph.baseLevel) levels \(resolved) order \(order)")
                }
            }
        }
        print("BidiCharacterTest: \(passed) passed, \(failed) failed")
        #expect(passed > 90_000, "the file has 91,707 cases")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
