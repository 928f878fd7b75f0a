import RouxTestSupport
import Foundation
import PropertyBased
import Recipes
import RecipeFormats
import RichText
import Testing

@Suite("Units, totals and scaling")
struct QuantityArithmeticTests {
    static func total(_ texts: String...) -> [String] {
        Quantity.total(texts.map { Quantity(parsing: $0) }).map(\.description)
    }

    static func scaled(_ text: String, _ factor: Double) -> String {
        Quantity(parsing: text).scaled(by: factor).description
    }

    /// A unit written in Hebrew stays Hebrew when scaled or added, its
    /// plural following the amount (it became `4 כף`, `800 g`).
    @Test(arguments: [
        ("2 כפות", 2.0, "4 כפות"), ("1 כף", 2.0, "2 כפות"), ("2 כפות", 0.5, "1 כף"), ("400 גרם", 2.0, "800 גרם"),
        ("1 ק\"ג", 2.0, "2 ק\"ג"), ("400 מ\"ל", 2.0, "800 מ\"ל"), ("1 כוס", 3.0, "3 כוסות"), ("600 גרם", 2.0, "1.2 ק\"ג"),
        ("2 tbsp", 2.0, "1/4 cup"), ("400 g", 2.0, "800 g"),
    ])
    func aUnitWrittenInHebrewStaysHebrew(_ written: String, _ factor: Double, _ expected: String) {
        #expect(Self.scaled(written, factor) == expected)
    }

    /// Every unit of a dimension converts to the others and back: a
    /// quantity of it plus nothing else, added to one of another unit worth
    /// the same, gives twice the value whichever comes first.
    @Test func everyConversionGoesBothWays() {
        let table = UnitTable.standard
        let dimensional = table.table.filter { $0.dimension != nil }
        #expect(dimensional.count >= 18)
        for first in dimensional {
            for second in dimensional where second.dimension == first.dimension {
                let amount = String(format: "%.12f", first.inBase / second.inBase)
                let pair = [Quantity(amount: "1", unit: first.name), Quantity(amount: amount, unit: second.name)]
                let forward = Quantity.total(pair)
                let backward = Quantity.total(pair.reversed())
                #expect(forward.count == 1, "\(first.name) + \(second.name)")
                #expect(forward == backward, "\(first.name) + \(second.name)")
                if let total = forward.first, let unit = total.unit.flatMap(table.unit(named:)), let value = total.value {
                    let grams = value * unit.inBase
                    #expect(abs(grams - 2 * first.inBase) <= 0.03 * 2 * first.inBase, "\(first.name) + \(second.name) = \(total)")
                }
            }
        }
    }

    @Test func theIssuesTotals() {
        #expect(Self.total("700 g", "0.5 kg") == ["1.2 kg"])
        #expect(Self.total("500 g", "1 kg") == ["1.5 kg"])
        #expect(Self.total("350 ml", "1 l") == ["1.35 l"])
        #expect(Self.total("250 ml", "1 l") == ["1.25 l"])
        #expect(Self.total("1 tbsp", "1 Tbsp") == ["2 tbsp"])
        #expect(Self.total("1 cup", "2 cups") == ["3 cups"])
        #expect(Self.total("1/4 cup", "100 g", "0.5 cup") == ["3/4 cup", "100 g"])
        #expect(Self.total("1/2 tsp", "½ tsp", "1 tbsp") == ["1 1/3 tbsp"])
        #expect(Self.total("1,5 kg", "500 g") == ["2 kg"])
    }

    @Test func spoonsBecomeCupsOnlyInFractionsCupsAreMeasuredIn() {
        #expect(Self.total("2 tbsp", "2 tbsp") == ["1/4 cup"])
        #expect(Self.total("3 tbsp", "3 tbsp") == ["6 tbsp"])
        // No spoon measures 1 1/3 tbsp: the author's teaspoons stay.
        #expect(Self.total("2 tsp", "2 tsp") == ["4 tsp"])
        #expect(Self.total("1 tsp", "1 tsp") == ["2 tsp"])
        #expect(Self.total("1 cup", "8 tbsp") == ["1 1/2 cups"])
    }

