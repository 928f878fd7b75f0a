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
        // As Ctrl-O opens it: a folder's newest recipe, "soup" for soup.md.
        let file = RecipeFolder.fileToOpen(for: path)
        // A folder without a recipe yet: the first one's name is asked at its first save, as Ctrl-N's is.
        let unnamed = RecipeFolder.isFolder(path) && !FileManager.default.fileExists(atPath: file)
        // Read before the terminal is taken: a bad file is said in the status line, never stops the editor.
        let configuration = EditorConfiguration.read(path: ConfigurationFiles().editorFile)
        let session: EditorSession
        let said: [String]
        do {
            (session, said) = try open(file, force: force, unnamed: unnamed, save: configuration.keyHint("Save"))
        } catch {
            CommandSupport.printError(error.description + (error.binary != nil ? "; roux --force \(file) opens it anyway" : ""))
            throw ExitCode.failure
        }
        let terminal = NcursesTerminal()
        let controller = EditorController(session: session, width: terminal.width, height: terminal.height,
                                          useColor: terminal.colorsAvailable)
        controller.apply(configuration)
        if unnamed { controller.nameAtFirstSave(file) }
        controller.detectPixelProtocol(environment: ProcessInfo.processInfo.environment, cellPixels: terminal.cellPixels)
        let historyProblem = controller.keepPromptHistory(in: HistoryStore(directory: RecoveryStore().directory))
        if RecipeFolder.isFolder(path) {
            controller.showFolder(path)
        } else if absolute.count > 1 {
            controller.showFiles(absolute)
        }
        controller.announceOpened(warnings: said + [configuration.startupNotice, historyProblem].compactMap { $0 })
        // `roux timers` in another shell reads this editor's timers there.
        controller.shareTimers(in: TimerStateFile())
        let signal = EditorRunLoop(controller: controller, terminal: terminal) {
            TerminalRestorer.terminationRequested.load(ordering: .sequentiallyConsistent)
        }.run()
        terminal.close()
        // Ended by SIGTERM or SIGHUP (the work is in the recovery file): 143 or 129.
        if signal != 0 { exit(128 + signal) }
    }

    /// The editor's one way to open a file (`EditorSession.open`); with
    /// `--force`, a binary file opens as plain text, as Ctrl-O's "open it anyway" does.
    private static func open(_ file: String, force: Bool, unnamed: Bool, save: String) throws(RecipeLoadFailure)
        -> (session: EditorSession, said: [String]) {
        do {
            return try EditorSession.open(file, unnamed: unnamed, save: save)
        } catch where force && error.binary != nil {
            return try EditorSession.open(file, reading: .binaryAsPlainText, unnamed: unnamed, save: save)
        }
    }
}
