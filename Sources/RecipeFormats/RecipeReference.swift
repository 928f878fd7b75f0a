import Foundation
public import RichText
import RecipeStorage
public import Recipes

/// A mark that names another recipe by its path, as Cooklang writes it:
/// `@./sauces/Hollandaise{150%g}`, `@../bread{2}`, `@./pasta{4%servings}`,
/// `@./sauce{}`. Its quantity says how much of that recipe is made: a
/// factor (no unit), a number of servings (the other recipe's `servings`),
/// or an amount in the unit of the other recipe's `yield`.
public struct RecipeReference: Equatable, Sendable {
    public var ingredientID: IngredientID
    /// As written, without the braces: `./sauces/Hollandaise`.
    public var path: String
    public var quantity: Quantity?
    /// The paragraph the mark is in (0 for the body's first line).
    public var paragraph: Int
    /// The mark as the file writes it (`@./sauce{}`), to find its column.
    public var source: String

    /// Whether an ingredient's name, as written, names a recipe: it starts
    /// with `./` or `../` (or their Windows forms), as the specification's
    /// proposal 0015 says.
    public static func isPath(_ name: String) -> Bool {
        ["./", "../", ".\\", "..\\"].contains { name.hasPrefix($0) }
    }

    /// The files a reference can name, in the order they are tried: the
    /// path as written when it has a recipe's extension, else with each
    /// extension Roux reads (`sauce` → `sauce.cook`, `sauce.md`, …).
    public static func candidates(for path: String, from folder: String) -> [String] {
        let written = path.replacingOccurrences(of: "\\", with: "/")
        // `./sauce` beside `main.cook` is `sauce.cook`, not `./sauce.cook`.
        var joined = ((folder as NSString).appendingPathComponent(written) as NSString).standardizingPath
        if joined.hasPrefix("./") { joined.removeFirst(2) }
        if RecipeFormat.isRecipeFileName(written) { return [joined] }
        // Cooklang first, as CookCLI resolves a reference.
        return (["cook"] + RecipeFormat.extensions.filter { $0 != "cook" }).map { joined + "." + $0 }
    }

    /// The file a reference written in a file of `folder` names, if there
    /// is one: looked for from `folder`, then from each of `others` (the
    /// folder of the recipe a list started from), then from each folder
    /// above `folder`, nearest first. CookCLI's collections write references
    /// from the collection's root (its own seed has `@./Shared/Red Beans{}`
    /// in `Breakfast/`, as the specification says), and that root is above
    /// the file whatever folder the command runs in; `../` is read from the
    /// file, as proposal 0015's examples write it.
    public static func file(for path: String, from folder: String, then others: [String] = []) -> String? {
        var tried = Set<String>()
        for place in [folder] + others + folders(above: folder) where tried.insert(place).inserted {
            if let found = candidates(for: path, from: place).first(where: { FileManager.default.fileExists(atPath: $0) }) {
                return found
            }
        }
        return nil
    }

    /// The folders above `folder`, nearest first, up to the file system's
    /// root, written as `folder` is (relative stays relative: `a/b` → `a`,
    /// `.`, `..`, …), so a recipe found there is named as the command line
    /// named its folder.
    static func folders(above folder: String) -> [String] {
        let start = folder.isEmpty ? "." : folder
        let absolute = start.hasPrefix("/") ? start
            : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(start)
        let depth = (absolute as NSString).standardizingPath.split(separator: "/").count
        var result: [String] = []
        var current = start
        for _ in 0 ..< depth {
            if current == "." {
                current = ".."
            } else if current == ".." || current.hasSuffix("/..") {
                current += "/.."
            } else {
                current = PathText.folder(of: current)
            }
            result.append(current)
        }
        return result
    }

    /// What a missing reference's message says was looked for: the first
    /// candidates, relative to the referencing file or a folder above it
    /// (`sauces/tomato.cook`).
    public static func lookedFor(_ path: String) -> String {
        candidates(for: path, from: "").prefix(2).joined(separator: ", ") + ", …"
    }
}

extension Recipe {
    /// Every mark naming another recipe, in the text's order. Read from the
    /// mark as the file wrote it (a Cooklang recipe's marks) or from the
    /// ingredient's name (`./sauce`, a Markdown recipe's list or a mark
    /// typed so).
    public var references: [RecipeReference] {
        let text = document.text
        var found: [RecipeReference] = []
        var paragraph = 0
        var lastID: IngredientID?
        var lastSource: String?
        for run in text.runs {
            paragraph += text.characters[run.range].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            guard let id = run.ingredient else {
                lastID = nil
                continue
            }
            let source = run[CooklangSourceAttribute.self]
            // One mark split into runs (part of it bold) is one reference.
            defer { (lastID, lastSource) = (id, source) }
            if id == lastID, source == lastSource { continue }
            var path: String?
            if let source {
                let bytes = Array(source.utf8)
                path = bytes.withUnsafeBufferPointer { line in CooklangComponent.parse(line, at: 0)?.name(line) }
            } else if let link = run.link.flatMap(Self.recipeLink) {
                path = link
            } else {
                path = ingredients.first { $0.id == id }?.name
            }
            guard let path, RecipeReference.isPath(path) else { continue }
            found.append(RecipeReference(ingredientID: id, path: path, quantity: run[OccurrenceQuantityAttribute.self]
                                         ?? (source == nil ? ingredients.first { $0.id == id }?.quantity : nil),
                                         paragraph: paragraph, source: source ?? String(text.characters[run.range])))
        }
        // A list entry no mark names (a Markdown recipe's ingredient list).
        let marked = Set(found.map(\.ingredientID))
        for ingredient in ingredients where !marked.contains(ingredient.id) && RecipeReference.isPath(ingredient.name) {
            found.append(RecipeReference(ingredientID: ingredient.id, path: ingredient.name, quantity: ingredient.quantity,
                                         paragraph: -1, source: ingredient.name))
        }
        return found
    }

    /// A Markdown link to a recipe file beside this one (`[sauce](../sauce.cook)`,
    /// `[pesto](pesto.md)`), as a Typora or Obsidian cook links it in the
    /// ingredient list: the path as a reference writes it.
    static func recipeLink(_ link: URL) -> String? {
        guard link.scheme == nil, let written = link.relativeString.removingPercentEncoding,
              !written.hasPrefix("/"), RecipeFormat.isRecipeFileName(written) else { return nil }
        return RecipeReference.isPath(written) ? written : "./" + written
    }
}
