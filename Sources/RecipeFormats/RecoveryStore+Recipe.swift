public import RecipeStorage
public import Recipes

extension RecoveryStore {
    /// Keeps `recipe` (fully loaded) as the work on `path`, in `format`:
    /// the lines its file still holds are copied from it; if that file
    /// changed meanwhile (the editor saved), every line is written anew, as
    /// a save writes it (never joined into one string of the whole recipe).
    /// `contents`: the recipe's file contents, when already made.
    public func keep(_ recipe: Recipe, as format: RecipeFormat, for path: String, basedOn base: FileFingerprint? = nil,
                     contents made: FileContents? = nil) throws(SafeFileWriter.Failure) {
        let contents = made ?? RecipeFiles.fileContents(recipe, as: format).contents
        do throws(SafeFileWriter.Failure) {
            try save(contents, for: path, basedOn: base)
        } catch where contents.copySource != nil {
            try save(RecipeFiles.fileContents(recipe, as: format, reusingSource: false).contents, for: path, basedOn: base)
        }
    }
}
