import ArgumentParser
import Foundation
import NcursesBackend
import RecipeStorage
import Recipes
import RecipeFormats
import RichText
import RouxApp

/// Opens the full-screen editor on a file, or on a folder: its recipe list
/// and its most recently changed recipe.
enum EditorLauncher {
    /// `paths`: one file or folder, or several files (the first opens, the list shows them all).
    static func run(paths: [String], force: Bool) throws {
        // Absolute from here on: typed names (Ctrl-O, Tab) start from the recipe's folder.
        let absolute = paths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let path = absolute.first ?? FileManager.default.currentDirectoryPath
        let file = try target(for: path)
        var warnings: [String] = []
        let opened: RecipeFiles.Opened?
        if FileManager.default.fileExists(atPath: file) {
            do {
                let file = try RecipeFiles.open(path: file, allowBinary: force, progressively: true)
                opened = file
                warnings = file.warnings
            } catch {
                // A file that does not parse still opens, as plain text: nothing is lost.
                do {
                    opened = try RecipeFiles.openAsPlainText(path: file, allowBinary: force)
                } catch {
                    let binary = error.errors.contains { $0.message == RecipeFileReader.binaryMessage }
                    CommandSupport.printError(error.description + (binary ? "; roux --force \(file) opens it anyway" : ""))
                    throw ExitCode.failure
                }
                warnings = error.errors.map(\.description) + ["opened as plain text so nothing is lost"]
            }
        } else {
            opened = nil
            warnings = ["new recipe: Ctrl-S writes \((file as NSString).lastPathComponent)"]
        }
        let terminal = NcursesTerminal()
        let session = opened.map { EditorSession(opened: $0) }
            ?? EditorSession(recipe: Recipe(), path: file, format: RecipeFormat(path: file))
        let controller = EditorController(session: session, width: terminal.width, height: terminal.height,
                                          useColor: terminal.colorsAvailable)
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            controller.showFolder(path)
        } else if absolute.count > 1 {
            controller.showFiles(absolute)
        }
        controller.announceOpened(warnings: warnings)
        let signal = EditorRunLoop(controller: controller, terminal: terminal) {
            TerminalRestorer.terminationRequested.load(ordering: .sequentiallyConsistent)
        }.run()
        terminal.close()
        // Ended by SIGTERM or SIGHUP (the work is in the recovery file): 143 or 129.
        if signal != 0 { exit(128 + signal) }
    }

    /// The file to open: the path itself, or in a folder its most recently
    /// changed recipe, or a new `recipe.md` there.
    static func target(for path: String) throws -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { return path }
        // The folder's own recipes (the list shows subfolders as folders), hidden ones and pipes not.
        return RecipeFiles.newestRecipe(in: path) ?? (path as NSString).appendingPathComponent("recipe.md")
    }
}
