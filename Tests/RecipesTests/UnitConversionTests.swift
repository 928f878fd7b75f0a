import Foundation
import PropertyBased
import Recipes
import RouxTestSupport
import Testing

/// Quantities in the other system of units, rounded as a kitchen measures,
/// and volume to mass only through the densities.
@Suite("Units the cook uses")
struct UnitConversionTests {
    static func shown(_ text: String, in system: UnitSystem, of ingredient: String? = nil) -> String {
        UnitConversion(to: system).converted(Quantity(parsing: text), ingredient: ingredient).description
    }

    @Test(arguments: [
        ("250 g", "8.8 oz"), ("1 kg", "2.2 lbs"), ("500 g", "1.1 lbs"), ("10 g", "0.35 oz"), ("454 g", "1 lb"),
        ("240 ml", "1 cup"), ("100 ml", "7 tbsp"), ("500 ml", "2 1/8 cups"), ("1 l", "4 1/4 cups"), ("2 l", "8 1/2 cups"),
        ("5 ml", "1 tsp"), ("1 c. à soupe", "1 tbsp"), ("2 EL", "2 tbsp"), ("1 cucharadita", "1 tsp"), ("25 cl", "1 cup"),
        ("1,5 kg", "3.3 lbs"), ("80 ml", "1/3 cup"), ("2-3 dl", "7/8-1 1/4 cups"),
    ])
    func metricToUS(_ written: String, _ expected: String) {
        #expect(Self.shown(written, in: .us) == expected)
    }

    @Test(arguments: [
        ("1 cup", "240 ml"), ("1/2 cup", "120 ml"), ("1/3 cup", "80 ml"), ("1/4 cup", "60 ml"), ("2 cups", "470 ml"),
        ("4 cups", "950 ml"), ("1 quart", "950 ml"), ("1 gallon", "3.8 l"), ("1 fl oz", "30 ml"), ("1 taza", "240 ml"),
        ("1 lb", "455 g"), ("8 oz", "225 g"), ("1 oz", "28 g"), ("2 lbs", "905 g"), ("3 lbs", "1.36 kg"), ("1/4 oz", "7 g"),
        // Spoons are measures of both systems.
        ("1 tbsp", "1 tbsp"), ("1/2 tsp", "1/2 tsp"), ("2 Tbsp", "2 Tbsp"),
    ])
    func usToMetric(_ written: String, _ expected: String) {
        #expect(Self.shown(written, in: .metric) == expected)
    }

    @Test func quantitiesInTheSystemAlreadyAndOthersStayAsWritten() {
        for (written, system) in [("250 g", UnitSystem.metric), ("25 cl", .metric), ("1 1/2 cups", .us), ("8 oz", .us),
                                  ("2 cloves", .us), ("a pinch", .metric), ("3", .us), ("2 sprigs", .metric)] {
            #expect(Self.shown(written, in: system) == written)
        }
        // A fixed Cooklang quantity stays fixed in the other system.
        #expect(UnitConversion(to: .metric).converted(Quantity(amount: "1", unit: "cup", isFixed: true)).isFixed)
    }

    @Test func densitiesTurnVolumeIntoMassAndBack() {
        #expect(Self.shown("1 cup", in: .metric, of: "flour") == "120 g")
        #expect(Self.shown("1/2 cup", in: .metric, of: "sugar") == "99 g")
        #expect(Self.shown("1 cup", in: .metric, of: "plain flour") == "120 g")
        #expect(Self.shown("1 cup", in: .metric, of: "Farine") == "120 g")
        // Spoons stay spoons in the metric view, density or not.
        #expect(Self.shown("2 tbsp", in: .metric, of: "butter") == "2 tbsp")
        #expect(Self.shown("500 g", in: .us, of: "flour") == "4 1/8 cups")
        #expect(Self.shown("100 g", in: .us, of: "sucre") == "1/2 cup")
        #expect(Self.shown("5 g", in: .us, of: "salt") == "7/8 tsp")
        // No density: the dimension stays.
        #expect(Self.shown("1 cup", in: .metric, of: "milk") == "240 ml")
        #expect(Self.shown("500 g", in: .us, of: "potatoes") == "1.1 lbs")
    }

    /// A US stick of butter is 4 oz: weighed by the metric view, kept by
    /// the US view; a stick of what the table does not weigh stays counted.
    @Test func aStickOfButterIsWeighed() {
        #expect(Self.shown("1 stick", in: .metric, of: "butter") == "115 g")
        #expect(Self.shown("2 sticks", in: .metric, of: "unsalted butter") == "225 g")
        #expect(Self.shown("1 stick", in: .us, of: "butter") == "1 stick")
        #expect(Self.shown("2 sticks", in: .metric, of: "cinnamon") == "2 sticks")
        #expect(Self.shown("1 stick", in: .metric) == "1 stick")
        let added = UnitConversion(to: .metric).total([Quantity(parsing: "1 stick"), Quantity(parsing: "100 g")], ingredient: "butter")
        #expect(added.map(\.description) == ["215 g"])
        #expect(Densities(contents: "1 pinch saffron = 0.1 g\n").grams(inOne: "pinch", of: "saffron") == 0.1)
    }

