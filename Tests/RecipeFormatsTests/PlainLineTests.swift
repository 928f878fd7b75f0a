import RouxTestSupport
import Foundation
import PropertyBased
@testable import RecipeFormats
import Testing

/// A writer writes a line it is told is plain text as it is, without
/// reading it back (`LineSyntax.isPlainText`): that claim is checked here
/// against the readers themselves, on random lines in every state.
@Suite("Lines a writer need not read back")
struct PlainLineTests {
    /// Every ASCII character, white space, and a few scripts.
    static let pieces: [String] = (0x20 ..< 0x7F).map { String(UnicodeScalar(UInt8($0))) }
        + ["\t", "é", "שלום", "漢字", "🍩", "  ", "1.", "12)", "beurre"]

    static func line(_ codes: [Int]) -> [UInt8] {
        Array(codes.map { pieces[$0 % pieces.count] }.joined().utf8)
    }

    static let markdownStates: [UInt32] = [
        MarkdownLineState.start, MarkdownLineState(), MarkdownLineState(inList: true), MarkdownLineState(afterBlank: true, inList: true),
        MarkdownLineState(block: .indentedCode), MarkdownLineState(block: .fenced(tilde: false, length: 3)),
        MarkdownLineState(block: .html(condition: 1)), MarkdownLineState(block: .html(condition: 7)),
    ].map(\.packed)

    static let cooklangStates: [UInt32] = (0 ..< 8).map { CooklangSyntax.State(packed: $0).packed }

    /// Checks each state; returns how many lines were plain.
    static func check<Syntax: LineSyntax>(_ bytes: [UInt8], syntax: Syntax, states: [UInt32]) -> Int {
        var syntax = syntax
        var plain = 0
        for state in states where bytes.withUnsafeBufferPointer({ syntax.isPlainText($0, state: state) }) {
            plain += 1
            // As a line in the middle and as the file's last line.
            for isLast in [false, true] {
                let read = syntax.read(bytes, state: state, isLast: isLast)
                #expect(read.text == bytes && read.spans.isEmpty && read.paragraph == AttributeContainer(),
                        "\(String(decoding: bytes, as: UTF8.self).debugDescription) in state \(state) is not plain")
                #expect(read.stateAfter == bytes.withUnsafeBufferPointer { syntax.state(after: $0, state: state) })
            }
        }
        return plain
    }

    @Test func aLineSaidToBePlainReadsAsItsOwnText() async {
        let counter = Counter()
        await propertyCheck(count: PropertyCases.scaled(3000), input: Gen.int(in: 0 ... 10_000).array(of: 0 ... 12)) { codes in
            let bytes = Self.line(codes)
            counter.add(Self.check(bytes, syntax: MarkdownSyntax(), states: Self.markdownStates)
                + Self.check(bytes, syntax: CooklangSyntax(), states: Self.cooklangStates))
        }
        // Not vacuous: many random lines are plain somewhere.
        #expect(counter.value > 1000)
    }

    @Test func recipeSentencesArePlainAndMarkupIsNot() {
        let markdown = MarkdownSyntax()
        let state = MarkdownLineState.start.packed
        func plain(_ line: String) -> Bool { Array(line.utf8).withUnsafeBufferPointer { markdown.isPlainText($0, state: state) } }
        #expect(plain("Ajouter la farine, le sucre et une pincée de sel, puis mélanger."))
        #expect(plain("砂糖と卵を混ぜて、よく泡立てます。"))
        #expect(plain(""))
        for line in ["- item", "1. first", "# Title", "> quote", "a *b*", "a_b", "x  ", "    code", "<div>", "a `b`", "[l](u)", "&amp;", "~~s~~"] {
            #expect(!plain(line), "\(line)")
        }
    }
}

/// A count shared by property-check iterations.
final class Counter: @unchecked Sendable {
    private var total = 0
    func add(_ amount: Int) { total += amount }
    var value: Int { total }
}
