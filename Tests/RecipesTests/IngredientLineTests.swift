import Foundation
import Recipes
import Testing

/// Ingredient lines as cooks write them, read into quantity, unit, name and note.
@Suite("Ingredient lines")
struct IngredientLineTests {
    /// A line and what it reads as: amount, unit (as written), name, note.
    struct Case: CustomTestStringConvertible, Sendable {
        var line: String
        var amount: String?
        var unit: String?
        var name: String
        var note: String?

        init(_ line: String, _ amount: String?, _ unit: String?, _ name: String, _ note: String? = nil) {
            self.line = line
            self.amount = amount
            self.unit = unit
            self.name = name
            self.note = note
        }

        var testDescription: String { line }
    }

    static let english: [Case] = [
        Case("200 g flour", "200", "g", "flour"),
        Case("2 eggs", "2", nil, "eggs"),
        Case("1 cup (240 ml) milk, warmed", "1", "cup", "milk", "warmed"),
        Case("1½ c. sugar", "1½", "c", "sugar"),
        Case("2-3 cloves garlic, minced", "2-3", "cloves", "garlic", "minced"),
        Case("a pinch of salt", "1", "pinch", "salt"),
        Case("10g/½oz tarragon", "10", "g", "tarragon"),
        Case("1 1/2 cups all-purpose flour", "1 1/2", "cups", "all-purpose flour"),
        Case("1-1/2 tsp baking soda", "1 1/2", "tsp", "baking soda"),
        Case("1 ½ tbsp. olive oil", "1 ½", "tbsp", "olive oil"),
        Case("1⁄2 teaspoon vanilla extract", "1/2", "teaspoon", "vanilla extract"),
        Case("1 to 2 tablespoons honey", "1-2", "tablespoons", "honey"),
        Case("2 or 3 carrots", "2-3", nil, "carrots"),
        Case("2–3 shallots", "2-3", nil, "shallots"),
        Case("3 large eggs, beaten", "3", nil, "eggs", "large, beaten"),
        Case("1 cup packed brown sugar", "1", "cup", "brown sugar", "packed"),
        Case("2 (14 oz) cans diced tomatoes", "2", "cans", "tomatoes", "14 oz, diced"),
        Case("1 onion, finely chopped", "1", nil, "onion", "finely chopped"),
        Case("½ cup butter (1 stick), softened", "½", "cup", "butter", "1 stick, softened"),
        Case("two lemons", "2", nil, "lemons"),
        Case("an egg", "1", nil, "egg"),
        Case("1,500 g potatoes", "1500", "g", "potatoes"),
        Case("Salt and pepper to taste", nil, nil, "Salt and pepper", "to taste"),
        Case("Olive oil, for frying", nil, nil, "Olive oil", "for frying"),
        Case("pinch of nutmeg", "1", "pinch", "nutmeg"),
        Case("- 200 g flour", "200", "g", "flour"),
        Case("* 2 eggs", "2", nil, "eggs"),
        Case("1. 100 ml cream", "100", "ml", "cream"),
        Case("- [ ] 4 apples", "4", nil, "apples"),
        Case("1.5 cups whole milk", "1.5", "cups", "whole milk"),
        Case("1 egg to glaze", "1", nil, "egg", "to glaze"),
        Case("225.0g smoked tofu drained", "225.0", "g", "smoked tofu", "drained"),
        Case("1 stick butter 110 gr", "1", "stick", "butter", "110 gr"),
        Case("1 (14-ounce) can sweetened condensed milk", "1", "can", "sweetened condensed milk", "14 ounce"),
        Case("2 3oz packages raspberry Jell-O", "2", "packages", "raspberry Jell-O", "3oz"),
        Case("arrowroot starch: 15 g", "15", "g", "arrowroot starch"),
    ]

