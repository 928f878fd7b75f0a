import Foundation
import PropertyBased
@testable import RecipeFormats
@testable import RecipeStorage
import RichText
import RouxTestSupport
import Testing

/// A long line is written straight from the text, a piece at a time, judged
/// by its two ends (`BodyWriter+LongLines`); a copy of a large block streams
/// from its file. Whatever the line holds, the file gets exactly the bytes
/// the line-at-a-time writer gives it.
@Suite("Long lines written a piece at a time")
struct LongLineWritingTests {
    /// What the ends of a line may hold: markup of every kind, spaces, scripts.
    static let ends = ["1. ", "- ", "# ", "> ", "*", "**", "_", "`", "[a](b)", " ", "  ", "\t", "\\", "&amp;", "<b>", "é", "中",
                       "👩‍🍳", "e\u{301}", "@sel{2%g}", "#bol{}", "~", "--", ">>", "=", "[-", "-]", "|", "^[x](bold: true)", "a", ".",
                       "<a b=\"", "\">", "[a](x(", "y)", "!", "&", "~~"]
    /// What the inside may hold: nothing either syntax reads as markup.
    static let inside = ["beurre ", "doux, ", "12 ", "(sel) ", "é ", "中文 ", "👩‍🍳 ", "e\u{301} ", "a.b ", "'q' ", "\"q\" "]
    /// Prose: marks Markdown or Cooklang read as text where they stand (and `~~`, `--`, which they do not).
    static let prose = ["& ", "sel! ", "#3 ", "a | b ", "2 > 1 ", "~ ", "~", "^ ", "=x ", "doux-amer ", "-", "- "]

    static func line(_ codes: [Int], length: Int, inside: [String] = inside) -> String {
        var head = ""
        var tail = ""
        for (index, code) in codes.enumerated() {
            if index % 2 == 0 { head += ends[code % ends.count] } else { tail += ends[code % ends.count] }
        }
        var middle = ""
        var number = codes.reduce(0, +)
        while middle.utf8.count < length {
            middle += inside[number % inside.count]
            number = (number &* 31 &+ 7) & 0xFFFF
        }
        return head + middle + tail
    }

    /// The body as the units say, long lines taken from the text.
    static func bytes<Syntax: LineSyntax>(_ output: BodyWriter<Syntax>.Output, text: AttributedString) -> [UInt8] {
        let all = Array(String(text.characters).utf8)
        var joined: [UInt8] = []
        for (index, unit) in output.units.enumerated() {
            if index > 0 { joined.append(0x0A) }
            switch unit.content {
            case .bytes(let bytes): joined += bytes
            case .text(let range, _): joined += all[range]
            case .copy: return []
            }
        }
        return joined
    }

    static func expectSameWriting<Syntax: LineSyntax>(_ text: AttributedString, syntax: Syntax) {
        var long = BodyWriter(syntax: syntax, definition: .recipeFile, lineEnding: [0x0A], map: nil, source: nil, longLineBytes: 1200)
        var whole = BodyWriter(syntax: syntax, definition: .recipeFile, lineEnding: [0x0A], map: nil, source: nil, longLineBytes: .max)
        let written = long.write(text, pieceBytes: 700)
        let reference = whole.write(text, pieceBytes: 700)
        #expect(bytes(written, text: text) == bytes(reference, text: text))
        #expect(written.problems == reference.problems)
        #expect(written.droppedFormatting == reference.droppedFormatting)
    }

    /// Long lines with markup at either end (written as they are, or
    /// escaped: then made whole), among short ones, after a code fence
    /// (inside which a long line is verbatim), in Markdown and Cooklang.
    @Test func aLongLineIsWrittenAsTheLineAtATimeWriterWritesIt() async {
        await propertyCheck(count: PropertyCases.scaled(60), input: Gen.int(in: 0 ... 1_000_000).array(of: 2 ... 12)) { codes in
            var lines: [String] = []
            for (index, code) in codes.enumerated() {
                switch code % 5 {
                case 0: lines.append("court \(index)")
                case 1: lines.append("```")
                case 2: lines.append("")
                default:
                    lines.append(Self.line(Array(codes[index...].prefix(4)), length: 1000 + code % 3000, inside: Self.inside + Self.prose))
                }
            }
            let text = AttributedString(lines.joined(separator: "\n") + (codes[0] % 2 == 0 ? "\n" : ""))
            Self.expectSameWriting(text, syntax: MarkdownSyntax())
            Self.expectSameWriting(text, syntax: CooklangSyntax())
        }
    }

    /// A long line of text is written from the text, a unit of its own, as
    /// the line-at-a-time writer writes it.
    @Test func aLongLineOfTextIsLeftInTheText() {
        let text = AttributedString("Titre\n" + String(repeating: "beurre doux ", count: 300) + "sel.\nfin")
        Self.expectSameWriting(text, syntax: MarkdownSyntax())
        var writer = BodyWriter(syntax: MarkdownSyntax(), definition: .recipeFile, lineEnding: [0x0A], map: nil, source: nil,
                                longLineBytes: 1200)
        let units = writer.write(text).units.map(\.content)
        let longLines = units.compactMap { unit -> Range<Int>? in
            if case .text(let range, _) = unit { return range }
            return nil
        }
        #expect(units.count == 3)
        #expect(longLines == [6 ..< 6 + 3604])
    }

