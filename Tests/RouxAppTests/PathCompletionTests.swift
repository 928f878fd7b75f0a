import Foundation
import Recipes
@testable import RouxApp
import TerminalUI
import Testing

/// Tab in the path prompts (Ctrl-O, Save As): completes what all the names
/// that match share, lists them when there are several, says when none.
@Suite("Tab completion of paths")
struct PathCompletionTests {
    static let tab: [UInt8] = [0x09]

    /// A folder with three tartes, a folder and crêpes.
    static func app() throws -> (EditorController, folder: String) {
        let folder = try FilesInTheEditorTests.folder()
        for name in ["tarte-aux-pommes.md", "tartelettes.md", ".tarte-cachée.md"] {
            try "Des pommes.\n".write(toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: folder + "/tartes", withIntermediateDirectories: true)
        return (try FilesInTheEditorTests.app(in: folder, file: "crepes.md"), folder)
    }

    /// The status row and the rows above it that differ from the screen
    /// without a prompt: what the prompt draws.
    static func promptRows(_ app: EditorController, above count: Int) -> [String] {
        let status = app.height - app.bottomRows
        return (status - count ... status).map { app.screen.line($0).trimmingCharacters(in: .whitespaces) }
    }

    /// The row above the status row with no prompt open.
    static func editorRow(_ app: EditorController) -> String {
        app.screen.line(app.height - app.bottomRows - 1).trimmingCharacters(in: .whitespaces)
    }

    @Test func severalMatchesCompleteTheirCommonPartAndAreListedAboveThePrompt() throws {
        let (app, _) = try Self.app()
        let before = Self.editorRow(app)
        app.type(Keys.control("o") + Array("ta".utf8) + Self.tab)
        #expect(app.prompt == .line(OpenFileQuestion(), "tarte"))
        #expect(Self.promptRows(app, above: 1) == [
            "tarte-aux-pommes.md  tarte.md  tartelettes.md  tartes/",
            "Open (Tab completes): tarte",
        ])
        // Typing on hides the list; Tab again completes what is left.
        app.type("l")
        #expect(Self.promptRows(app, above: 1) == [before, "Open (Tab completes): tartel"])
        app.type(Self.tab)
        #expect(app.prompt == .line(OpenFileQuestion(), "tartelettes.md"))
        #expect(Self.promptRows(app, above: 1) == [before, "Open (Tab completes): tartelettes.md"])
        app.type([0x0D])
        #expect(app.session.path?.hasSuffix("/tartelettes.md") == true)
    }

    @Test func oneFolderCompletesWithItsSlashAndNoMatchIsSaid() throws {
        let (app, _) = try Self.app()
        app.type(Keys.control("o") + Array("tartes".utf8) + Self.tab)
        #expect(app.prompt == .line(OpenFileQuestion(), "tartes/"))
        app.type(Self.tab)
        #expect(Self.promptRows(app, above: 0) == ["Open (Tab completes): tartes/  — no files there"])
        app.type(Keys.control("u") + Array("xyz".utf8) + Self.tab)
        #expect(app.prompt == .line(OpenFileQuestion(), "xyz"))
        #expect(Self.promptRows(app, above: 0) == ["Open (Tab completes): xyz  — no file or folder starts with \"xyz\""])
        // Hidden files only for a name that starts with a dot.
        app.type(Keys.control("u") + Array(".tarte".utf8) + Self.tab)
        #expect(app.prompt == .line(OpenFileQuestion(), ".tarte-cachée.md"))
    }

    @Test func theSaveAsPromptCompletesToo() throws {
        let (app, _) = try Self.app()
        app.type([0x1B, 0x73])
        // The pre-filled name is selected; Ctrl-U clears it, Tab completes what is typed.
        app.type(Keys.control("u") + Array("tartel".utf8) + Self.tab)
        #expect(app.prompt == .line(SaveAsQuestion(), "tartelettes.md"))
    }

    @Test func manyMatchesFillAFewRowsAndSayHowManyMore() {
        let names = (1 ... 40).map { "recette-\($0).md" }
        let rows = EditorController.completionRows(names, width: 60, rows: 3)
        #expect(rows == [
            "recette-1.md  recette-2.md  recette-3.md  recette-4.md",
            "recette-5.md  recette-6.md  recette-7.md  recette-8.md",
            "recette-9.md  recette-10.md  recette-11.md  … 29 more",
        ])
        #expect(EditorController.completionRows(["a.md", "b.md"], width: 60) == ["a.md  b.md"])
    }
}
