import ArgumentParser
import RecipeFormats

/// `--ignore-references` (`-i`, as CookCLI's `shopping-list` has it), shared
/// by the commands that read a recipe's references in its place.
struct ReferenceOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "List a reference to another recipe (@./sauce{}) as one item instead of that recipe's ingredients.")
    var ignoreReferences = false

    /// What an expansion follows: `selection` (all, unless a shopping list
    /// says which), or none.
    func following(_ selection: ReferenceSelection = .all) -> ReferenceSelection {
        ignoreReferences ? .none : selection
    }
}