    /// A US sum no cook could measure in one unit (1.04 cups) is said in the
    /// units it was measured in, each added up; metric sums stay decimals.
    @Test func aSumNoCupMeasuresKeepsItsUnits() {
        #expect(Self.total("1 cup", "2 tsp") == ["1 cup + 2 tsp"])
        #expect(Self.total("2 tsp", "1 cup") == ["1 cup + 2 tsp"])
        #expect(Self.total("1 cup", "7 tbsp") == ["1 cup + 7 tbsp"])
        #expect(Self.total("1 1/2 tsp", "2 tsp") == ["3 1/2 tsp"])
        #expect(Self.total("1 lb", "7 oz", "1/2 oz") == ["1 lb + 7 1/2 oz"])
        #expect(Self.total("1 cup", "1 tsp") == ["1 cup + 1 tsp"], "1.02 cups rounds to no fraction")
        #expect(Self.total("1 cup", "11 tbsp") == ["1 cup + 11 tbsp"], "not 1 2/3 cups, a teaspoon short")
        #expect(Self.total("1 kg", "7 g") == ["1.01 kg"])
        #expect(Self.total("1-2 cups", "2 tsp") == ["1.04-2.04 cups"], "a range stays one")
    }

    @Test func otherUnitsAddOnlyToThemselves() {
        #expect(Self.total("2 cloves", "1 clove") == ["3 cloves"])
        #expect(Self.total("2 gousses", "1 pincée") == ["2 gousses", "1 pincée"])
        #expect(Self.total("2", "3") == ["5"])
        #expect(Self.total("a pinch", "2", "a pinch") == ["2", "a pinch"])
        // A word the unit table does not know, and one it knows (sprig).
        #expect(Self.total("1 twig", "2 Twig") == ["3 twig"])
        #expect(Self.total("1 sprig", "2 Sprig") == ["3 sprigs"])
    }

    @Test func metricAndUSMassesMeetInMetric() {
        #expect(Self.total("1 lb", "8 oz") == ["1 1/2 lbs"])
        #expect(Self.total("1 lb", "100 g") == ["554 g"])
        #expect(Self.total("1 cup", "250 ml") == ["487 ml"])
    }

    @Test func oneQuantityIsShownAsWritten() {
        #expect(Self.total("1/8 cup") == ["1/8 cup"])
        #expect(Self.total("1500 g") == ["1500 g"])
        #expect(Self.scaled("1500 g", 1) == "1500 g")
    }

    @Test func scalingKeepsFractionsWhereCooksUseThem() {
        #expect(Self.scaled("1/3 cup", 1.5) == "1/2 cup")
        #expect(Self.scaled("1/4 cup", 0.25) == "1 tbsp")
        #expect(Self.scaled("3", 1.5) == "4 1/2")
        #expect(Self.scaled("1 cup", 1 / 3) == "1/3 cup")
        // The author's spoons stay where another unit needs a fraction no
        // measure has; a measurable one is taken (found on real recipes).
        #expect(Self.scaled("4 tsp", 2) == "8 tsp")
        #expect(Self.scaled("2 tbsp", 2) == "1/4 cup")
        #expect(Self.scaled("32 oz", 2) == "4 lbs")
        #expect(Self.scaled("100 g", 1 / 3) == "33.3 g")
        #expect(Self.scaled("600 g", 2) == "1.2 kg")
        #expect(Self.scaled("2 cloves", 0.5) == "1 clove")
    }

    @Test func fixedQuantitiesAndWordsDoNotScaleButRangesDo() {
        #expect(Quantity(amount: "1", unit: "tsp", isFixed: true).scaled(by: 3).description == "1 tsp")
        #expect(Self.scaled("a pinch", 2) == "a pinch")
        #expect(Self.scaled("2-3", 2) == "4-6")
        #expect(Self.scaled("2-3 cups", 0.5) == "1-1 1/2 cups")
        #expect(Quantity(amount: "4 1/2 to 5", unit: "cups").scaled(by: 2).description == "9-10 cups")
        #expect(Self.total("1 tsp", "1/8 to 1/4 tsp") == ["1 1/8-1 1/4 tsp"])
        // Tryout 2 #23: one range, one number style (it was "8 3/4-13.1").
        #expect(Self.scaled("2-3", 4.375) == "8.75-13.1")
        #expect(Self.scaled("2-3", 1.5) == "3-4 1/2")
    }

    /// tryout3 #2: a range of spoons whose low end no tablespoon measures
    /// stays in the teaspoons it was written in (not `0.833-1 tbsp`).
    @Test func aSpoonRangeStaysInSpoonsAMeasureHolds() {
        #expect(Self.total("1/2-1 tsp", "2 tsp") == ["2 1/2-3 tsp"])
        #expect(Self.scaled("1/4-1/2 tsp", 10) == "2 1/2-5 tsp")
        #expect(Self.total("1/2 tsp", "2 1/2 tsp") == ["1 tbsp"])
    }

