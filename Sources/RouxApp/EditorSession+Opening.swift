import Foundation
public import RecipeStorage
import Recipes
public import RecipeFormats
import TextLayout

/// The one way a recipe opens in the editor: the launcher, Ctrl-O, the
/// recipe list and Ctrl-N all come here, so a file opens (or falls back to
/// plain text) the same whichever way the user asked, and the status line
/// says the same.
extension EditorSession {
    /// The session for `path` (a new recipe when no file is there) and what
    /// the status line says about it. `unnamed`: a new recipe whose name the
    /// user has not chosen yet (Ctrl-N): its first save asks for one.
    /// `save`: how the save key is named where the user bound another.
    public static func open(_ path: String, reading: RecipeFiles.Reading = .asItsFormat, unnamed: Bool = false,
                            width: Int = 80, save: String? = nil)
        throws(RecipeLoadFailure) -> (session: EditorSession, said: [String]) {
        let save = save ?? CommandTable.standard.keyHint("Save")
        // Drawn left to right whatever its script, as the title bar draws it.
        let name = VisualLabel.fileName((path as NSString).lastPathComponent)
        guard FileManager.default.fileExists(atPath: path) else {
            let session = EditorSession(recipe: Recipe(newFileOf: RecipeFormat(path: path)), path: path, format: RecipeFormat(path: path),
                                        width: width)
            return (session, [unnamed ? "new recipe: \(save) asks for its name" : "new recipe: \(save) writes \(name)"])
        }
        let opened = try RecipeFiles.openForEditing(path: path, reading: reading)
        let opening = if case .legacyEncoding(let encoding) = reading {
            "read \(name) as \(encoding.name): \(save) writes it as UTF-8, Ctrl-Z reads its bytes again"
        } else {
            "opened \(name)"
        }
        return (EditorSession(opened: opened, width: width), [opening] + opened.warnings)
    }
}
