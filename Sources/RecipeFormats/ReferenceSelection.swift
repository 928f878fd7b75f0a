import Foundation
import Recipes

/// Which of a recipe's references an expansion reads in their recipe's
/// place (`ReferenceExpansion`).
///
/// - `all`: every one, recursively (a recipe named alone).
/// - `none`: none; each reference is an item of its own, named after its
///   recipe, with the reference's quantity (`--ignore-references`, as
///   CookCLI's).
/// - `only`: the ones a `.shopping-list` nests under the recipe, as CookCLI
///   and the Cooklang apps write it (`./Dinner` then `  ./Sauce`): the
///   others are left off the list altogether (the list's author chose not
///   to make them), and each followed one reads its own references as its
///   entry says in turn.
public enum ReferenceSelection: Equatable, Sendable {
    case all
    case none
    case only([Followed])

    /// A reference a list names under its recipe.
    public struct Followed: Equatable, Sendable {
        /// As the list writes it, without the `./` (`Components/Guacamole`).
        public var path: String
        /// The file the path names from the list's folder, if there is one.
        public var file: String?
        /// What the referenced recipe reads of its own references.
        public var then: ReferenceSelection

        public init(path: String, file: String? = nil, then: ReferenceSelection = .all) {
            self.path = path
            self.file = file
            self.then = then
        }

        /// Whether this names `reference`, found in `file` (nil when no file
        /// was found): the same file, or the same path written either way
        /// (`./sauce`, `sauce`, `sauce.cook`; the list's paths start from
        /// the collection's root as CookCLI's do, where the file may not
        /// be found from the list's folder).
        func names(_ reference: RecipeReference, file: String?) -> Bool {
            if let mine = self.file, let file, Self.identity(of: mine) == Self.identity(of: file) { return true }
            return Self.comparable(path) == Self.comparable(reference.path)
        }

        static func identity(of path: String) -> String {
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }

        /// `./Sides/Rice.cook` → `Sides/Rice`.
        static func comparable(_ path: String) -> String {
            var text = path.replacingOccurrences(of: "\\", with: "/")
            while text.hasPrefix("./") { text.removeFirst(2) }
            if RecipeFormat.isRecipeFileName(text), let dot = text.lastIndex(of: ".") { text = String(text[..<dot]) }
            return text
        }
    }
}