    static let french: [Case] = [
        Case("une pincée de sel", "1", "pincée", "sel"),
        Case("250 g de beurre doux", "250", "g", "beurre doux"),
        Case("3 gousses d'ail", "3", "gousses", "ail"),
        Case("2 c. à soupe d’huile d'olive", "2", "c. à soupe", "huile d'olive"),
        Case("1 c. à café de sel", "1", "c. à café", "sel"),
        Case("1,5 kg de pommes de terre", "1,5", "kg", "pommes de terre"),
        Case("2 à 3 échalotes, émincées", "2-3", nil, "échalotes", "émincées"),
        Case("20 cl de crème liquide (entière)", "20", "cl", "crème liquide", "entière"),
        Case("farine de blé", nil, nil, "farine de blé"),
        Case("3 noix", "3", nil, "noix"),
        Case("Poivre du moulin, selon le goût", nil, nil, "Poivre du moulin", "selon le goût"),
        Case("Farine de blé : 70 g", "70", "g", "Farine de blé"),
        Case("Beurre - 25 grammes", "25", "grammes", "Beurre"),
        Case("Sel fin : 8 pincée(s)", "8", "pincée", "Sel fin"),
        Case("2 pièce(s) Baguette", "2", "pièce", "Baguette"),
    ]

    static let german: [Case] = [
        Case("2 EL Mehl", "2", "EL", "Mehl"),
        Case("1 TL Salz", "1", "TL", "Salz"),
        Case("eine Prise Zucker", "1", "Prise", "Zucker"),
        Case("500 g Kartoffeln, geschält", "500", "g", "Kartoffeln", "geschält"),
        Case("2 bis 3 Zehen Knoblauch", "2-3", "Zehen", "Knoblauch"),
        Case("1 Bund Petersilie", "1", "Bund", "Petersilie"),
        Case("200 ml Sahne", "200", "ml", "Sahne"),
        Case("Mehl zum Bestäuben", nil, nil, "Mehl", "zum Bestäuben"),
        Case("etwas Knoblauch", "etwas", nil, "Knoblauch"),
        Case("5 El El Olivenöl", "5", "El", "Olivenöl"),
        Case("1 Prise(n) Pfeffer", "1", "Prise", "Pfeffer"),
    ]

    static let spanishAndHebrew: [Case] = [
        Case("2 cucharadas de azúcar", "2", "cucharadas", "azúcar"),
        Case("200 g de harina", "200", "g", "harina"),
        Case("una pizca de sal", "1", "pizca", "sal"),
        Case("½ כוס סוכר", "½", "כוס", "סוכר"),
        Case("2 כפות שמן", "2", "כפות", "שמן"),
        Case("4 שיני שום", "4", "שיני", "שום"),
        Case("200 גרם קמח", "200", "גרם", "קמח"),
    ]

    @Test(arguments: english + french + german + spanishAndHebrew)
    func readsTheLine(_ expected: Case) throws {
        let line = try #require(IngredientLine(expected.line))
        #expect(line.quantity?.amount == expected.amount)
        #expect(line.quantity?.unit == expected.unit)
        #expect(line.name == expected.name)
        #expect(line.note == expected.note)
        // The name is the line's own text, where it says it is.
        #expect(String(expected.line[line.nameRange]) == expected.name)
    }

    @Test(arguments: [("1½ c. sugar", 1.5), ("2-3 cloves garlic", 3.0), ("1 1/2 cups flour", 1.5), ("1,5 kg sel", 1.5),
                      ("⅔ cup milk", 2.0 / 3), ("2 to 3 eggs", 3.0), ("1-1/2 tsp salt", 1.5)])
    func amountsAreNumbers(line: String, value: Double) throws {
        let quantity = try #require(IngredientLine(line)?.quantity)
        let number = try #require(quantity.value)
        #expect(abs(number - value) < 1e-9)
    }

    @Test func aSecondQuantityInAnotherUnitIsKeptApart() throws {
        let line = try #require(IngredientLine("10g/½oz tarragon"))
        #expect(line.alternative == Quantity(amount: "½", unit: "oz"))
        let parenthesised = try #require(IngredientLine("1 cup (about 240 ml) milk"))
        #expect(parenthesised.alternative == Quantity(amount: "240", unit: "ml"))
        #expect(parenthesised.note == nil)
    }

    @Test(arguments: ["", "   ", "200 g", "- ", "½", "2 cups,"])
    func aLineWithoutANameIsNoIngredient(line: String) {
        #expect(IngredientLine(line) == nil)
    }

    @Test func wordsThatLookLikeNumbersOrUnitsInsideANameStayInIt() throws {
        #expect(IngredientLine("Tarragon leaves")?.name == "Tarragon leaves")
        #expect(IngredientLine("10-inch pie crust")?.name == "10-inch pie crust")
        #expect(IngredientLine("oranges")?.quantity == nil)
        #expect(IngredientLine("A")?.name == "A")
    }
}
