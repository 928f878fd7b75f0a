import Foundation
public import Recipes

extension ShoppingListFile {
    /// What a list names, its references found on disk.
    public struct Resolved: Sendable {
        /// Each recipe file with its times and which of its references it reads.
        public var recipes: [(file: String, factor: Double, selection: ReferenceSelection)] = []
        public var extras: [ShoppingList.FreeItem] = []
        /// References to no recipe file (`./Dinner/Soup`), without nested recipes to stand for them.
        public var missing: [String] = []
    }

    /// The list's references resolved in `folder` (the list's own), read as
    /// CookCLI and the Cooklang apps write them:
    ///
    /// - Under a recipe, the nested entries are which of its references to
    ///   read (`./Dinner` then `  ./Sauce`), each scaled as the recipe's
    ///   reference says; without nested entries, all of them.
    /// - Under a meal plan (a `.menu`, or a name with no file that has
    ///   entries nested in it), the nested entries are its recipes, each at
    ///   its own times (the apps write the plan's times into them), and
    ///   theirs in turn say which of their references to read. A plan with
    ///   nothing nested is read as a recipe whose ingredients are its
    ///   references.
    public func resolved(in folder: String) -> Resolved {
        var resolved = Resolved()
        func selection(_ children: [Entry]) -> ReferenceSelection {
            guard !children.isEmpty else { return .all }
            return .only(children.compactMap { child in
                guard case let .recipe(path, _, grandchildren) = child else { return nil }
                return ReferenceSelection.Followed(path: path, file: Self.recipeFile(path, in: folder), then: selection(grandchildren))
            })
        }
        func add(_ entries: [Entry]) {
            for entry in entries {
                switch entry {
                case let .recipe(reference, multiplier, children):
                    let file = Self.recipeFile(reference, in: folder)
                    let isPlan = file.map { ($0 as NSString).pathExtension.lowercased() == "menu" } ?? true
                    if isPlan, !children.isEmpty {
                        add(children)
                    } else if let file {
                        resolved.recipes.append((file, multiplier ?? 1, selection(children)))
                    } else {
                        resolved.missing.append(reference)
                    }
                case let .item(name, quantity):
                    resolved.extras.append(ShoppingList.FreeItem(name: name, quantity: quantity.map(Self.quantity)))
                }
            }
        }
        add(entries)
        return resolved
    }

    /// `Breakfast/Pancakes` → `Breakfast/Pancakes.cook` in `folder` (or
    /// another recipe extension, `RecipeFormat.extensions`, in the order
    /// references try them; or the name as written when it is a recipe's).
    public static func recipeFile(_ reference: String, in folder: String) -> String? {
        let base = folder.isEmpty ? reference : (folder as NSString).appendingPathComponent(reference)
        let candidates = RecipeFormat.isRecipeFileName(reference) ? [base] : RecipeReference.candidates(for: reference, from: folder)
        return candidates.first { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }
    }
}
