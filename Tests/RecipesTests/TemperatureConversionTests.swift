import Foundation
import PropertyBased
import Recipes
import RouxTestSupport
import Testing

/// Temperatures and quantities written in a recipe's steps, shown in the
/// other system, in the languages recipes are written in.
@Suite("Temperatures in the text")
struct TemperatureConversionTests {
    /// The text with each conversion put in, as the view or "Apply" shows it.
    static func shown(_ text: String, in system: UnitSystem, bare: UnitConversion.TemperatureScale = .celsius) -> String {
        var result = Data(text.utf8)
        for found in UnitConversion(to: system).conversions(in: text, bareDegrees: bare).reversed() {
            result.replaceSubrange(found.range, with: Data(found.replacement.utf8))
        }
        return String(decoding: result, as: UTF8.self)
    }

    @Test(arguments: [
        // English
        ("Bake at 350°F for 25 minutes.", UnitSystem.metric, "Bake at 180°C for 25 minutes."),
        ("Heat the oven to 350 degrees F.", .metric, "Heat the oven to 180 °C."),
        ("Roast at 425 degrees Fahrenheit", .metric, "Roast at 220 °C"),
        ("Preheat to 180 °C (gas 4).", .us, "Preheat to 350 °F (350 °F)."),
        ("Bake at 200C, then 180C fan.", .us, "Bake at 390°F, then 350°F fan."),
        ("Heat oil to 170C.", .us, "Heat oil to 340°F."),
        ("Gas Mark 6", .metric, "200 °C"),
        ("Cook to 63 °C inside.", .us, "Cook to 145 °F inside."),
        ("Warm the milk to 110°F.", .metric, "Warm the milk to 43°C."),
        ("Bake at 350 to 375°F.", .metric, "Bake at 180 to 190°C."),
        ("Bake at 400°F.", .metric, "Bake at 205°C."),
        // French
        ("Préchauffer le four à 180 degrés.", .us, "Préchauffer le four à 350 °F."),
        ("Enfourner à 200 °C, thermostat 6.", .us, "Enfourner à 390 °F, 350 °F."),
        ("Cuire th. 7 pendant 20 min.", .us, "Cuire 410 °F pendant 20 min."),
        ("Four à 180-200 °C", .us, "Four à 350-390 °F"),
        // German
        ("Bei 180 Grad 25 Minuten backen.", .us, "Bei 350 °F 25 Minuten backen."),
        ("Den Ofen auf 200 Grad Celsius vorheizen.", .us, "Den Ofen auf 390 °F vorheizen."),
        ("Ofen auf 180 °C Umluft", .us, "Ofen auf 350 °F Umluft"),
        // Spanish
        ("Hornear a 180 ºC durante 30 minutos.", .us, "Hornear a 350 °F durante 30 minutos."),
        ("Precalentar el horno a 200 grados centígrados.", .us, "Precalentar el horno a 390 °F."),
        // Italian
        ("Cuocere in forno a 180 gradi per 40 minuti.", .us, "Cuocere in forno a 350 °F per 40 minuti."),
        ("Forno statico a 200°C", .us, "Forno statico a 390°F"),
    ])
    func temperaturesInSeveralLanguages(_ text: String, _ system: UnitSystem, _ expected: String) {
        #expect(Self.shown(text, in: system) == expected)
    }

    @Test func bareDegreesAreReadInTheRecipesOwnScale() {
        #expect(Self.shown("Bake at 350° until golden.", in: .metric, bare: .fahrenheit) == "Bake at 180°C until golden.")
        #expect(Self.shown("Bake at 180° until golden.", in: .us, bare: .celsius) == "Bake at 350°F until golden.")
        #expect(Self.shown("Bake at 350 degrees.", in: .metric, bare: .fahrenheit) == "Bake at 180 °C.")
        // In the scale of the view already: nothing changes.
        #expect(Self.shown("Bake at 180° until golden.", in: .metric, bare: .celsius) == "Bake at 180° until golden.")
        #expect(UnitConversion(to: .metric).conversions(in: "Four à 180 °C, 25 cl d'eau, 2 tbsp, 3 eggs, 12 cm").isEmpty)
    }

