import Foundation
import Recipes
import RichText
import RouxTestSupport
import Testing

/// Golden files: `Fixtures/<case>/in.md` is read; `out.txt` is what it holds
/// (metadata, ingredients, runs); saving gives `in.md` back byte for byte, or
/// `out.md` where the input is not in the canonical form.
/// A missing `out.txt` is written (then reviewed by hand and committed).
@Suite("Markdown fixtures")
struct FixtureTests {
    static let folder = repositoryRoot.appendingPathComponent("Tests/RecipesTests/Fixtures/markdown")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @Test(arguments: cases)
    func fixture(name: String) throws {
        let directory = Self.folder.appendingPathComponent(name)
        let input = try String(contentsOf: directory.appendingPathComponent("in.md"), encoding: .utf8)
        let described: String
        var saved: String?
        do {
            let recipe = try MarkdownRecipeFormat.parse(input, path: "in.md")
            described = Self.describe(recipe)
            saved = MarkdownRecipeFormat.serialize(recipe)
        } catch {
            described = "errors:\n" + error.errors.map(\.description).joined(separator: "\n") + "\n"
        }
        let expectedURL = directory.appendingPathComponent("out.txt")
        guard let expected = try? String(contentsOf: expectedURL, encoding: .utf8) else {
            try described.write(to: expectedURL, atomically: true, encoding: .utf8)
            Issue.record("wrote \(expectedURL.path): review it")
            return
        }
        #expect(described == expected)
        if let saved {
            let canonical = (try? String(contentsOf: directory.appendingPathComponent("out.md"), encoding: .utf8)) ?? input
            #expect(saved == canonical)
            // Whatever was saved reads back as the same recipe.
            #expect(try Self.describe(MarkdownRecipeFormat.parse(saved)) == described)
        }
    }

    static func describe(_ recipe: Recipe) -> String {
        var lines: [String] = []
        if let title = recipe.metadata.title { lines.append("title: \(title)") }
        lines.append("keys: \(recipe.metadata.keyOrder.joined(separator: ", "))")
        for ingredient in recipe.ingredients {
            lines.append("ingredient \(ingredient.id): \(ingredient.name)"
                         + (ingredient.quantity.map { " | \($0)" } ?? "") + (ingredient.note.map { " | \($0)" } ?? ""))
        }
        lines.append("line ending: \(recipe.style.lineEnding.debugDescription), final newline: \(recipe.style.endsWithNewline)")
        lines.append("runs:")
        let text = recipe.document.text
        for run in text.runs {
            let attributes = RunsDescription.describe(run.attributes)
            let retained = run.attributes[RetainedMarkdownAttributes.self].map { " retained=\($0)" } ?? ""
            lines.append(String(text.characters[run.range]).debugDescription + (attributes.isEmpty ? "" : " " + attributes) + retained)
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