    /// Fractions where a measure exists (cups, spoons), decimals elsewhere,
    /// and nothing written lost to rounding (found on real recipes).
    @Test func scaledDecimalsStayDecimalsWhereNoMeasureHasTheFraction() {
        #expect(Self.scaled("3.4 oz", 2) == "6.8 oz", "not 6 3/4 oz")
        #expect(Self.scaled("0.7 cup", 2) == "1.4 cups", "not 1 3/8 cups")
        #expect(Self.scaled("1 lb", 1.5) == "1 1/2 lbs")
        #expect(Self.scaled("1/3 cup", 1.75) == "9 1/3 tbsp")
        #expect(Self.scaled("2 cloves", 0.7) == "1.4 cloves")
        #expect(Self.total("1/8 tsp", "1 cup") == ["1 cup + 1/8 tsp"], "the 1/8 tsp is not lost, and 1 is no plural")
        #expect(Self.total("1 lb", "3.4 oz", "3.4 oz") == ["1 lb + 6.8 oz"])
        #expect(Self.total("1 cup", "0.7 cup") == ["1.7 cups"])
    }

    /// A scaled quantity never says a value further from the exact one
    /// than a measure holds (1%) or the decimal rounds (0.5%).
    @Test func scaledValuesStayWithinTheKitchensRounding() async {
        let factors = [0.5, 1.5, 2, 3, 0.25, 4.0 / 3, 6, 0.7, 1.1, 1.75, 2.2]
        await propertyCheck(count: 400, input: zip(Self.quantities, Gen.int(in: 0 ... 10))) { quantities, pick in
            let factor = factors[pick]
            for quantity in quantities {
                let scaled = quantity.scaled(by: factor)
                let original = try #require(Self.base(quantity))
                let shown = try #require(Self.base(scaled), "\(quantity) × \(factor) → \(scaled) lost its number")
                #expect(abs(shown - original * factor) <= 0.01 * original * factor + 1e-9, "\(quantity) × \(factor) → \(scaled)")
            }
        }
    }

    @Test func kitchenNumbersAreRounded() {
        #expect(KitchenNumber.decimal(1.0 / 3) == "0.333")
        #expect(KitchenNumber.decimal(1.25) == "1.25")
        #expect(KitchenNumber.decimal(12.04) == "12")
        #expect(KitchenNumber.decimal(333.33) == "333")
        #expect(KitchenNumber.fraction(0.3333333, eighths: true) == "1/3")
        #expect(KitchenNumber.fraction(2.5, eighths: false) == "2 1/2")
        #expect(KitchenNumber.fraction(0.99, eighths: false) == "1")
        #expect(KitchenNumber.fraction(0.05, eighths: true) == nil)
    }

    /// A quantity's amount as a number of its dimension's base unit (or
    /// of itself), for comparing results that print differently.
    static func base(_ quantity: Quantity) -> Double? {
        guard let value = quantity.value else { return nil }
        return value * (quantity.unit.flatMap(UnitTable.standard.unit(named:))?.inBase ?? 1)
    }

    static let units = ["g", "kg", "ml", "l", "cup", "tbsp", "tsp", "oz", "lb", "cl", "clove", ""]
    static let quantities = Gen.int(in: 1 ... 40).array(of: 1 ... 6).map { codes in
        codes.map { code in
            Quantity(amount: String(Double(code) / 4), unit: units[code % units.count].isEmpty ? nil : units[code % units.count])
        }
    }

    @Test func addingInAnyOrderGivesTheSameTotal() async {
        await propertyCheck(count: PropertyCases.scaled(400), input: Self.quantities) { quantities in
            let forward = Quantity.total(quantities)
            let backward = Quantity.total(quantities.reversed())
            #expect(forward.count == backward.count)
            // Sorted by what they say: a sum kept in its units (`1 cup + 2 tsp`) has no unit of its own.
            for (one, other) in zip(forward.sorted { $0.description < $1.description },
                                    backward.sorted { $0.description < $1.description }) {
                #expect(one == other, "\(quantities)")
            }
        }
    }

