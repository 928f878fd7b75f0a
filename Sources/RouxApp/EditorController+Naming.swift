import Foundation
import RecipeFormats

/// A new recipe's name: Ctrl-N starts it under a provisional one, and its
/// first save asks for a name, offering one made from its title.
extension EditorController {
    /// Whether the open recipe has no name the user chose yet: a new one
    /// from Ctrl-N not saved (or no path at all).
    var isUnnamed: Bool {
        guard let path = session.path else { return true }
        return storage.provisionalNames.contains(path) && !FileManager.default.fileExists(atPath: path)
    }

    /// The recipe at `path`, not on disk yet, gets its name at its first
    /// save, as a new one from Ctrl-N does (the editor opened on a folder
    /// without a recipe).
    public func nameAtFirstSave(_ path: String) {
        storage.provisionalNames.insert(path)
    }

    /// The name a first save offers, in the open folder: the title as a slug
    /// (`chocolate-mousse.md`), or the first line's while there is no title;
    /// free there (`-2` when taken).
    var suggestedFileName: String {
        // A title is on the first lines: no need to copy a long paste whole.
        let text = String(session.document.text.characters.prefix(2000))
        let firstLine = text.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) }.map(String.init)
        let path = session.path ?? "untitled.md"
        return RecipeFolder(openRecipeFolder).newRecipeName(title: session.title ?? firstLine, extension: (path as NSString).pathExtension)
    }
}
