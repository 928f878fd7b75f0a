import Foundation
import PropertyBased
@testable import Recipes
import RichText
import RouxTestSupport
import Testing

/// Ctrl-E searches a large text a piece at a time, each cut after a line
/// break, instead of as one String: it must find exactly what one search of
/// the whole text finds, wherever the cuts fall.
@Suite("Searching what to mark in pieces")
struct MarkingSearchTests {
    static let lines = ["Step 1: the eggs and one egg.", "Crème, cre\u{300}me et CRÈME 👩‍🍳 egg", "", "eggegg egg's", "שמן egg",
                        "a long line of egg egg egg egg egg egg egg egg egg egg egg egg egg egg egg egg egg", "egg\r", "e\u{301}gg egg"]

    @Test func anyPieceSizeFindsWhatOneSearchFinds() async {
        await propertyCheck(count: PropertyCases.scaled(80), input: Gen.int(in: 0 ... 1_000_000), Gen.int(in: 1 ... 120)) { seed, pieceBytes in
            var generator = seed
            let text = (0 ..< 40).map { _ in
                generator = (generator &* 1_103_515_245 &+ 12345) & 0x7FFF_FFFF
                return Self.lines[generator % Self.lines.count]
            }.joined(separator: "\n")
            for name in ["egg", "crème", "Step"] {
                let whole = Recipe.matches(of: name, in: text)
                let pieces = Recipe.matches(of: name, inPiecesOf: AttributedString(text), pieceBytes: pieceBytes)
                #expect(pieces == whole, "\(name), pieces of \(pieceBytes) bytes")
            }
        }
    }
}