    /// A temperature written without its scale is read in the recipe's
    /// own, and the conversion says which it assumed.
    @Test func anAssumedScaleIsSaid() {
        let found = UnitConversion(to: .us).conversions(in: "Oven 200 degrees, oil to 170C, 180°.", bareDegrees: .celsius)
        #expect(found.map(\.label) == ["200 degrees (°C) → 390 °F", "170C → 340°F", "180° (°C) → 350°F"])
        let metric = UnitConversion(to: .metric).conversions(in: "Bake at 350 degrees.", bareDegrees: .fahrenheit)
        #expect(metric.map(\.label) == ["350 degrees (°F) → 180 °C"])
    }

    /// An oven or frying temperature moves at most 6.5 °F from the exact
    /// figure (a dial's 25 °F made 170 °C 350 °F, 12 °F too hot); the 25 °F
    /// marks recipes print are kept when that near (180 °C is 350 °F).
    @Test func anOvenTemperatureMovesAtMostSixAndAHalfDegrees() async {
        await propertyCheck(count: PropertyCases.scaled(300), input: Gen.int(in: 120 ... 290)) { celsius in
            let shown = Self.shown("at \(celsius) °C", in: .us)
            let fahrenheit = try #require(Double(shown.dropFirst(3).prefix { $0.isNumber }), "\(celsius) → \(shown)")
            #expect(abs(fahrenheit - (Double(celsius) * 9 / 5 + 32)) <= 6.5, "\(celsius) °C → \(shown)")
        }
        await propertyCheck(count: PropertyCases.scaled(300), input: Gen.int(in: 250 ... 550)) { fahrenheit in
            let shown = Self.shown("at \(fahrenheit) °F", in: .metric)
            let celsius = try #require(Double(shown.dropFirst(3).prefix { $0.isNumber }), "\(fahrenheit) → \(shown)")
            #expect(abs(celsius * 9 / 5 + 32 - Double(fahrenheit)) <= 6.5, "\(fahrenheit) °F → \(shown)")
        }
    }

    @Test func quantitiesWrittenInTheStepsAreConvertedToo() {
        #expect(Self.shown("Ajouter 25 cl d'eau froide.", in: .us) == "Ajouter 1 cup d'eau froide.")
        #expect(Self.shown("Add 2 cups flour and 1 cup milk.", in: .metric) == "Add 240 g flour and 240 ml milk.")
        #expect(Self.shown("- 1 lb potatoes, peeled", in: .metric) == "- 455 g potatoes, peeled")
        #expect(Self.shown("2 tbsp butter, 1 stick butter, 2 sticks cinnamon.", in: .metric)
            == "2 tbsp butter, 115 g butter, 2 sticks cinnamon.")
        // Numbers that are not quantities, and parts of other words, are left.
        #expect(Self.shown("Cut into 2 cm cubes; serves 4; step 3g2.", in: .us) == "Cut into 2 cm cubes; serves 4; step 3g2.")
    }

    /// An oven temperature to the other scale and back is within a dial's
    /// step and the nearest 10 °C after it (half of 25 °F, 7 °C, and 5 °C: 12); a lower
    /// one within a degree.
    @Test func temperaturesGoToTheOtherScaleAndBack() async {
        await propertyCheck(count: PropertyCases.scaled(300), input: Gen.int(in: 30 ... 260)) { celsius in
            let there = Self.shown("at \(celsius) °C", in: .us)
            let back = Self.shown(there, in: .metric)
            let number = try #require(Int(back.dropFirst(3).prefix { $0.isNumber }), "\(celsius) → \(there) → \(back)")
            #expect(abs(number - celsius) <= (celsius >= 120 ? 12 : 1), "\(celsius) °C → \(there) → \(back)")
        }
    }
}