    @Test func theUsersDensitiesAddToTheShippedOnesAndWin() throws {
        let user = Densities(contents: "# mine\n1 cup flour = 130 g\n2 tbsp gochujang|고추장 = 40 g\nnonsense\n1 cup = 3 g\n")
        let densities = Densities.standard.adding(user)
        let conversion = UnitConversion(to: .metric, densities: densities)
        #expect(conversion.converted(Quantity(parsing: "1 cup"), ingredient: "flour").description == "130 g")
        #expect(conversion.converted(Quantity(parsing: "1/4 cup"), ingredient: "고추장").description == "80 g")
        #expect(conversion.converted(Quantity(parsing: "1 cup"), ingredient: "sugar").description == "200 g")
        #expect(user.problems.map(\.description) == [
            "4: expected a volume and names, \"=\", a mass (1 cup flour = 120 g)",
            "5: expected the ingredient's name after the volume",
        ])
    }

    @Test func theUsersFileIsReadFromTheConfigurationFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-densities-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/roux", withIntermediateDirectories: true)
        try "1 cup flour = 125 g\n1 cup oops = x\n".write(toFile: folder + "/roux/densities.conf", atomically: true, encoding: .utf8)
        let (densities, problems) = Densities.configured(environment: ["XDG_CONFIG_HOME": folder])
        #expect(UnitConversion(to: .metric, densities: densities).converted(Quantity(parsing: "2 cups"), ingredient: "flour").description == "250 g")
        #expect(problems == ["\(folder)/roux/densities.conf:2: expected a mass after \"=\" (120 g, 4.25 oz)"])
        let (shipped, none) = Densities.configured(environment: ["XDG_CONFIG_HOME": folder + "/nothing"])
        #expect(shipped.gramsPerMillilitre(of: "flour") == Densities.standard.gramsPerMillilitre(of: "flour"))
        #expect(none.isEmpty)
    }

    @Test func theShippedTableIsTheResourceFile() throws {
        let file = Densities(contents: try contents(of: "Resources/densities.txt"))
        #expect(file.problems.isEmpty)
        #expect(Densities.standard.problems.isEmpty)
        for name in ["flour", "farine", "Mehl", "sugar", "butter", "salt", "honey", "rolled oats"] {
            let density = try #require(file.gramsPerMillilitre(of: name), "\(name)")
            #expect(Densities.standard.gramsPerMillilitre(of: name) == density)
        }
        #expect(file.gramsPerMillilitre(of: "water") == nil)
    }

    /// A quantity taken to the other system and back is the original within
    /// the two roundings. The coarsest step is half a tablespoon at two
    /// tablespoons (12.5%), with the metric step after it; amounts under a
    /// gram or millilitre are within one.
    @Test func convertingToTheOtherSystemAndBackGivesTheOriginal() async {
        let ingredients: [String?] = [nil, "flour", "sugar", "butter", "milk", "salt"]
        let input = zip(Gen.int(in: 1 ... 40_000), Gen.int(in: 0 ... 1), Gen.int(in: 0 ... ingredients.count - 1), Gen.int(in: 0 ... 1))
        await propertyCheck(count: PropertyCases.scaled(500), input: input) { tenths, isMass, pick, startsUS in
            let ingredient = ingredients[pick]
            let dimension: UnitTable.Dimension = isMass == 1 ? .mass : .volume
            // A volume of what has a density is weighed in the metric view: its round trip is mass's.
            if dimension == .volume, let ingredient, Densities.standard.gramsPerMillilitre(of: ingredient) != nil { return }
            let (first, other): (UnitSystem, UnitSystem) = startsUS == 1 ? (.us, .metric) : (.metric, .us)
            let rounded = KitchenRounding.amount(Double(tenths) / 10, dimension, in: first)
            let original = Quantity(amount: KitchenRounding.text(rounded), unit: rounded.unit)
            let there = UnitConversion(to: other).converted(original, ingredient: ingredient)
            let back = UnitConversion(to: first).converted(there, ingredient: ingredient)
            let originalBase = try #require(Self.base(original, as: dimension, of: ingredient))
            let backBase = try #require(Self.base(back, as: dimension, of: ingredient), "\(original) → \(there) → \(back)")
            #expect(abs(backBase - originalBase) <= 0.13 * originalBase + 1.5, "\(original) of \(ingredient ?? "-") → \(there) → \(back)")
        }
    }

    /// Grams or millilitres in a quantity, in `dimension` through the
    /// ingredient's density when it is in the other one.
    static func base(_ quantity: Quantity, as dimension: UnitTable.Dimension, of ingredient: String?) -> Double? {
        guard let unit = quantity.unit.flatMap(UnitTable.standard.unit(named:)), let value = quantity.value,
              let own = unit.dimension else { return nil }
        guard own != dimension else { return value * unit.inBase }
        guard let density = ingredient.flatMap(Densities.standard.gramsPerMillilitre(of:)) else { return nil }
        return value * unit.inBase * (dimension == .mass ? density : 1 / density)
    }
}