    /// Prose whose marks Markdown reads as text where they stand (`&`, `!`,
    /// `#`, `|`, `>`, a lone `~` or `^`) is a long line of text too: written
    /// from the text, never made whole.
    @Test func aLongLineOfProseIsLeftInTheText() {
        let prose = String(repeating: "Beurre doux & sel! Page #3 | 2 > 1 ~ 3 ^ 2. ", count: 40)
        let text = AttributedString("Titre\n" + prose + "fin.\nfin")
        Self.expectSameWriting(text, syntax: MarkdownSyntax())
        var writer = BodyWriter(syntax: MarkdownSyntax(), definition: .recipeFile, lineEnding: [0x0A], map: nil, source: nil,
                                longLineBytes: 1200)
        let longLines = writer.write(text).units.compactMap { unit -> Range<Int>? in
            if case .text(let range, _) = unit.content { return range }
            return nil
        }
        #expect(longLines == [6 ..< 6 + prose.utf8.count + 4])
    }

    /// Ends that open a construct whose meaning depends on what lies between
    /// them (an HTML tag whose quotes the inside balances differently, a
    /// link's destination whose parentheses it does) are not judged apart
    /// from it: such a line is made whole and written as the line-at-a-time
    /// writer writes it (judged by its ends, it was written as it stands
    /// and read back as emphasis, or as a link).
    @Test(arguments: [("Voir <a b=\"", "\" zz ", "*em*\">"), ("[a](x(", "y", ")")])
    func endsThatReachIntoTheLineMakeItWhole(head: String, inside: String, tail: String) {
        // The head and the tail are the line's first and last 256 bytes.
        let filler = inside.contains(" ") ? String(repeating: "beurre doux ", count: 80) : String(repeating: "y", count: 960)
        let line = head + String(repeating: "x", count: 256 - head.utf8.count) + inside + filler + ")wwwwwwwwww"
            + String(repeating: "z", count: 256 - tail.utf8.count) + tail
        let text = AttributedString(line + "\nfin")
        Self.expectSameWriting(text, syntax: MarkdownSyntax())
        var writer = BodyWriter(syntax: MarkdownSyntax(), definition: .recipeFile, lineEnding: [0x0A], map: nil, source: nil,
                                longLineBytes: 1200)
        #expect(!writer.write(text).units.contains { if case .text = $0.content { true } else { false } })
    }

    /// A long line with an attribute anywhere is made whole and written with it.
    @Test func aLongLineWithFormattingIsWrittenWithIt() {
        var text = AttributedString(Self.line([4, 9], length: 3000) + "\nfin")
        let start = text.utf8.index(text.startIndex, offsetBy: 1500)
        text[start ..< text.utf8.index(start, offsetBy: 6)].bold = true
        Self.expectSameWriting(text, syntax: MarkdownSyntax())
        var writer = BodyWriter(syntax: MarkdownSyntax(), definition: .recipeFile, lineEnding: [0x0A], map: nil, source: nil,
                                longLineBytes: 1200)
        let written = Self.bytes(writer.write(text), text: text)
        #expect(String(decoding: written, as: UTF8.self).contains("**"))
    }

    @Test func theRunningChecksumIsTheChecksumOfTheBytesJoined() async {
        await propertyCheck(count: PropertyCases.scaled(300), input: Gen.int(in: 0 ... 255).array(of: 0 ... 90)) { bytes in
            let data = bytes.map { UInt8($0) }
            var running = SourceChecksum.Running(count: data.count)
            var start = 0
            for cut in bytes.map({ $0 % 11 }) where start < data.count {
                let end = min(data.count, start + cut)
                data[start ..< end].withUnsafeBytes { running.add($0) }
                start = end
            }
            data[start...].withUnsafeBytes { running.add($0) }
            #expect(running.value == SourceChecksum.of(data))
        }
    }

    /// Pieces of the text, however small, are its bytes in order, cut
    /// between characters where two ASCII ones meet and between scalars
    /// elsewhere ("\r\n" and a family emoji never split where it matters).
    @Test func piecesOfTheTextAreItsBytes() async {
        let words = ["sel ", "é", "中文", "👩‍👩‍👧", "e\u{301}", "\r\n", "\r", "\n", "a", "🇫🇷", "\u{0627}\u{0644}"]
        await propertyCheck(count: PropertyCases.scaled(300), input: Gen.int(in: 0 ... 1_000_000).array(of: 1 ... 40)) { codes in
            var text = AttributedString(codes.map { words[$0 % words.count] }.joined())
            if codes[0] % 2 == 0 { text[text.startIndex ..< text.characters.index(after: text.startIndex)].bold = true }
            let all = Array(String(text.characters).utf8)
            // Whole lines: from a line's start to a line's end.
            let starts = [0] + all.indices.filter { all[$0] == 0x0A }.map { $0 + 1 }
            let ends = all.indices.filter { all[$0] == 0x0A } + [all.count]
            let first = starts[codes[0] % starts.count]
            let last = ends.filter { $0 >= first }[codes.last.map { $0 % ends.filter { $0 >= first }.count } ?? 0]
            var pieces: [UInt8] = []
            let whole = text.forEachUTF8Piece(in: first ..< last, about: 1 + codes.count % 5) { piece in
                pieces += piece
                return true
            }
            #expect(whole)
            #expect(pieces == Array(all[first ..< last]))
        }
    }
}
