import Foundation
import RecipeFormats
import RichText
@testable import RouxApp
import TerminalUI
import Testing

/// Prompts that never lose typing, Save As, read-only files, files changed
/// on disk, and line numbers that are the file's.
@Suite("Prompts, Save As and files that changed")
final class PromptAndSafetyTests {
    let folder: String

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-prompts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// Four lines of front matter, then the text from line 5.
    static let tarte = "---\ntitle: Tarte\nservings: 4\n---\nPréchauffer le four.\nÉplucher les pommes.\nCuire 30 minutes.\n"

    func open(_ name: String, _ contents: String, width: Int = 100) throws -> EditorController {
        let path = folder + "/" + name
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
        let opened = try RecipeFiles.open(path: path)
        let app = EditorController(session: EditorSession(opened: opened), width: width, height: 20)
        app.announceOpened(warnings: opened.warnings)
        return app
    }

    func statusLine(_ app: EditorController) -> String {
        app.screen.line(app.height - 2)
    }

    @Test func goToLineCountsTheFilesLinesAndTakesLineColumnTypedInOneGo() throws {
        let app = try open("tarte.md", Self.tarte)
        // Typed quickly: Ctrl-L and "6:5" in one read, then Enter.
        app.type(Keys.control("l") + Array("6:5".utf8) + [0x0D])
        #expect(app.prompt == nil)
        #expect(statusLine(app).hasPrefix("6:5 "), "\(statusLine(app))")
        let text = app.session.document.text
        let caret = text.utf8Offset(of: app.session.document.selection.primary.head)
        #expect(String(text.characters[text.characterRange(atUTF8Offsets: caret ..< caret + 5)]) == "cher ")
        // A line number inside the front matter goes to the first line of the text.
        app.type(Keys.control("l") + Array("2".utf8) + [0x0D])
        #expect(statusLine(app).hasPrefix("5:1 "))
        #expect(app.message == "line 2 is in the file's front matter, which Roux keeps as written: here is the first line of the text")
        // Past the end: the last line, and how many the file has.
        app.type(Keys.control("l") + Array("999".utf8) + [0x0D])
        let lines = Self.tarte.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(app.message == "the file has \(lines) lines: here is the last")
        // Line numbers in the gutter are the file's too.
        app.type(Array("\u{1B}OS".utf8)) // F4
        #expect(app.editorLines[0].hasPrefix("    5 Préchauffer"), "\(app.editorLines[0])")
    }

