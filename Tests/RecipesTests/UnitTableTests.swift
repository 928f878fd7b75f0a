import Foundation
import PropertyBased
import RouxTestSupport
import Recipes
import Testing

@Suite("Units")
struct UnitTableTests {
    @Test func theCompiledInTableIsResourcesUnitsTxt() throws {
        let file = UnitTable(contents: try contents(of: "Resources/units.txt"))
        #expect(file.units == UnitTable.standard.units)
        #expect(file.alsoIngredients == UnitTable.standard.alsoIngredients)
        #expect(file.alsoIngredients == ["noix"])
    }

    @Test(arguments: [("250 g", 250.0), ("1/2", 0.5), ("1 1/2", 1.5), ("0,5", 0.5), ("½", 0.5), ("2-3", 3.0), ("1½", 1.5)])
    func quantitiesHaveValues(text: String, value: Double) {
        #expect(Quantity(parsing: text).value == value)
    }

    @Test func aQuantityThatIsNotANumberKeepsItsText() {
        let quantity = Quantity(parsing: "a few")
        #expect(quantity.description == "a few")
        #expect(quantity.value == nil)
    }

    @Test func longerSpellingsWin() throws {
        let (unit, rest) = try #require(UnitTable.standard.match(prefixOf: "fl oz milk"))
        #expect(unit == "fl oz")
        #expect(rest == " milk")
        #expect(UnitTable.standard.match(prefixOf: "grosse") == nil, "a unit is a whole word")
    }

    /// `match(prefixOf:)` passes over spellings on their first byte: it
    /// finds what comparing every spelling in any case finds, for spellings
    /// in mixed case, with words, letters, accents and other scripts after them.
    @Test func aUnitIsFoundAsEverySpellingComparedFindsIt() async {
        let table = UnitTable.standard
        let spellings = table.units.flatMap { $0 }.sorted { $0.count > $1.count }
        func compared(_ text: Substring) -> (String, Substring)? {
            for spelling in spellings {
                let matches = spelling.count == 1 ? text.hasPrefix(spelling) : text.prefix(spelling.count).lowercased() == spelling.lowercased()
                let rest = text.dropFirst(spelling.count)
                if matches, !(rest.first.map { $0.isLetter || $0.isNumber } ?? false) { return (String(text.prefix(spelling.count)), rest) }
            }
            return nil
        }
        let pieces = spellings + ["", " ", "  milk", "s", "x", ".", "É", "é", "e\u{301}", "ß", "µ", "İ", "Σ", "g", "G", "1", "½", "כוס", "杯", "-"]
        let input = Gen.int(in: 0 ..< pieces.count).array(of: 1 ... 4)
        let cases = Gen.int(in: 0 ... 3).array(of: 4 ... 4)
        await propertyCheck(count: PropertyCases.scaled(2000), input: input, cases) { indices, cases in
            let text = zip(indices, cases).map { index, shape in
                let piece = pieces[index]
                return shape == 0 ? piece.uppercased() : shape == 1 ? piece.capitalized : piece
            }.joined()
            let found = table.match(prefixOf: Substring(text))
            let expected = compared(Substring(text))
            #expect(found?.0 == expected?.0 && found?.1 == expected?.1, "\(text)")
        }
    }
}
