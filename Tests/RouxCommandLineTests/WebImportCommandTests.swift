import Foundation
import RouxTestSupport
import Testing

/// `roux import` of a web page, saved or fetched from a server the test
/// starts on 127.0.0.1, and `roux export -f schema`, run as a user runs them.
@Suite("Importing web pages on the command line")
struct WebImportCommandTests {
    static let fixtures = repositoryRoot.appendingPathComponent("Tests/RecipesTests/Fixtures/web")
    /// No proxy between roux and the test's server, whatever the machine's settings.
    static let direct = ["no_proxy": "127.0.0.1", "NO_PROXY": "127.0.0.1", "http_proxy": "", "HTTP_PROXY": ""]

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aSavedPageBecomesAMarkdownOrCooklangRecipe() throws {
        let page = Self.fixtures.appendingPathComponent("graph-sections.html").path
        let markdown = try RouxCommand.roux("import", page)
        #expect(markdown.status == 0)
        #expect(markdown.errors == "")
        #expect(markdown.output.hasPrefix("---\nservings: 6 parts\nprep time: 20m\ncook time: 45m\ntime: 1h5m\nsource: https://chez-nous.example/tarte/\n"))
        #expect(markdown.output.contains("# Tarte aux pommes & cannelle\n\n## Ingredients\n\n- 200 g de farine\n"))
        #expect(markdown.output.contains("### La pâte\n\n1. Sabler le beurre et la farine du bout des doigts.\n2. Laisser reposer"))

        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The format by -o's extension, or by -f.
        let cook = folder.appendingPathComponent("tarte.cook").path
        #expect(try RouxCommand.roux("import", page, "-o", cook).status == 0)
        let written = try String(contentsOfFile: cook, encoding: .utf8)
        // YAML front matter, the Cooklang specification's metadata (`>>` lines are deprecated).
        #expect(written.hasPrefix("---\ntitle: Tarte aux pommes & cannelle\nservings: 6 parts\n"), "\(written)")
        #expect(written.contains("{200%g}"))
        #expect(try RouxCommand.roux("import", page, "-f", "cooklang").output == written)
        // What Roux wrote, Roux reads: the ingredients with their quantities.
        let ingredients = try RouxCommand.roux("ingredients", cook)
        #expect(ingredients.status == 0)
        #expect(ingredients.output.contains("\t200 g\t"))
    }

    @Test func aPageWithoutARecipeOrNotAPageIsAClearMessage() throws {
        let page = Self.fixtures.appendingPathComponent("no-recipe.html").path
        let result = try RouxCommand.roux("import", page)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.errors == "\(page): no recipe found: none of the page's 2 JSON-LD blocks is a schema.org Recipe; line 3: not valid JSON\n")
        let missing = try RouxCommand.roux("import", "/nonexistent/page.html")
        #expect(missing.status == 1)
        #expect(missing.errors == "/nonexistent/page.html: no such file\n")
        let wrong = try RouxCommand.roux("import", Self.fixtures.appendingPathComponent("../../Fixtures").path, "-f", "cooklang")
        #expect(wrong.status != 0)
        #expect(wrong.errors.contains("Fixtures"))
    }

    @Test func aHostilePageSendsNoControlToTheTerminalOrTheFile() throws {
        let result = try RouxCommand.roux("import", Self.fixtures.appendingPathComponent("hostile.html").path)
        #expect(result.status == 0)
        #expect(!result.output.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F ..< 0xA0).contains($0.value) || $0 == "\u{202E}" })
        #expect(!result.output.contains("onerror"))
        #expect(result.output.contains("# Soup]0;owned of the day\n"))
    }

    @Test func anAddressIsFetchedFromTheWebOnlyAsAsked() throws {
        let page = try Array(Data(contentsOf: Self.fixtures.appendingPathComponent("list-strings.html")))
        let server = try LocalPageServer(answers: [
            "/chili": .init(body: page),
            "/moved": .init(status: "302 Found", headers: ["Location: file:///etc/passwd"], body: []),
            "/huge": .init(body: Array("<html>".utf8), claimedLength: 9 << 20),
        ])
        defer { server.stop() }
        let result = try RouxCommand.roux(["import", server.address("/chili")], environment: Self.direct)
        #expect(result.status == 0)
        #expect(result.errors == "")
        #expect(result.output.contains("# Weeknight Chili\n\n## Ingredients\n\n- 1 lb ground beef\n"))
        #expect(result.output.contains("source: https://quick-eats.example/chili\n"), "the recipe's own address")

        let missing = try RouxCommand.roux(["import", server.address("/gone")], environment: Self.direct)
        #expect(missing.status == 1)
        #expect(missing.errors == "\(server.address("/gone")): could not fetch the page: the server answered 404 Not Found\n")
        let moved = try RouxCommand.roux(["import", server.address("/moved")], environment: Self.direct)
        #expect(moved.status == 1)
        #expect(moved.errors.contains("could not fetch the page"))
        #expect(!moved.output.contains("root:"))
        let huge = try RouxCommand.roux(["import", server.address("/huge")], environment: Self.direct)
        #expect(huge.status == 1)
        #expect(huge.errors.hasSuffix("the page is over 8388608 bytes; not read\n"))
        // A redirect to a file is no way out of the web (Foundation asks the server for its path, which it does not have).
        #expect(server.requestedPaths.filter { $0 != "/etc/passwd" } == ["/chili", "/gone", "/moved", "/huge"], "one request each")
    }

    /// Fetching a page is the only use of the network: libcurl (and the
    /// thirty libraries it links: TLS, Kerberos, LDAP…) is opened when an
    /// address is imported, never loaded by every start of the editor.
    @Test func theProgramStartsWithoutLinkingTheNetworkLibraries() throws {
        // The dynamic loader lists the libraries a start loads, and exits.
        let loaded = try RouxCommand.roux(["--version"], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
        #expect(loaded.output.contains("libc.so"), "the loader listed the libraries")
        #expect(!loaded.output.contains("libcurl"))
        #expect(!loaded.output.contains("FoundationNetworking"))
    }

    @Test func aRecipeIsExportedAsSchemaOrg() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cook = folder.appendingPathComponent("Rolls.cook")
        try ">> servings: 2\n>> cook time: 20 minutes\n\nSoak @rice paper{4}.\n".write(to: cook, atomically: true, encoding: .utf8)
        try Data([0xFF, 0xD8]).write(to: folder.appendingPathComponent("Rolls.jpg"))
        let result = try RouxCommand.roux("export", cook.path, "-f", "schema", "--scale", "2")
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(object["@type"] as? String == "Recipe")
        #expect(object["name"] as? String == "Rolls", "no title: its file's name, as everywhere")
        #expect(object["recipeYield"] as? String == "4")
        #expect(object["cookTime"] as? String == "PT20M")
        #expect(object["image"] as? [String] == ["Rolls.jpg"])
        #expect(object["recipeIngredient"] as? [String] == ["8 rice paper"])
        #expect((object["recipeInstructions"] as? [[String: Any]])?.first?["text"] as? String == "Soak rice paper.")
    }
}
