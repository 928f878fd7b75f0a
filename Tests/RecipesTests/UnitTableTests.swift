import Foundation
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
}
