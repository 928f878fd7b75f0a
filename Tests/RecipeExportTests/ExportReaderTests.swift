import Foundation
@testable import FuzzChecks
import RecipeFormats
import RecipeExport
import RouxTestSupport
import Testing

/// The readable exports (HTML and text) as a reader gets them: everything
/// the recipe says for them, nothing that runs, no writer's comment.
@Suite("Exports for readers")
struct ExportReaderTests {
    static let hostile = """
        # Tarte

        <script>alert(document.cookie)</script>

        <div onmouseover="alert(1)">survol</div>
        <img src=x onerror=alert(1)>
        <iframe src="javascript:alert(1)"></iframe>

        [a](javascript:alert(1)) [b](JaVaScRiPt:alert(2)) [c](data:text/html;base64,PHNjcmlwdD4=) ![d](data:image/svg+xml;base64,PHN2Zz4=)
        [ok](https://example.com/tarte) [rel](notes.md) [mail](mailto:chef@example.com) ![photo](photo.jpg)

        """

    /// HTML blocks are text on the page; links and images keep only http,
    /// https, mailto and relative addresses (the others are their text).
    @Test func theHTMLExportRunsNothingFromTheRecipe() throws {
        let html = RecipeExport.html(MarkdownRecipeFormat.parse(Self.hostile))
        #expect(HTMLChecker.problem(in: html) == nil)
        for raw in ["<script", "<div", "<img src=x", "<iframe", "href=\"javascript:", "href=\"JaVaScRiPt:", "href=\"data:", "src=\"data:"] {
            #expect(!html.contains(raw), "\(raw) in\n\(html)")
        }
        #expect(html.contains("<p class=\"html\"><code>&lt;script&gt;alert(document.cookie)&lt;/script&gt;</code></p>"))
        #expect(html.contains("<p class=\"html\"><code>&lt;img src=x onerror=alert(1)&gt;</code></p>"))
        #expect(html.contains("<p dir=\"auto\">a b c d<br>") || html.contains("<p dir=\"auto\">a b c d</p>"), "\(html)")
        #expect(html.contains("<a href=\"https://example.com/tarte\">ok</a>"))
        #expect(html.contains("<a href=\"notes.md\">rel</a>"))
        #expect(html.contains("<a href=\"mailto:chef@example.com\">mail</a>"))
        #expect(html.contains("<img src=\"photo.jpg\" alt=\"photo\">"))
    }

    /// `--raw-html` keeps HTML blocks as they are, and says what that means.
    @Test func rawHTMLIsAskedForAndSaidSo() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-raw-\(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.hostile.write(toFile: path, atomically: false, encoding: .utf8)
        let safe = try RouxCommand.roux("export", path, "-f", "html")
        #expect(!safe.output.contains("<script>"))
        #expect(safe.errors == "")
        let raw = try RouxCommand.roux("export", path, "-f", "html", "--raw-html")
        #expect(raw.status == 0)
        #expect(raw.output.contains("<script>alert(document.cookie)</script>\n"))
        #expect(raw.errors == "warning: --raw-html: the recipe's HTML blocks are copied as they are; their scripts run when the page is opened\n")
        // Links stay safe whatever the option.
        #expect(!raw.output.contains("href=\"javascript:"))
        let notHTML = try RouxCommand.roux("export", path, "-f", "text", "--raw-html")
        #expect(notHTML.status == 64)
    }

    /// Addresses as a browser reads them: tabs inside and spaces before do
    /// not hide a scheme.
    @Test(arguments: ["javascript:alert(1)", "JAVASCRIPT:x", "java\tscript:x", " \u{1}javascript:x", "data:text/html,x",
                      "vbscript:x", "file:///etc/passwd"])
    func unsafeAddressesAreRefused(address: String) {
        #expect(RecipeExport.safeAddress(address) == nil)
    }

    @Test(arguments: ["https://example.com/a:b", "http://x", "mailto:a@b.c", "notes.md", "../photos/pâte.jpg", "#step-2",
                      "/recipes/tarte.html", "?q=a:b", "dir/a:b"])
    func safeAddressesAreKept(address: String) {
        #expect(RecipeExport.safeAddress(address) == address)
    }

    static let cooklang = """
        >> servings: 4
        >> time: 45 minutes
        >> source: https://example.com/tarte
        >> tags: [dessert, french]

        -- don't rush this
        Rub @butter{100%g}(cold) into the @flour{200%g} in a #bowl{}.

        Bake for ~{20%minutes}. -- or until golden

        """

    /// Servings, time, source, tags and the ingredients' notes are said;
    /// the writer's comments are not.
    @Test func theTextExportSaysWhatTheRecipeSays() {
        let text = RecipeExport.plainText(CooklangFormat.parse(Self.cooklang))
        #expect(text == """
            Serves: 4
            Time: 45 minutes
            Source: https://example.com/tarte
            Tags: dessert, french

            Ingredients:
            - 100 g butter (cold)
            - 200 g flour

            Cookware:
            - bowl

            Rub butter into the flour in a bowl.

            Bake for 20 minutes.

            """)
    }

    /// Tryout 2 #22: the metadata as YAML reads it: a tag typed with quotes
    /// and a colon, a comma inside a quoted item, a quote doubled in single
    /// quotes, a block scalar's `|`.
    @Test func theTextExportSaysTheMetadataAsYAMLReadsIt() {
        let markdown = """
            ---
            tags: [soup, "\\"quick: easy\\"", "a, b"]
            keywords:
              - 'it''s'
              - "\\"hot\\""
            description: |
              A long
              description.
            ---
            Soup.

            """
        #expect(RecipeExport.plainText(MarkdownRecipeFormat.parse(markdown)) == """
            Tags: soup, "quick: easy", a, b
            Keywords: it's, "hot"
            Description: A long description.

            Soup.

            """)
    }

    @Test func theHTMLExportSaysWhatTheRecipeSaysAndReadsOnAPhoneAndOnPaper() {
        let html = RecipeExport.html(CooklangFormat.parse(Self.cooklang))
        #expect(HTMLChecker.problem(in: html) == nil)
        #expect(html.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(html.contains("@media print {"))
        #expect(html.contains("""
            <p class="about" dir="auto"><strong>Serves:</strong> 4</p>
            <p class="about" dir="auto"><strong>Time:</strong> 45 minutes</p>
            <p class="about" dir="auto"><strong>Source:</strong> <a href="https://example.com/tarte">https://example.com/tarte</a></p>
            <p class="about" dir="auto"><strong>Tags:</strong> dessert, french</p>
            """))
        #expect(html.contains("<span class=\"quantity\">100 g</span> butter <span class=\"note\">(cold)</span></li>"))
        #expect(!html.contains("rush"))
        #expect(!html.contains("golden"))
    }

    /// croissants.md serves 12: both exports say so.
    @Test func croissantsSayHowManyTheyServe() throws {
        let path = repositoryRoot.appendingPathComponent("Resources/Recipes/croissants.md").path
        let recipe = MarkdownRecipeFormat.parse(try String(contentsOfFile: path, encoding: .utf8))
        #expect(RecipeExport.plainText(recipe).hasPrefix("Croissants au beurre\n====================\n\nServes: 12\n\nIngredients:\n"))
        #expect(RecipeExport.html(recipe).contains("<p class=\"about\" dir=\"auto\"><strong>Serves:</strong> 12</p>"))
    }
}
