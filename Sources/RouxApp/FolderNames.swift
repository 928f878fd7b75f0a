import Foundation
import RecipeFormats
import Recipes

/// The names the recipes of a folder use (ingredients, their units,
/// cookware), read off the main thread when the folder is first asked for:
/// spell checking takes them as words, so `gochujang` is right in every
/// recipe of a folder that cooks with it.
final class FolderNames: @unchecked Sendable {
    /// At most this many recipes are read (the newest first), each at most this large.
    static let recipeLimit = 300
    static let sizeLimit = 1 << 20

    private let lock = NSLock()
    private var folder: String?
    private var names: Set<String> = []
    private var reading = DispatchGroup()

    /// The names read so far for `folder` (none until its recipes are
    /// read: asking starts that, in the background, once per folder).
    func names(of folder: String?) -> Set<String> {
        lock.lock()
        defer { lock.unlock() }
        guard folder == self.folder else {
            self.folder = folder
            names = []
            if let folder { read(folder) }
            return []
        }
        return names
    }

    /// Waits until the folder asked for last is read (for tests).
    func waitUntilRead() {
        lock.lock()
        let group = reading
        lock.unlock()
        group.wait()
    }

    private func read(_ folder: String) {
        let group = DispatchGroup()
        reading = group
        DispatchQueue.global(qos: .utility).async(group: group) { [self] in
            let found = Self.names(in: folder)
            lock.lock()
            if self.folder == folder { names = found }
            lock.unlock()
        }
    }

    /// The names of the folder's recipes.
    static func names(in folder: String) -> Set<String> {
        var result = Set<String>()
        for path in RecipeFolder(folder).recipeFiles().prefix(recipeLimit) {
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            guard size <= sizeLimit, let opened = try? RecipeFiles.open(path: path) else { continue }
            result.formUnion(recipeNames(of: opened.recipe))
        }
        return result
    }

    /// A recipe's own names: ingredients, the units of their quantities, cookware.
    static func recipeNames(of recipe: Recipe, equipment: Recipe.Equipment? = nil) -> Set<String> {
        var result = Set(recipe.ingredients.map(\.name))
        result.formUnion(recipe.ingredients.compactMap { $0.quantity?.unit })
        result.formUnion((equipment ?? recipe.equipment).cookware)
        return result
    }
}