    @Test func scalingByAFactorThenItsInverseGivesTheOriginalBack() async {
        let factors = [0.5, 1.5, 2, 3, 0.25, 4.0 / 3, 6]
        await propertyCheck(count: PropertyCases.scaled(400), input: zip(Self.quantities, Gen.int(in: 0 ... 6))) { quantities, pick in
            let factor = factors[pick]
            for quantity in quantities {
                let back = quantity.scaled(by: factor).scaled(by: 1 / factor)
                guard let original = Self.base(quantity), let returned = Self.base(back) else {
                    Issue.record("\(quantity) × \(factor) → \(quantity.scaled(by: factor)) → \(back) lost its number")
                    continue
                }
                // Rounded to what a kitchen measures at each step: within 3%.
                #expect(abs(returned - original) <= 0.03 * original,
                        "\(quantity) × \(factor) → \(quantity.scaled(by: factor)) → \(back)")
            }
        }
    }
}

@Suite("Ingredient names")
struct IngredientNameTests {
    @Test(arguments: [("egg", "eggs"), ("tomato", "tomatoes"), ("oeuf", "oeufs"), ("Mehl", "mehl"), ("berry", "berries"),
                      ("chou", "choux"), ("gâteau", "gâteaux"), ("pâte d'amande", "pâte d’amande"), ("peach", "peaches"),
                      ("crème", "cre\u{300}me"), ("Tomate", "tomates"), ("pomme de terre", "pommes de terre")])
    func namesThatAreTheSameItem(one: String, other: String) {
        #expect(IngredientName.key(one) == IngredientName.key(other))
    }

    @Test(arguments: [("egg", "eggplant"), ("crème", "creme"), ("bass", "bas"), ("pea", "peach")])
    func namesThatAreNot(one: String, other: String) {
        #expect(IngredientName.key(one) != IngredientName.key(other))
    }

    @Test func pluralsMarkingLooksFor() {
        #expect(TextSearch.plurals(of: "egg") == ["eggs"])
        #expect(TextSearch.plurals(of: "tomato") == ["tomatos", "tomatoes"])
        #expect(TextSearch.plurals(of: "berry") == ["berrys", "berries"])
        #expect(TextSearch.plurals(of: "chou") == ["chous", "choux"])
        #expect(TextSearch.plurals(of: "noix") == [])
    }
}

@Suite("Shopping list")
struct ShoppingListTests {
    static func source(_ name: String, _ cooklang: String, factor: Double = 1) -> ShoppingList.Source {
        ShoppingList.Source(name: name, recipe: CooklangFormat.parse(cooklang), factor: factor)
    }

    @Test func sameItemsMergeAcrossUnitsPluralsAndRecipes() {
        let list = ShoppingList(sources: [
            Self.source("Crêpes", "@farine{700%g} @lait{350%ml} @œufs{2}\n"),
            Self.source("Gâteau", "@Farine{0.5%kg} @lait{1%l} @œuf{1} @sel\n"),
        ])
        #expect(list.items.map(\.name) == ["farine", "lait", "œufs", "sel"])
        #expect(list.items.map(\.quantities) == [["1.2 kg"], ["1.35 l"], ["3"], []])
        #expect(list.items[0].recipes == ["Crêpes", "Gâteau"])
    }

    @Test func oneRecipeUsingAnIngredientTwiceIsOneSource() {
        let list = ShoppingList(sources: [Self.source("Pancakes", "@flour{1/4%cup} @flour{100%g} @flour{0.5%cup}\n")])
        #expect(list.items.map(\.quantities) == [["3/4 cup", "100 g"]])
        #expect(list.items[0].recipes == ["Pancakes"])
    }

    @Test func eachRecipeScalesByItsOwnFactor() {
        let list = ShoppingList(sources: [
            Self.source("A", "@flour{1/3%cup} @salt{=1%tsp}\n", factor: 1.5),
            Self.source("B", "@flour{1/4%cup}\n", factor: 2),
        ])
        #expect(list.items.map(\.quantities) == [["1 cup"], ["1 tsp"]])
    }

    @Test func aislesGroupAndThePantryIsSetApart() {
        let aisles = AisleTable(contents: "[produce]\ntomato|tomates\n\n[dairy]\nmilk\nbutter|beurre\n")
        let pantry = Pantry(contents: "[spices]\nsalt = \"1%kg\"\nblack_pepper = { quantity = \"1%jar\" }\n")
        let list = ShoppingList(sources: [Self.source("R", "@salt @beurre{10%g} @bread @tomatoes{2} @black pepper{} @milk{1%l}\n")],
                                aisles: aisles, pantry: pantry)
        // Listed items take the aisle file's first spelling and its order.
        #expect(list.items.map(\.name) == ["tomato", "milk", "butter", "bread", "salt", "black pepper"])
        #expect(list.items.map(\.aisle) == ["produce", "dairy", "dairy", nil, nil, nil])
        #expect(list.items.map(\.atHome) == [false, false, false, false, true, true])
    }
}
