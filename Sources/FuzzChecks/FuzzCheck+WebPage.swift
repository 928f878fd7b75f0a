import Foundation
import Recipes
import RecipeFormats
import RecipeExport

/// A web page's JSON-LD, read by `roux import page.html`: the input is the
/// text of a `<script type="application/ld+json">` (so the fuzzer explores
/// JSON, not the page around it), and also the whole page. Whatever it
/// holds, the reader ends; no text it gives holds a control character or
/// a tag; the recipe written as Markdown and as Cooklang holds none
/// either and reads back with only the headings Roux wrote; exported again
/// as schema.org, it is JSON.
extension FuzzCheck {
    static func checkJSONLD(_ bytes: [UInt8]) -> String? {
        let script = Array("<html><head><script type=\"application/ld+json\">".utf8) + bytes + Array("</script></head></html>".utf8)
        for page in [script, bytes] {
            guard let recipes = try? WebPageRecipe.recipes(inPage: page) else { continue }
            for recipe in recipes {
                if let problem = webTextProblem(in: recipe) { return problem }
                for format in [RecipeFormat.markdown, .cooklang] {
                    let imported = recipe.recipe(as: format)
                    let written = RecipeFiles.serialize(imported, as: format).text
                    if let problem = forbiddenScalar(in: written) { return "imported as \(format.displayName): \(problem)" }
                    let back = format.parse(written)
                    let headings = back.document.text.runs[\.headingLevel].compactMap { $0.0 }.count
                    let sections = Set(recipe.steps.compactMap(\.section)).count
                    // Title (Markdown), Ingredients, Steps, and a heading per change of section at most.
                    let most = 3 + recipe.steps.count
                    if headings > most || (sections == 0 && headings > 3) {
                        return "imported as \(format.displayName), \(headings) headings read back:\n\(written)"
                    }
                }
                let json = RecipeExport.schemaOrg(recipe.recipe(as: .markdown).readingIngredientLists())
                if (try? JSONSerialization.jsonObject(with: Data(json.utf8))) == nil { return "export -f schema is not JSON:\n\(json)" }
            }
        }
        return nil
    }

    /// A text of the page that still holds a control, a surrogate or a tag.
    private static func webTextProblem(in recipe: SchemaOrgRecipe) -> String? {
        let texts = [recipe.name, recipe.description, recipe.url, recipe.basedOn, recipe.yield].compactMap { $0 }
            + recipe.authors + recipe.images + recipe.keywords + recipe.categories + recipe.cuisines + recipe.ingredients
            + recipe.steps.flatMap { [$0.section, $0.text].compactMap { $0 } }
        for text in texts {
            if text.unicodeScalars.contains(where: { OutgoingText.mustNotLeaveRaw($0) || $0 == "\n" || $0 == "\t" }) {
                return "a page's text kept a control: \(text.debugDescription)"
            }
            if let open = text.firstIndex(of: "<"), text[open...].dropFirst().first.map({ $0.isLetter || $0 == "/" || $0 == "!" }) == true,
               text[open...].contains(">") {
                return "a page's text kept a tag: \(text.debugDescription)"
            }
        }
        return nil
    }
}
