public import Foundation
import Recipes
import RecipeStorage

/// The `.shopping-list` a recipe is on, so that the editor's ticks are the
/// list's: a tick on the recipe's ingredient is `+ name` in
/// `.shopping-checked` beside the list, for CookCLI and the Cooklang apps to
/// see, and what they ticked shows ticked in the editor.
public struct ShoppingListLink: Sendable {
    /// The list file (`.shopping-list`, the spec's one per folder).
    public let list: URL
    public var checksFile: URL { ShoppingChecks.file(besideList: list) }

    /// The nearest `.shopping-list` in the recipe's folder or a folder
    /// above it (up to `levels`) that names the recipe; nil when none does.
    public static func find(for recipePath: String, levels: Int = 8) -> ShoppingListLink? {
        let recipe = URL(fileURLWithPath: recipePath).standardizedFileURL.resolvingSymlinksInPath().path
        var folder = URL(fileURLWithPath: recipePath).standardizedFileURL.deletingLastPathComponent()
        for _ in 0 ..< levels {
            let candidate = folder.appendingPathComponent(".shopping-list")
            if let text = try? String(contentsOf: candidate, encoding: .utf8), let list = try? ShoppingListFile(parsing: text),
               list.resolved(in: folder.path).recipes.contains(where: {
                   URL(fileURLWithPath: $0.file).standardizedFileURL.resolvingSymlinksInPath().path == recipe
               }) {
                return ShoppingListLink(list: candidate)
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        return nil
    }

    /// Which of `names` the list's log has ticked.
    public func ticked(_ names: [String]) -> Set<String> {
        guard let checks = try? ShoppingChecks(contentsOf: checksFile) else { return [] }
        return Set(names.filter(checks.isTicked))
    }

    /// Appends an entry for each name whose state in the log differs from
    /// `ticked` (so a repeated or undone tick writes only what changed).
    public func share(_ ticked: [(name: String, isTicked: Bool)]) throws {
        let checks = try ShoppingChecks(contentsOf: checksFile)
        let lines = ticked.filter { checks.isTicked($0.name) != $0.isTicked }
            .compactMap { ShoppingChecks.entry(ticking: $0.isTicked, $0.name) }.joined()
        if !lines.isEmpty { try ShoppingChecks.append(lines, to: checksFile) }
    }
}
