import Foundation
import RichText
public import Recipes
import RecipeFormats

/// A recipe as schema.org describes it (schema.org/Recipe), the JSON-LD
/// that web pages, search engines and recipe apps (Paprika, Mealie)
/// exchange: what `roux export -f schema` writes and `roux import PAGE`
/// reads. Text only: every value is plain text, no markup.
public struct SchemaOrgRecipe: Equatable, Sendable {
    public var name: String?
    public var description: String?
    public var authors: [String] = []
    /// The recipe's page: its source when that is a web address.
    public var url: String?
    /// Where it came from when that is no address (a book).
    public var basedOn: String?
    public var images: [String] = []
    /// `recipeYield` as written ("4", "4 servings", "12 cookies").
    public var yield: String?
    public var prepTime: CookingDuration?
    public var cookTime: CookingDuration?
    public var totalTime: CookingDuration?
    public var keywords: [String] = []
    public var categories: [String] = []
    public var cuisines: [String] = []
    /// `recipeIngredient`: a line each, as a cook writes it ("200 g flour").
    public var ingredients: [String] = []
    /// `recipeInstructions`, a `HowToSection`'s name as each step's section.
    public var steps: [RecipeExport.Step] = []

    public init() {}

    /// What a Roux recipe says, as schema.org says it: its metadata by the
    /// Cooklang conventions' keys (`Recipe.ConventionalKey`), the
    /// ingredient list with each total quantity, the steps of its text
    /// (`RecipeExport.steps`, a note within the step it follows), its
    /// introduction as the description when the metadata gives none, and
    /// its pictures (`RecipeImage.all`).
    public init(_ recipe: Recipe, images: [RecipeImage] = []) {
        name = recipe.title
        // The paragraph above the ingredients and steps says what the dish is.
        description = recipe.conventionalValue(.description) ?? RecipeExport.introduction(of: recipe)
        authors = recipe.conventionalValues(.author)
        let source = recipe.conventionalValue(.sourceURL) ?? recipe.conventionalValue(.source)
        if let source, Self.isWebAddress(source) {
            url = source
        } else {
            basedOn = source
        }
        self.images = images.compactMap { image in image.isBeside ? image.address : RecipeExport.safeAddress(image.address) }
        yield = recipe.servingsText
        prepTime = recipe.conventionalDuration(.prepTime)
        cookTime = recipe.conventionalDuration(.cookTime)
        totalTime = recipe.conventionalDuration(.time) ?? prepTime.flatMap { prep in cookTime.map { CookingDuration(minutes: prep.minutes + $0.minutes) } }
        keywords = recipe.conventionalValues(.tags).flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            .filter { !$0.isEmpty }
        categories = recipe.conventionalValues(.course)
        cuisines = recipe.conventionalValues(.cuisine)
        let notes = RecipeExport.notes(recipe)
        ingredients = zip(recipe.ingredients, recipe.shownQuantityOfEachIngredient).map { ingredient, shown in
            (shown.map { "\($0) " } ?? "") + ingredient.name + (notes[ingredient.id].map { ", \($0)" } ?? "")
        }
        steps = RecipeExport.steps(of: recipe)
    }

    static func isWebAddress(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return (lowered.hasPrefix("http://") || lowered.hasPrefix("https://")) && !text.contains(where: \.isWhitespace)
    }
}

extension SchemaOrgRecipe {
    /// The JSON-LD object, keys in schema.org's usual order; steps under a
    /// heading as a `HowToSection`.
    var jsonLD: JSONValue {
        var fields: [(String, JSONValue)] = [("@context", .string("https://schema.org")), ("@type", .string("Recipe"))]
        func add(_ key: String, _ value: String?) {
            if let value, !value.isEmpty { fields.append((key, .string(value))) }
        }
        add("name", name)
        add("description", description)
        if !authors.isEmpty {
            let people = authors.map { JSONValue.object([("@type", .string("Person")), ("name", .string($0))]) }
            fields.append(("author", people.count == 1 ? people[0] : .array(people)))
        }
        add("url", url)
        add("isBasedOn", basedOn)
        if !images.isEmpty { fields.append(("image", .array(images.map(JSONValue.string)))) }
        add("recipeYield", yield)
        add("prepTime", prepTime?.iso8601)
        add("cookTime", cookTime?.iso8601)
        add("totalTime", totalTime?.iso8601)
        add("keywords", keywords.isEmpty ? nil : keywords.joined(separator: ", "))
        add("recipeCategory", categories.isEmpty ? nil : categories.joined(separator: ", "))
        add("recipeCuisine", cuisines.isEmpty ? nil : cuisines.joined(separator: ", "))
        fields.append(("recipeIngredient", .array(ingredients.map(JSONValue.string))))
        fields.append(("recipeInstructions", .array(instructions)))
        return .object(fields)
    }

    /// The steps as `HowToStep`s, those of a section inside its `HowToSection`.
    private var instructions: [JSONValue] {
        var result: [JSONValue] = []
        var index = 0
        while index < steps.count {
            let section = steps[index].section
            var group: [JSONValue] = []
            while index < steps.count, steps[index].section == section {
                group.append(.object([("@type", .string("HowToStep")), ("text", .string(steps[index].text))]))
                index += 1
            }
            if let section {
                result.append(.object([("@type", .string("HowToSection")), ("name", .string(section)), ("itemListElement", .array(group))]))
            } else {
                result += group
            }
        }
        return result
    }
}

extension RecipeExport {
    /// The recipe as schema.org `Recipe` JSON-LD (`SchemaOrgRecipe`), ready
    /// to go in a page's `<script type="application/ld+json">`: `<`, `>`
    /// and `&` are escapes, so no value can end the script; controls too
    /// (`OutgoingText`).
    public static func schemaOrg(_ recipe: Recipe, images: [RecipeImage] = []) -> String {
        let json = SchemaOrgRecipe(recipe, images: images).jsonLD.serialized(indent: 0)
        var safe = ""
        for character in json {
            switch character {
            case "<": safe += "\\u003c"
            case ">": safe += "\\u003e"
            case "&": safe += "\\u0026"
            default: safe.append(character)
            }
        }
        return OutgoingText.escapedJSON(safe) + "\n"
    }
}
