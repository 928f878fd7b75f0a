import Foundation
import PropertyBased
import RichText
import RouxTestSupport
import Testing

/// Where a name begins and ends inside a run of letters, per script: the
/// selection Ctrl-E takes (`wordRange(containing:)`) and the occurrences
/// marking finds (`TextSearch` whole words).
@Suite("Words written together")
struct WrittenTogetherTests {
    /// The markup's selection grown as Ctrl-E grows it, in brackets.
    static func grown(_ markup: String) throws -> String {
        let document = try SelectionMarkup.document(markup)
        let characters = document.text.characters
        let range = characters.wordRange(containing: document.selection.primary.bounds)
        return String(characters[..<range.lowerBound]) + "[" + String(characters[range]) + "]"
            + String(characters[range.upperBound...])
    }

    @Test(arguments: [
        // Spaces between words: a cut word grows whole.
        ("Add f[our|] eggs", "Add [four] eggs"),
        ("Du [beu|]rre", "Du [beurre]"),
        ("сл[ивочн|]ое масло", "[сливочное] масло"),
        ("το α[λάτ|]ι", "το [αλάτι]"),
        // Hebrew: after prefix letters the selection stays; else it grows.
        ("ממלאים ב[ריבה|] ומפזרים", "ממלאים ב[ריבה] ומפזרים"),
        ("וה[מלח|]", "וה[מלח]"),
        ("ר[יבה|]", "[ריבה]"),
        ("[מלח|]מה", "[מלחמה]"),
        ("שוקולדר[יבה|]", "[שוקולדריבה]"),
        // Arabic: و ف, ب ك ل, ال before the word.
        ("و[ملح|]", "و[ملح]"),
        ("بال[ملح|]", "بال[ملح]"),
        ("لل[ملح|]", "لل[ملح]"),
        ("م[لح|]", "[ملح]"),
        ("[ملح|]مة", "[ملحمة]"),
        // Written without spaces: as selected.
        ("[フライパン|]で丸く焼き", "[フライパン]で丸く焼き"),
        ("[卵|]と砂糖", "[卵]と砂糖"),
        ("把鸡蛋和[盐|]混合", "把鸡蛋和[盐]混合"),
        ("ใส่[ไข่|]และ", "ใส่[ไข่]และ"),
        // Never inside a Thai syllable: not after a vowel written first.
        ("และเ[กลือ|]", "และ[เกลือ]"),
        // Korean: particles after the word; its start grows.
        ("[김치|]를", "[김치]를"),
        ("김[치|]를", "[김치]를"),
    ])
    func theSelectionCtrlETakes(_ markup: String, _ expected: String) throws {
        #expect(try Self.grown(markup) == expected)
    }

    /// The needle's matches as whole words, in brackets.
    static func found(_ needle: String, in text: String) -> String {
        var result = ""
        var last = 0
        let bytes = Array(text.utf8)
        for match in TextSearch(needle, caseInsensitive: true, wholeWords: true).matches(in: text) {
            result += String(decoding: bytes[last ..< match.lowerBound], as: UTF8.self) + "["
                + String(decoding: bytes[match], as: UTF8.self) + "]"
            last = match.upperBound
        }
        return result + String(decoding: bytes[last...], as: UTF8.self)
    }

    @Test(arguments: [
        ("sel", "sel, selle, gros sel", "[sel], selle, gros [sel]"),
        ("ריבה", "בריבה, הריבה, וכשהריבה, ריבות, שוקולדריבה", "ב[ריבה], ה[ריבה], וכשה[ריבה], ריבות, שוקולדריבה"),
        ("מלח", "מלח, המלח, מלחמה, הַמלח", "[מלח], ה[מלח], מלחמה, הַ[מלח]"),
        ("ملح", "وملح، بالملح، للملح، ملحمة، سملح", "و[ملح]، بال[ملح]، لل[ملح]، ملحمة، سملح"),
        ("卵", "卵と砂糖、卵を割る", "[卵]と砂糖、[卵]を割る"),
        ("盐", "把鸡蛋和盐混合", "把鸡蛋和[盐]混合"),
        ("ไข่", "ใส่ไข่และตีไข่", "ใส่[ไข่]และตี[ไข่]"),
        ("ไข", "ใส่ไข่", "ใส่ไข่"),
        ("กลือ", "ใส่เกลือ", "ใส่เกลือ"),
        ("น้", "น้ำตาล", "น้ำตาล"),
        ("김치", "김치를, 배추김치", "[김치]를, 배추김치"),
    ])
    func occurrencesMarkingFinds(_ needle: String, _ text: String, _ expected: String) {
        #expect(Self.found(needle, in: text) == expected)
    }

    /// Letters, marks and syllable parts of the scripts concerned, and Latin.
    static let pieces = [
        "ก", "ำ", "\u{E48}", "เ", "ไข่", "卵", "と", "か", "\u{3099}", "ー", "フ", "ש", "\u{5B8}", "ב", "ה", "ו", "ل", "ا", "و",
        "\u{64E}", "م", "\u{1100}", "\u{1161}", "\u{11A8}", "김", "치", "ក", "\u{17D2}", "မ", "\u{103A}", "a", "e", "\u{301}", " ",
    ]

    /// A match of marking's search never begins or ends inside a grapheme
    /// (a syllable, a letter with its marks), in any mix of these scripts.
    @Test func matchesBeginAndEndBetweenGraphemes() async {
        await propertyCheck(count: PropertyCases.scaled(400), input: Gen.int(in: 0 ... 100_000).array(of: 2 ... 30)) { codes in
            // A letter is always there to start the needle with (a name starts with one).
            let text = "卵" + codes.dropFirst().map { Self.pieces[$0 % Self.pieces.count] }.joined()
            let characters = Array(text)
            var boundaries: Set<Int> = [0]
            var offset = 0
            for character in characters {
                offset += character.utf8.count
                boundaries.insert(offset)
            }
            // The needle: a few graphemes of the text, from one that starts with a letter.
            let starts = characters.indices.filter { characters[$0].unicodeScalars.first?.properties.generalCategory == .otherLetter
                || characters[$0].unicodeScalars.first?.properties.generalCategory == .lowercaseLetter }
            let start = starts[codes[0] % starts.count]
            let length = 1 + codes[0] / 7 % 3
            let needle = String(characters[start ..< min(characters.count, start + length)])
            for match in TextSearch(needle, wholeWords: true).matches(in: text) {
                #expect(boundaries.contains(match.lowerBound) && boundaries.contains(match.upperBound),
                        "\(needle.unicodeScalars.map { String($0.value, radix: 16) }) in \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
    }
}
