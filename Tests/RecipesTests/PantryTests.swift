import Foundation
import RecipeFormats
import Recipes
import Testing

/// CookCLI's `pantry.conf` and the list of names Roux read before it.
@Suite("Pantry")
struct PantryTests {
    static let toml = """
        # what is at home
        top_shelf = "2"
        salt = { quantity = "1%kg", expire = "2027-01-01" }

        [freezer]
        ice_cream = "2%L"
        "frozen peas" = { bought = "01.11.2026", quantity = "500%g", low = "200%g" }

        [fridge]
        milk = { quantity = "250%ml", low = "500%ml", expire = "28.11.2026" }
        yogurt = { expire = "2026-11-20", quantity = "500%ml", colour = "white" }
        eggs = 0

        [pantry]
        flour = "1%kg"
        rice = "unlimited"
        """

    @Test func readsSectionsItemsAndAttributesInTheFilesOrder() throws {
        let pantry = try Pantry(parsing: Self.toml)
        #expect(pantry.items.map(\.name) == ["top shelf", "salt", "ice cream", "frozen peas", "milk", "yogurt", "eggs", "flour", "rice"])
        #expect(pantry.items.map(\.section) == [nil, nil, "freezer", "freezer", "fridge", "fridge", "fridge", "pantry", "pantry"])
        #expect(pantry.items.map(\.line) == [2, 3, 6, 7, 10, 11, 12, 15, 16])
        let peas = try #require(pantry.item("frozen pea"))
        #expect(peas == Pantry.Item(name: "frozen peas", section: "freezer", quantity: "500%g", low: "200%g", bought: "01.11.2026", line: 7))
        #expect(pantry.item("salt")?.expire == "2027-01-01")
        #expect(pantry.item("egg")?.quantity == "0")
        #expect(pantry.warnings == [Pantry.Problem(line: 11, column: 0,
                                                   message: "\"yogurt\": \"colour\" is not a pantry attribute (quantity, low, expire, bought)")])
    }

    @Test func malformedTOMLIsAnErrorAtItsLineAndColumn() {
        let problem = #expect(throws: Pantry.Problem.self) {
            try Pantry(parsing: "[fridge]\nmilk = \"1%l\"\nbutter = { quantity = \"250%g\"\n")
        }
        #expect(problem?.line == 3)
        #expect(problem?.column == 30)
        #expect(problem?.message.hasPrefix("not TOML: ") == true)
    }

    @Test func theListOfNamesStillReads() throws {
        let pantry = try Pantry(parsing: "# at home\n[spices]\nsalt\npepper|poivre\n\n[baking]\nflour\n")
        #expect(pantry.items.map(\.name) == ["salt", "pepper", "poivre", "flour"])
        #expect(pantry.items.map(\.section) == ["spices", "spices", "spices", "baking"])
        #expect(pantry.holds(IngredientName.key("Poivre")))
        #expect(pantry.items.allSatisfy { $0.quantity == nil })
    }

    @Test func lowIsAtOrBelowTheItemsOwnThresholdOrNothingLeft() throws {
        let pantry = try Pantry(parsing: Self.toml + "\nsugar = { quantity = \"1%kg\", low = \"1000%g\" }\noil = { quantity = \"1%l\", low = \"100%g\" }\n")
        #expect(pantry.lowItems.map(\.name) == ["milk", "eggs", "sugar"])
    }

    @Test func expiringCountsDaysFromTheGivenToday() throws {
        let pantry = try Pantry(parsing: Self.toml)
        let today = try #require(PantryDate(year: 2026, month: 11, day: 26))
        let soon = pantry.expiring(within: 7, today: today)
        #expect(soon.map(\.item.name) == ["yogurt", "milk"])
        #expect(soon.map(\.days) == [-6, 2])
        #expect(pantry.expiring(within: 1, today: today).map(\.item.name) == ["yogurt"])
        #expect(pantry.expiring(within: 400, today: today).map(\.item.name) == ["yogurt", "milk", "salt"])
    }

    @Test(arguments: [
        ("2026-03-07", "2026-03-07"), ("07.03.2026", "2026-03-07"), ("07/03/2026", "2026-03-07"), ("03/30/2026", "2026-03-30"),
        ("2026.03.07", "2026-03-07"), ("07-03-2026", "2026-03-07"), (" 2024-02-29 ", "2024-02-29"),
    ])
    func datesAreReadInTheSpellingsPantryFilesUse(written: String, iso: String) {
        #expect(PantryDate(parsing: written)?.description == iso)
    }

    @Test(arguments: ["2026-02-30", "2025-02-29", "31.04.2026", "tomorrow", "2026-3", "", "13/13/2026"])
    func whatIsNoDateIsNone(written: String) {
        #expect(PantryDate(parsing: written) == nil)
    }

    @Test func daysBetweenDatesCrossMonthsYearsAndLeapDays() throws {
        let start = try #require(PantryDate(year: 2024, month: 2, day: 28))
        #expect(start.days(until: try #require(PantryDate(year: 2024, month: 3, day: 1))) == 2)
        #expect(start.days(until: try #require(PantryDate(year: 2025, month: 2, day: 28))) == 366)
        #expect(start.days(until: try #require(PantryDate(year: 2024, month: 2, day: 20))) == -8)
    }

    @Test func whatIsAtHomeIsSubtractedWhereUnitsCompare() throws {
        let pantry = try Pantry(parsing: "flour = \"300%g\"\neggs = \"4\"\nmilk = \"1%l\"\nsalt = \"1%kg\"\nrice = \"unlimited\"\nbutter = \"0%g\"\nbutter2 = \"250%g\"\n")
        func left(_ name: String, _ needed: [Quantity]) -> Pantry.Remainder {
            pantry.remaining(of: IngredientName.key(name), needed: needed)
        }
        #expect(left("flour", [Quantity(amount: "1", unit: "kg")])
            == Pantry.Remainder(quantities: [Quantity(amount: "700", unit: "g")], atHome: false, used: Quantity(amount: "300", unit: "g")))
        #expect(left("eggs", [Quantity(amount: "6")]).quantities == [Quantity(amount: "2")])
        #expect(left("eggs", [Quantity(amount: "3")]) == Pantry.Remainder(quantities: [Quantity(amount: "3")], atHome: true))
        #expect(left("milk", [Quantity(amount: "250", unit: "ml")]).atHome)
        // Mass against volume does not compare: it is at home, for the cook to judge.
        #expect(left("salt", [Quantity(amount: "1", unit: "tsp")]) == Pantry.Remainder(quantities: [Quantity(amount: "1", unit: "tsp")], atHome: true))
        #expect(left("rice", [Quantity(amount: "2", unit: "kg")]).atHome)
        #expect(left("butter", [Quantity(amount: "50", unit: "g")]) == Pantry.Remainder(quantities: [Quantity(amount: "50", unit: "g")], atHome: false))
        #expect(left("bread", [Quantity(amount: "1")]) == Pantry.Remainder(quantities: [Quantity(amount: "1")], atHome: false))
        // A knob of butter comes from the 250 g at home with the 30 g.
        #expect(left("butter2", [Quantity(amount: "30", unit: "g"), Quantity(amount: "knob")]).atHome)
        #expect(left("butter2", [Quantity(amount: "300", unit: "g"), Quantity(amount: "knob")]).quantities == [Quantity(amount: "50", unit: "g")])
        // Cups and grams of flour: the grams are covered, the cups still to buy.
        #expect(left("flour", [Quantity(amount: "1", unit: "cup"), Quantity(amount: "200", unit: "g")])
            == Pantry.Remainder(quantities: [Quantity(amount: "1", unit: "cup")], atHome: false, used: Quantity(amount: "300", unit: "g")))
    }

    @Test func aRecipeLacksWhatIsNotAtHomeOrNotEnough() throws {
        let recipe = CooklangFormat.parse("Mix @flour{500%g}, @eggs{2}, @salt and @Milk{1%l}. Add @eggs{1}.\n")
        let pantry = try Pantry(parsing: "flour = \"300%g\"\neggs = \"3\"\nsalt = \"1%kg\"\n")
        #expect(pantry.lacks(recipe) == ["flour 200 g", "Milk"])
        #expect(try Pantry(parsing: "flour = \"1%kg\"\negg = \"6\"\nsalt\nmilk = \"2%l\"\n".replacingOccurrences(of: "salt\n", with: "salt = \"\"\n")).lacks(recipe) == [])
    }
}
