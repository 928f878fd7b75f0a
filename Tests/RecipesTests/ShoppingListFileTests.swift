import Foundation
import PropertyBased
import RecipeStorage
import Recipes
import RouxTestSupport
import Testing

/// `.shopping-list` (spec proposal 0016) and `.shopping-checked`.
@Suite("Shopping-list files")
struct ShoppingListFileTests {
    @Test func readsNestedReferencesFreeItemsAndComments() throws {
        let text = """
            -- the week
            ./Plans/Three days
              ./Breakfast/Burrito{2}
                ./Components/Guacamole{2}
              ./Slowcooker/Beef  stew{0.5}   -- half a batch
            olive oil{4%l}
            salt [- the coarse one -]
            [- block comments
            span lines -]
            eggs{12}\r

            """
        let list = try ShoppingListFile(parsing: text)
        #expect(list.entries == [
            .recipe(path: "Plans/Three days", multiplier: nil, children: [
                .recipe(path: "Breakfast/Burrito", multiplier: 2, children: [
                    .recipe(path: "Components/Guacamole", multiplier: 2, children: []),
                ]),
                .recipe(path: "Slowcooker/Beef stew", multiplier: 0.5, children: []),
            ]),
            .item(name: "olive oil", quantity: "4%l"),
            .item(name: "salt", quantity: nil),
            .item(name: "eggs", quantity: "12"),
        ])
    }

    @Test(arguments: [
        ("./a\n   ./b\n", 2, 1, "indented by 3 spaces; nest with two spaces a level"),
        ("./a\n    ./b\n", 2, 1, "indented deeper than the line above allows (two spaces under a recipe)"),
        ("./a\n  salt\n", 2, 3, "\"salt\" is nested, but only recipes (./path) may be; free items go at the start of the line"),
        ("salt\n./a{two}\n", 2, 5, "\"two\" is not a multiplier (a number: {2}, {0.5})"),
        ("ok\nsalt [- open\nstill open\n", 2, 6, "\"[-\" is not closed with \"-]\""),
        ("ok\n{4%l}\n", 2, 1, "a quantity without a name"),
        ("ok\nsa{lt\n", 2, 3, "\"{\" outside a quantity at the line's end ({500%g})"),
        ("./a\n\t./b\n", 2, 1, "a tab in the indentation; nest with two spaces a level"),
    ])
    func malformedLinesAreLocated(text: String, line: Int, column: Int, message: String) {
        #expect(throws: ShoppingListFile.Problem(line: line, column: column, message: message)) {
            try ShoppingListFile(parsing: text)
        }
    }

    @Test func writesTheSpecsFormat() throws {
        let list = ShoppingListFile(entries: [
            .recipe(path: "Plans/Week", multiplier: nil, children: [
                .recipe(path: "Breakfast/Pancakes", multiplier: 2, children: []),
                .recipe(path: "Stew", multiplier: 0.5, children: []),
            ]),
            .item(name: "olive oil", quantity: "4%l"),
            .item(name: "salt", quantity: nil),
        ])
        let text = try list.text(comments: ["made for the test"]).get()
        #expect(text == """
            -- made for the test
            ./Plans/Week
              ./Breakfast/Pancakes{2}
              ./Stew{0.5}
            olive oil{4%l}
            salt

            """)
        #expect(try ShoppingListFile(parsing: text) == list)
    }

    @Test(arguments: ["two  spaces", "a}b", "a{b", "line\nbreak", "not -- a comment", "[- x", " padded"])
    func namesTheFileCannotHoldAreRefused(name: String) {
        #expect(throws: (any Error).self) { try ShoppingListFile(entries: [.item(name: name, quantity: nil)]).text().get() }
        #expect(throws: (any Error).self) { try ShoppingListFile(entries: [.recipe(path: name, multiplier: nil, children: [])]).text().get() }
    }

    static let words = ["salt", "olive oil", "Crème fraîche", "œufs", "שמן", "tomato/paste", "a.b", "x%y", "1/2 lemon", "🍋"]

    /// A random list from codes: each code is an entry at some depth.
    static func list(_ codes: [Int]) -> ShoppingListFile {
        func entries(_ codes: ArraySlice<Int>, depth: Int) -> [ShoppingListFile.Entry] {
            var result: [ShoppingListFile.Entry] = []
            var rest = codes
            while let code = rest.first {
                rest = rest.dropFirst()
                let word = words[code % words.count]
                if code % 3 == 0, depth == 0 {
                    result.append(.item(name: word, quantity: code % 2 == 0 ? nil : ["4%l", "2", "a bunch", "1/2%cup"][code % 4]))
                } else {
                    let take = min(rest.count, (code / 7) % 3)
                    let children = depth < 3 ? entries(rest.prefix(take), depth: depth + 1) : []
                    rest = rest.dropFirst(depth < 3 ? take : 0)
                    let multiplier: Double? = [nil, 2, 0.5, 1.25, 3][code % 5]
                    result.append(.recipe(path: "dir/" + word, multiplier: multiplier, children: children))
                }
            }
            return result
        }
        return ShoppingListFile(entries: entries(codes[...], depth: 0))
    }

    @Test func readingWhatWasWrittenGivesTheSameList() async {
        await propertyCheck(count: PropertyCases.scaled(300), input: Gen.int(in: 0 ... 10_000).array(of: 0 ... 20)) { codes in
            let list = Self.list(codes)
            let text = try #require(try? list.text().get())
            #expect(try ShoppingListFile(parsing: text) == list, "file:\n\(text)")
        }
    }

    @Test func theLastEntryForANameWinsWhateverItsCase() {
        let checks = ShoppingChecks(log: "+ salt\n+ Avocados\n+ olive oil\n- avocados\n+ AVOCADOS\n-  Olive Oil \nnonsense\n+\n\n+ bread\r\n")
        #expect(checks.isTicked("Salt"))
        #expect(checks.isTicked("avocados"))
        #expect(!checks.isTicked("olive oil"))
        #expect(checks.isTicked("bread"))
        #expect(Set(checks.ticked.values) == ["salt", "AVOCADOS", "bread"])
    }

    @Test func ticksAreAppendedToTheLogNeverRewritten() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-checks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = ShoppingChecks.file(besideList: folder.appendingPathComponent("week.shopping-list"))
        #expect(file.lastPathComponent == ".shopping-checked")
        #expect(try ShoppingChecks(contentsOf: file) == ShoppingChecks())
        try ShoppingChecks.append(try #require(ShoppingChecks.entry(ticking: true, " salt ")), to: file)
        // Another tool's line without its line end is kept whole.
        let handle = try FileHandle(forWritingTo: file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("+ pepper".utf8))
        try handle.close()
        try ShoppingChecks.append(try #require(ShoppingChecks.entry(ticking: false, "Salt")), to: file)
        #expect(try String(contentsOf: file, encoding: .utf8) == "+ salt\n+ pepper\n- Salt\n")
        let checks = try ShoppingChecks(contentsOf: file)
        #expect(!checks.isTicked("salt") && checks.isTicked("PEPPER"))
        #expect(ShoppingChecks.entry(ticking: true, "two\nlines") == nil)
    }
}
