import Foundation
import RichText
import Recipes
import RecipeFormats

/// Reading schema.org's `Recipe` from JSON-LD as pages write it: each
/// property a string, a number, an object (`{"name": …}`, `{"url": …}`,
/// `{"@id": …}`) or a list of them; instructions as one string (lines or
/// `<p>`/`<li>` markup), a list of strings, `HowToStep`s, or `HowToSection`s
/// holding steps (an `ItemList` too). Every text goes through `WebText`.
extension SchemaOrgRecipe {
    /// The most ingredients and steps read from one recipe.
    static let mostItems = 2_000

    /// Reads a JSON-LD object whose `@type` is (or includes) `Recipe`.
    init(jsonLD object: [String: Any]) {
        self.init()
        name = Self.text(object["name"]) ?? Self.text(object["headline"])
        description = Self.text(object["description"])
        authors = Self.texts(object["author"])
        let address = Self.text(object["url"]) ?? Self.text(object["mainEntityOfPage"])
        url = address.flatMap { Self.isWebAddress($0) ? $0 : nil }
        basedOn = Self.text(object["isBasedOn"])
        images = Self.addresses(object["image"]).filter(Self.isWebAddress)
        let yields = Self.texts(object["recipeYield"] ?? object["yield"])
        // ["4", "4 servings"]: the one that says what, else the first.
        yield = yields.first { $0.contains(where: \.isLetter) } ?? yields.first
        prepTime = Self.text(object["prepTime"]).flatMap(CookingDuration.init)
        cookTime = Self.text(object["cookTime"]).flatMap(CookingDuration.init)
        totalTime = Self.text(object["totalTime"]).flatMap(CookingDuration.init)
        keywords = Self.commaSeparated(object["keywords"])
        categories = Self.commaSeparated(object["recipeCategory"])
        cuisines = Self.commaSeparated(object["recipeCuisine"])
        ingredients = Array(Self.lines(object["recipeIngredient"] ?? object["ingredients"]).prefix(Self.mostItems))
        var steps: [RecipeExport.Step] = []
        Self.collectSteps(object["recipeInstructions"], section: nil, depth: 0, into: &steps)
        self.steps = steps
    }

    /// Whether a JSON-LD `@type` names a recipe (`Recipe`, `schema:Recipe`,
    /// `https://schema.org/Recipe`, or a list holding one).
    static func isRecipeType(_ type: Any?) -> Bool {
        if let name = type as? String {
            let last = name.split(whereSeparator: { $0 == "/" || $0 == ":" || $0 == "#" }).last
            return last?.lowercased() == "recipe"
        }
        return (type as? [Any])?.contains(where: isRecipeType) ?? false
    }

    /// A value as one line of text: a string, a number, an object's `name`
    /// (`text`, `@value`, `url`, `@id`), a list's first.
    static func text(_ value: Any?) -> String? {
        switch value {
        case let string as String:
            let plain = WebText.plain(string)
            return plain.isEmpty ? nil : plain
        case let number as NSNumber:
            return number.stringValue
        case let object as [String: Any]:
            for key in ["name", "text", "@value", "url", "@id"] {
                if let found = text(object[key]) { return found }
            }
            return nil
        case let list as [Any]:
            return list.lazy.compactMap { text($0) }.first
        default:
            return nil
        }
    }

    /// A value as texts: a list's items, or the one.
    static func texts(_ value: Any?) -> [String] {
        if let list = value as? [Any] { return list.prefix(mostItems).compactMap { text($0) } }
        return text(value).map { [$0] } ?? []
    }

    /// Texts split at commas ("dessert, French"), each once.
    static func commaSeparated(_ value: Any?) -> [String] {
        var seen = Set<String>()
        return texts(value).flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    /// Images: strings, `ImageObject`s (their `url` or `contentUrl`), lists.
    static func addresses(_ value: Any?) -> [String] {
        switch value {
        case let string as String: return [WebText.plain(string)]
        case let object as [String: Any]: return addresses(object["url"] ?? object["contentUrl"] ?? object["@id"])
        case let list as [Any]: return list.prefix(100).flatMap { addresses($0) }
        default: return []
        }
    }

    /// Ingredient lines: a list of strings, or one string of lines.
    static func lines(_ value: Any?) -> [String] {
        if let list = value as? [Any] {
            return list.prefix(mostItems).flatMap { item in (item as? String).map(WebText.paragraphs) ?? text(item).map { [$0] } ?? [] }
        }
        return (value as? String).map(WebText.paragraphs) ?? []
    }

    /// The steps of `recipeInstructions`, each section's under its name.
    static func collectSteps(_ value: Any?, section: String?, depth: Int, into steps: inout [RecipeExport.Step]) {
        guard depth < 16, steps.count < mostItems else { return }
        switch value {
        case let string as String:
            steps += WebText.paragraphs(string).map { RecipeExport.Step(section: section, text: $0) }
        case let list as [Any]:
            for item in list { collectSteps(item, section: section, depth: depth + 1, into: &steps) }
        case let object as [String: Any]:
            let types = (object["@type"] as? [Any] ?? [object["@type"] as Any]).compactMap { ($0 as? String)?.lowercased() }
            let children = object["itemListElement"] ?? object["steps"]
            if types.contains(where: { $0.hasSuffix("howtosection") }) {
                collectSteps(children, section: text(object["name"]) ?? section, depth: depth + 1, into: &steps)
            } else if let children {
                collectSteps(children, section: section, depth: depth + 1, into: &steps)
            } else if let step = text(object["text"]) ?? text(object["description"]) ?? text(object["name"]) {
                steps.append(RecipeExport.Step(section: section, text: step))
            }
        default:
            break
        }
    }
}
