import Foundation
public import RecipeStorage
import Recipes
public import RecipeFormats

/// The one way a recipe opens in the editor: the launcher, Ctrl-O, the
/// recipe list and Ctrl-N all come here, so a file opens (or falls back to
/// plain text) the same whichever way the user asked, and the status line
/// says the same.
extension EditorSession {
    /// The session for `path` (a new recipe when no file is there) and what
    /// the status line says about it. `unnamed`: a new recipe whose name the
    /// user has not chosen yet (Ctrl-N): its first save asks for one.
    public static func open(_ path: String, reading: RecipeFiles.Reading = .asItsFormat, unnamed: Bool = false,
                            width: Int = 80) throws(RecipeLoadFailure) -> (session: EditorSession, said: [String]) {
        let name = (path as NSString).lastPathComponent
        guard FileManager.default.fileExists(atPath: path) else {
            let session = EditorSession(recipe: Recipe(), path: path, format: RecipeFormat(path: path), width: width)
            return (session, [unnamed ? "new recipe: Ctrl-S asks for its name" : "new recipe: Ctrl-S writes \(name)"])
        }
        let opened = try RecipeFiles.openForEditing(path: path, reading: reading)
        let opening = reading == .windows1252 ? "read \(name) as Windows-1252: Ctrl-S writes it as UTF-8" : "opened \(name)"
        return (EditorSession(opened: opened, width: width), [opening] + opened.warnings)
    }
}