    /// On a narrow terminal a question takes the rows it needs, so every
    /// answer can be read (at 30 columns "Esc stay" was cut off).
    @Test func aQuestionOnANarrowTerminalIsShownWhole() throws {
        let app = editor("Du pain.\n", width: 30, height: 12)
        app.type("Vite. ")
        app.type(Keys.control("q"))
        let rows = app.screen.lines.suffix(4).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows == ["", "Save changes before quitting?", "y save and quit · n quit", "without saving · Esc stay"])
        let cursor = try #require(app.render().cursor)
        #expect(cursor.y == app.height - 1 && cursor.x == "without saving · Esc stay".count, "after the question's last word")
    }

    @Test func aWrongAnswerKeepsThePromptAndSaysWhy() throws {
        let app = try open("tarte.md", Self.tarte)
        app.type(Keys.control("l") + Array("abc".utf8) + [0x0D])
        #expect(app.prompt == .line(GoToLineQuestion(), "abc"))
        #expect(statusLine(app).contains("type a line number, or LINE:COLUMN"))
        // Fixed in place: the prompt goes on.
        app.type(Array(repeating: 0x7F, count: 3) + Array("7".utf8) + [0x0D])
        #expect(app.prompt == nil)
        #expect(statusLine(app).hasPrefix("7:1 "))
    }

    @Test func saveAsWritesTheNewFileWhichBecomesTheOpenOneAndAsksBeforeReplacing() throws {
        let app = try open("tarte.md", Self.tarte)
        app.type("Vite. ")
        app.type([0x1B] + Array("s".utf8)) // Alt-S
        #expect(app.prompt == .line(SaveAsQuestion(), "tarte.md"))
        app.type(Array("tarte-rapide.md".utf8) + [0x0D])
        #expect(app.session.path == folder + "/tarte-rapide.md")
        #expect(!app.session.isModified)
        #expect(try String(contentsOfFile: folder + "/tarte-rapide.md", encoding: .utf8).contains("Vite. Préchauffer"))
        #expect(try String(contentsOfFile: folder + "/tarte.md", encoding: .utf8) == Self.tarte)
        // Onto an existing file: asked first.
        app.type("Très ")
        app.type([0x1B] + Array("s".utf8) + Array("tarte.md".utf8) + [0x0D])
        #expect(app.prompt == .question(OverwriteExistingQuestion(path: folder + "/tarte.md")))
        app.type("y")
        #expect(app.session.path == folder + "/tarte.md")
        #expect(try String(contentsOfFile: folder + "/tarte.md", encoding: .utf8).contains("Vite. Très Préchauffer"))
        // As Cooklang: the format the name says.
        app.type([0x1B] + Array("s".utf8) + Array("tarte.cook".utf8) + [0x0D])
        #expect(app.session.format == .cooklang)
        #expect(try String(contentsOfFile: folder + "/tarte.cook", encoding: .utf8).hasPrefix("---\ntitle: Tarte\n"))
    }

    /// /proc exists but makes no files: the status line says the file
    /// system refused, with the system's own words, before the path (a 120
    /// column terminal showed "the folder does not exist" and lost the end).
    @Test func saveAsWhereTheFileSystemMakesNoFilesSaysSoFirst() throws {
        let app = try open("tarte.md", Self.tarte, width: 120)
        app.type([0x1B] + Array("s".utf8))
        app.type(Array(repeating: 0x7F, count: 8) + Array("/proc/roux-tarte.md".utf8) + [0x0D])
        #expect(app.message == "not saved: the file system refused to create a file in its folder (no such file or directory); "
            + "nothing was written (/proc/roux-tarte.md)")
        let status = statusLine(app)
        #expect(status.hasPrefix("5:1  LTR  Body  not saved: the file system refused to create a file in its folder (no such file or directory);"),
                "\(status)")
        #expect(app.session.path == folder + "/tarte.md")
    }

    @Test func aReadOnlyFileSaysSoAndSavingAsksFirst() throws {
        let app = try open("lecture.md", Self.tarte)
        chmod(folder + "/lecture.md", 0o444)
        // Opened again now that it is read-only.
        let reopened = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: folder + "/lecture.md")), width: 100, height: 20)
        reopened.announceOpened(warnings: [])
        _ = app
        #expect(reopened.screen.line(0).contains("[read-only]"))
        #expect(statusLine(reopened).contains("read-only: Ctrl-S asks before replacing it"))
        reopened.type("Vite. " )
        reopened.type(Keys.control("s"))
        #expect(reopened.prompt == .question(SaveReadOnlyQuestion(folderIsWritable: true)))
        #expect(try String(contentsOfFile: folder + "/lecture.md", encoding: .utf8) == Self.tarte)
        reopened.type("y")
        #expect(!reopened.session.isModified)
        var status = stat()
        stat(folder + "/lecture.md", &status)
        #expect(status.st_mode & 0o777 == 0o444, "still read-only")
        #expect(try String(contentsOfFile: folder + "/lecture.md", encoding: .utf8).contains("Vite. Préchauffer"))
    }

    /// Another program changes the file in place, same size, and puts its
    /// time back: the save stops, and offers to reload, save as or overwrite.
    @Test func aFileChangedOnDiskIsAConflictThatCanBeReloaded() throws {
        let app = try open("partage.md", Self.tarte)
        let path = folder + "/partage.md"
        app.type("Vite. ")
        var status = stat()
        stat(path, &status)
        let changed = Self.tarte.replacingOccurrences(of: "30 minutes", with: "40 minutes")
        let descriptor = Glibc.open(path, O_WRONLY)
        _ = changed.withCString { Glibc.write(descriptor, $0, changed.utf8.count) }
        close(descriptor)
        var times = [status.st_atim, status.st_mtim]
        utimensat(AT_FDCWD, path, &times, 0)
        app.type(Keys.control("s"))
        #expect(app.prompt == .question(OverwriteConflictQuestion(fileIsGone: false)))
        #expect(statusLine(app).contains("partage.md changed on disk. r reload it"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == changed)
        app.type("r")
        #expect(app.text.contains("Cuire 40 minutes."))
        #expect(!app.text.contains("Vite."))
        #expect(!app.session.isModified)
    }

    /// Two editors on one file: A saves, B's save is a conflict, and B's
    /// Save As under the same name asks before replacing A's save (it
    /// replaced it without a word); Esc keeps A's text, y writes B's.
    @Test func saveAsOntoTheFileInConflictAsksBeforeReplacingIt() throws {
        let first = try open("soupe.md", Self.tarte)
        let path = folder + "/soupe.md"
        let second = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 100, height: 20)
        first.type("Écrit par A. ")
        first.type(Keys.control("s"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Écrit par A. "))
        second.type("Écrit par B. ")
        second.type(Keys.control("s"))
        #expect(second.prompt == .question(OverwriteConflictQuestion(fileIsGone: false)))
        second.type("a")
        #expect(second.prompt == .line(SaveAsQuestion(), path))
        second.type([0x0D])
        #expect(second.prompt == .question(OverwriteExistingQuestion(path: path)))
        #expect(statusLine(second).contains("soupe.md changed on disk since it was read. y replace it with this version · Esc"))
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Écrit par A. "))
        second.type(Keys.escape)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Écrit par A. "))
        #expect(second.session.isModified)
        // The same through another name of the file, then answered y.
        second.type([0x1B] + Array("s".utf8) + Array("./soupe.md".utf8) + [0x0D])
        #expect(second.prompt == .question(OverwriteExistingQuestion(path: folder + "/./soupe.md")))
        second.type("y")
        #expect(!second.session.isModified)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Écrit par B. "))
        // Its own file, unchanged since: Save As under its name saves, asking nothing.
        second.type("Encore. ")
        second.type([0x1B] + Array("s".utf8) + Array("soupe.md".utf8) + [0x0D])
        #expect(second.prompt == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Écrit par B. Encore. "))
    }

    /// A file deleted while open is no file to reload: the question says it
    /// is gone, r does nothing, y writes it again.
    @Test func aFileDeletedWhileOpenIsSaidGoneAndWrittenAgain() throws {
        let app = try open("parti.md", Self.tarte)
        let path = folder + "/parti.md"
        app.type("Vite. ")
        try FileManager.default.removeItem(atPath: path)
        #expect(app.noticeDiskChange())
        #expect(app.message == "parti.md is no longer on disk (deleted or moved): Ctrl-S asks before writing it again")
        app.type(Keys.control("s"))
        #expect(app.prompt == .question(OverwriteConflictQuestion(fileIsGone: true)))
        #expect(statusLine(app).contains("parti.md is no longer on disk (deleted or moved). y save it there again"))
        app.type("r")
        #expect(app.text.contains("Vite."), "nothing to reload: the work stays")
        app.type("y")
        #expect(app.prompt == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("Vite. "))
    }

    @Test func aChangeOnDiskIsNoticedWhileIdle() throws {
        let app = try open("vu.md", Self.tarte)
        #expect(!app.session.noticeDiskChange())
        Thread.sleep(forTimeInterval: 0.01)
        try (Self.tarte + "Servir.\n").write(toFile: folder + "/vu.md", atomically: true, encoding: .utf8)
        #expect(app.session.noticeDiskChange())
        #expect(!app.session.noticeDiskChange(), "said once")
    }

    @Test func savingAnEditThatDropsFormattingRouxCannotShowAsksFirst() throws {
        let app = try open("rouge.md", "^[Texte rouge](foregroundColor: \"red\") et du sel.\nAutre ligne.\n")
        #expect(app.message?.contains("formatting Roux cannot show") == true)
        // The whole first line retyped.
        app.type(Keys.shiftEnd)
        app.type("Tout autre chose.")
        app.type(Keys.control("s"))
        #expect(app.prompt == .question(SaveDroppingFormattingQuestion(lines: [1])))
        #expect(try String(contentsOfFile: folder + "/rouge.md", encoding: .utf8).hasPrefix("^[Texte rouge]"))
        app.type("y")
        #expect(!app.session.isModified)
        #expect(try String(contentsOfFile: folder + "/rouge.md", encoding: .utf8) == "Tout autre chose.\nAutre ligne.\n")
    }

    /// A file with Latin-1 bytes: typing on another line and saving asks
    /// nothing and keeps those bytes; typing on their line asks first, and
    /// only that line gets U+FFFD.
    @Test func invalidUTF8IsKeptOnLinesNotEditedAndAskedAboutOnAnEditedOne() throws {
        let path = folder + "/soupe.md"
        let first: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" cr".utf8) + [0xE8] + Array("me".utf8)
        try Data(first + Array("\n\nOK line\n".utf8)).write(to: URL(fileURLWithPath: path))
        let opened = try RecipeFiles.open(path: path)
        let app = EditorController(session: EditorSession(opened: opened), width: 100, height: 20)
        app.announceOpened(warnings: opened.warnings)
        #expect(app.prompt == .question(ReopenInLegacyEncodingQuestion(path: path, guess: .windows1252)))
        app.type(Keys.escape) // keep its bytes
        app.type(Array("\u{1B}[1;5F".utf8)) // Ctrl-End
        app.type(" ZZ")
        app.type(Keys.control("s"))
        #expect(app.prompt == nil)
        #expect(app.message == "saved")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(first + Array("\n\nOK line ZZ\n".utf8)))
        // Again, after that save: the line's bytes are still the file's.
        app.type(" 2")
        app.type(Keys.control("s"))
        #expect(app.prompt == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(first + Array("\n\nOK line ZZ 2\n".utf8)))
        app.type(Array("\u{1B}[1;5H".utf8)) // Ctrl-Home
        app.type("Une ")
        app.type(Keys.control("s"))
        #expect(app.prompt == .question(SaveLossyQuestion()))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(first + Array("\n\nOK line ZZ 2\n".utf8)))
        app.type("y")
        #expect(app.prompt == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "Une caf\u{FFFD} cr\u{FFFD}me\n\nOK line ZZ 2\n")
    }

    /// A file that is not UTF-8 is offered to be read as Windows-1252;
    /// said yes to, its text is right and the next save writes it as UTF-8
    /// (quitting first asks to save: the file is not what a save writes).
    @Test func aFileThatIsNotUTF8CanBeReadAsWindows1252AndSavedAsUTF8() throws {
        let path = folder + "/vieux.md"
        let bytes: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" cr".utf8) + [0xE8] + Array("me ".utf8) + [0x80]
            + Array(" 5, d\u{E9}j\u{E0} UTF-8\n\nOK line\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let opened = try RecipeFiles.open(path: path)
        let app = EditorController(session: EditorSession(opened: opened), width: 120, height: 20)
        app.announceOpened(warnings: opened.warnings)
        #expect(app.prompt == .question(ReopenInLegacyEncodingQuestion(path: path, guess: .windows1252)))
        #expect(statusLine(app).hasPrefix("vieux.md is not UTF-8 (bytes shown as \u{FFFD}). w read it as Windows-1252"))
        app.type("w")
        #expect(app.prompt == nil)
        #expect(app.text == "café crème € 5, déjà UTF-8\n\nOK line")
        #expect(app.message?.hasPrefix("read vieux.md as Windows-1252: Ctrl-S writes it as UTF-8") == true)
        #expect(app.session.isModified)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes), "converted only by a save")
        app.type(Keys.control("s"))
        #expect(app.prompt == nil)
        #expect(!app.session.isModified)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "café crème € 5, déjà UTF-8\n\nOK line\n")
    }

    /// A Hebrew recipe in Windows-1255 is offered as Hebrew (read as
    /// Latin-1 it was gibberish), Latin-1 stays one key away, and Ctrl-Z
    /// takes the reading back (it said "nothing to undo").
    @Test func aHebrewFileInWindows1255IsOfferedAsHebrewAndCtrlZTakesTheReadingBack() throws {
        let path = folder + "/עוגה.md"
        let bytes: [UInt8] = Array("# ".utf8) + [0xF2, 0xE5, 0xE2, 0xFA, 0x20, 0xF9, 0xE5, 0xF7, 0xE5, 0xEC, 0xE3] + Array("\n\n- 200 g\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let opened = try RecipeFiles.open(path: path)
        let app = EditorController(session: EditorSession(opened: opened), width: 160, height: 20)
        app.announceOpened(warnings: opened.warnings)
        #expect(app.prompt == .question(ReopenInLegacyEncodingQuestion(path: path, guess: .windows1255)))
        #expect(statusLine(app).contains("w read it as Windows-1255 (Hebrew, as its bytes look; a save then writes UTF-8) · l read it as Windows-1252"),
                "\(statusLine(app))")
        app.type("w")
        #expect(app.text == "עוגת שוקולד\n\n200 g")
        #expect(app.message?.contains("as Windows-1255") == true, "\(app.message ?? "")")
        app.type(Keys.control("z"))
        #expect(app.text.hasPrefix("\u{FFFD}"), "the file's bytes again: \(app.text)")
        #expect(app.prompt == .question(ReopenInLegacyEncodingQuestion(path: path, guess: .windows1255)))
        app.type("l")
        #expect(app.text.hasPrefix("òåâú"), "\(app.text)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes), "nothing written without a save")
    }

    @Test func aBinaryFileOpensAsTextOnlyWhenTheUserSaysSo() throws {
        let app = try open("tarte.md", Self.tarte)
        try Data([0x61, 0x0A, 0x62, 0x00, 0x63]).write(to: URL(fileURLWithPath: folder + "/photo.md"))
        app.type(Keys.control("o") + Array("photo.md".utf8) + [0x0D])
        #expect(app.prompt == .question(OpenBinaryQuestion(path: folder + "/photo.md", line: 2, column: 2)))
        #expect(statusLine(app).hasPrefix("photo.md is a binary file (a NUL byte at 2:2), not a recipe. y open it"))
        app.type("y")
        #expect(app.session.path == folder + "/photo.md")
        #expect(app.session.format == .plainText)
        #expect(app.text == "a\nb\u{0}c")
    }
}
