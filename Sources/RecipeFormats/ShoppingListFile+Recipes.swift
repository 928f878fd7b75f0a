public import Foundation
public import Recipes

extension ShoppingListFile {
    /// What a list names, its references found on disk.
    public struct Resolved: Sendable {
        /// Each recipe file with its times (a nested recipe's times its parents').
        public var recipes: [(file: String, factor: Double)] = []
        public var extras: [ShoppingList.FreeItem] = []
        /// References to no recipe file (`./Dinner/Soup`), without nested recipes to stand for them.
        public var missing: [String] = []
    }

    /// The list's references resolved in `folder` (the list's own), with
    /// the times nested entries multiply. A reference that is no recipe Roux
    /// reads but has recipes nested in it (a meal plan) brings those.
    public func resolved(in folder: String) -> Resolved {
        var resolved = Resolved()
        func add(_ entries: [Entry], factor: Double) {
            for entry in entries {
                switch entry {
                case let .recipe(reference, multiplier, children):
                    let times = factor * (multiplier ?? 1)
                    if let file = Self.recipeFile(reference, in: folder) {
                        resolved.recipes.append((file, times))
                    } else if children.isEmpty {
                        resolved.missing.append(reference)
                    }
                    add(children, factor: times)
                case let .item(name, quantity):
                    resolved.extras.append(ShoppingList.FreeItem(name: name, quantity: quantity.map(Self.quantity)))
                }
            }
        }
        add(entries, factor: 1)
        return resolved
    }

    /// `Breakfast/Pancakes` → `Breakfast/Pancakes.cook` in `folder` (or
    /// `.md`, `.markdown`, `.txt`, or the name as written when it is a recipe's).
    public static func recipeFile(_ reference: String, in folder: String) -> String? {
        let base = folder.isEmpty ? reference : (folder as NSString).appendingPathComponent(reference)
        let candidates = (RecipeFormat.isRecipeFileName(reference) ? [base] : [])
            + [".cook", ".md", ".markdown", ".txt"].map { base + $0 }
        return candidates.first { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }
}
