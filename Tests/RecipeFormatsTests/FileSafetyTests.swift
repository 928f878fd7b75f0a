import Foundation
import RecipeStorage
import Recipes
import RecipeFormats
import RichText
import Testing

@Suite("Saving and opening files safely")
final class FileSafetyTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    private func file(_ name: String, _ contents: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try contents.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test func saveIsAtomicAndKeepsPermissions() throws {
        let path = try file("tarte.md", "# Tarte\nDes pommes.\n")
        chmod(path, 0o640)
        var opened = try RecipeFiles.open(path: path)
        opened.recipe.document.selectAll()
        opened.recipe.document.insert("Des poires.")
        try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: opened.fingerprint)
        // Typed text takes the attributes of what it replaces: still a heading.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# Des poires.\n")
        var status = stat()
        stat(path, &status)
        #expect(status.st_mode & 0o777 == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".roux-") }
        #expect(leftovers.isEmpty, "no temporary file is left behind")
    }

    @Test func aFullDiskLeavesTheOriginalUntouched() throws {
        let original = "# Tarte\nDes pommes.\n"
        let path = try file("plein.md", original)
        let opened = try RecipeFiles.open(path: path)
        var recipe = opened.recipe
        recipe.document.insert(String(repeating: "beaucoup de texte ", count: 1000))
        let fullDisk = SafeFileWriter(faults: .diskFull(after: 100))
        #expect {
            try RecipeFiles.save(recipe, as: .markdown, to: path, expected: opened.fingerprint, writer: fullDisk)
        } throws: { error in
            (error as? RecipeFiles.SaveError)?.description.contains("the disk is full") == true
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".roux-") }
        #expect(leftovers.isEmpty)
    }

    @Test func aMissingFolderIsAClearError() throws {
        let recipe = Recipe(body: AttributedString("x"))
        #expect {
            try RecipeFiles.save(recipe, as: .markdown, to: folder.appendingPathComponent("nope/x.md").path, expected: nil)
        } throws: { error in
            (error as? RecipeFiles.SaveError)?.description.contains("not saved") == true
        }
    }

    @Test func anExternalChangeIsAConflictNotAnOverwrite() throws {
        let path = try file("partage.md", "un\n")
        let opened = try RecipeFiles.open(path: path)
        Thread.sleep(forTimeInterval: 0.01)
        try "changé ailleurs\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: RecipeFiles.SaveError.self) {
            try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: opened.fingerprint)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "changé ailleurs\n")
    }

    @Test func invalidUTF8OpensWithAWarningAndSavingAsksFirstOnlyForALineThatHadIt() throws {
        let path = folder.appendingPathComponent("latin1.md").path
        let bytes = "Cr\u{E8}me br\u{FB}l\u{E9}e\nligne 2 \u{E9}\n".unicodeScalars.map { UInt8($0.value) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let opened = try RecipeFiles.open(path: path)
        #expect(opened.savingIsLossy)
        #expect(opened.warnings.count == 1)
        #expect(opened.warnings[0].hasPrefix("\(path):1:3: not valid UTF-8: 4 bytes shown as \u{FFFD} (kept as they are unless their line is edited)"))
        #expect(String(opened.recipe.document.text.characters).hasPrefix("Cr\u{FFFD}me"))
        // Not edited: every byte as it was, no question.
        try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: opened.fingerprint, allowLossy: false, lossy: true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
        // An edited line that had invalid UTF-8 would be written with U+FFFD: asked first.
        let reopened = try RecipeFiles.open(path: path)
        var recipe = reopened.recipe
        try recipe.document.select(TextSelection(caret: recipe.document.text.startIndex))
        recipe.document.insert("La ")
        #expect(throws: RecipeFiles.SaveError.self) {
            try RecipeFiles.save(recipe, as: .markdown, to: path, expected: reopened.fingerprint, allowLossy: false, lossy: true)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(bytes))
        try RecipeFiles.save(recipe, as: .markdown, to: path, expected: reopened.fingerprint, allowLossy: true, lossy: true)
        let line2 = "ligne 2 \u{E9}\n".unicodeScalars.map { UInt8($0.value) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(Array("La Cr\u{FFFD}me br\u{FFFD}l\u{FFFD}e\n".utf8) + line2))
    }

    /// The case: a Latin-1 line, an empty one, a line edited. The
    /// save copies the first line's bytes as they are (it wrote U+FFFD for
    /// them) and asks nothing.
    @Test func invalidUTF8OnALineNotEditedIsCopiedAsItIs() throws {
        let path = folder.appendingPathComponent("caf\u{E9}.md").path
        let bytes: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" cr".utf8) + [0xE8] + Array("me\n\nOK line\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        for ext in ["md", "cook", "txt"] {
            let typed = path + "." + ext
            try Data(bytes).write(to: URL(fileURLWithPath: typed))
            defer { unlink(typed) }
            let opened = try RecipeFiles.open(path: typed)
            var recipe = opened.recipe
            try recipe.document.select(TextSelection(caret: recipe.document.text.endIndex))
            recipe.document.insert(" ZZ")
            try RecipeFiles.save(recipe, as: opened.format, to: typed, expected: opened.fingerprint, allowLossy: false, lossy: opened.savingIsLossy)
            let saved = try Data(contentsOf: URL(fileURLWithPath: typed))
            #expect(saved == Data(Array(bytes.dropLast()) + Array(" ZZ\n".utf8)), "\(ext): \(String(decoding: saved, as: UTF8.self))")
        }
    }

    /// A recipe deleted goes to the home trash as the freedesktop.org
    /// specification has it: the file under `files/`, its `.trashinfo`
    /// (where it was, percent-encoded; when, in local time) under `info/`,
    /// and a second file of the same name beside the first, not over it.
    @Test func aDeletedRecipeGoesToTheTrashWithItsInfo() throws {
        let trash = Trash.home(environment: ["XDG_DATA_HOME": folder.path + "/data", "HOME": "/nowhere"])
        #expect(trash.folder == folder.path + "/data/Trash")
        #expect(Trash.home(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/cook"]).folder == "/home/cook/.local/share/Trash")
        let path = try file("soupe à l'oignon.md", "Des oignons.\n")
        var components = DateComponents()
        (components.year, components.month, components.day, components.hour, components.minute, components.second) = (2026, 11, 26, 4, 5, 6)
        let date = try #require(Calendar.current.date(from: components))
        let trashed = try trash.move(path, date: date)
        #expect(trashed == trash.folder + "/files/soupe à l'oignon.md")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try String(contentsOfFile: trashed, encoding: .utf8) == "Des oignons.\n")
        let info = try String(contentsOfFile: trash.folder + "/info/soupe à l'oignon.md.trashinfo", encoding: .utf8)
        let encodedFolder = try #require(folder.path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed))
        #expect(info == "[Trash Info]\nPath=\(encodedFolder)/soupe%20%C3%A0%20l'oignon.md\nDeletionDate=2026-11-26T04:05:06\n")
        var status = stat()
        stat(trash.folder, &status)
        #expect(status.st_mode & 0o777 == 0o700)
        // Another file of that name: beside it.
        let again = try file("soupe à l'oignon.md", "Encore.\n")
        #expect(try trash.move(again) == trash.folder + "/files/soupe à l'oignon.2.md")
        #expect(FileManager.default.fileExists(atPath: trash.folder + "/info/soupe à l'oignon.2.md.trashinfo"))
        #expect(try String(contentsOfFile: trash.folder + "/files/soupe à l'oignon.md", encoding: .utf8) == "Des oignons.\n")
    }

    /// Where the trash cannot be used, the file stays where it is: never
    /// deleted for good instead.
    @Test func aFileTheTrashCannotTakeIsNotDeleted() throws {
        let path = try file("gardé.md", "Gardé.\n")
        let blocked = try file("pas-un-dossier", "")
        #expect {
            try Trash(folder: blocked + "/Trash").move(path)
        } throws: { error in
            (error as? Trash.Refusal)?.description.hasPrefix("the trash (\(blocked)/Trash) cannot be made") == true
        }
        #expect(FileManager.default.fileExists(atPath: path))
        // On another file system the file would have to be copied: refused, and no info file is left behind.
        var shared = stat()
        var here = stat()
        try #require(stat("/dev/shm", &shared) == 0 && stat(folder.path, &here) == 0 && shared.st_dev != here.st_dev,
                     "a folder on another file system")
        let elsewhere = Trash(folder: "/dev/shm/roux-trash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: elsewhere.folder) }
        #expect {
            try elsewhere.move(path)
        } throws: { error in
            (error as? Trash.Refusal)?.description.contains("is on another disk than the file") == true
        }
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.folder + "/info").isEmpty)
    }

    @Test func binaryFilesAreRefusedUnlessForced() throws {
        let path = folder.appendingPathComponent("image.md").path
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00]).write(to: URL(fileURLWithPath: path))
        #expect {
            try RecipeFiles.open(path: path)
        } throws: { error in
            (error as? RecipeLoadFailure)?.description.contains("binary file") == true
        }
        let forced = try RecipeFiles.openAsPlainText(path: path, allowBinary: true)
        #expect(forced.recipe.document.text.characters.count > 0)
    }

    @Test func aMalformedFileOpensWithWarningsLosingNothing() throws {
        let contents = "---\ntitle: [oops\n---\nDu ^[beurre(ingredient: \"beurre\")\n"
        let path = try file("cassé.md", contents)
        let opened = try RecipeFiles.open(path: path)
        #expect(opened.warnings.count == 2)
        #expect(RecipeFiles.serialize(opened.recipe, as: opened.format).text == contents)
        // Marking an ingredient would rewrite the front matter: it is kept as it was.
        var recipe = opened.recipe
        recipe.apply(IngredientSuggestion(name: "Du"))
        #expect(RecipeFiles.serialize(recipe, as: .markdown).text.hasPrefix("---\ntitle: [oops\n---\n"))
    }

    @Test func malformedFrontMatterNamesALineAndColumn() throws {
        let (_, warnings) = MarkdownRecipeFormat.read("---\ntitle: ok\ningredients: [a, b\nfoo: 1\n---\nbody\n", path: "r.md")
        let first = try #require(warnings.first)
        #expect(first.path == "r.md" && first.line >= 3 && first.line <= 5 && first.column >= 1 && first.message.hasPrefix("front matter"))
        // No closing line: not front matter but text.
        let unclosed = MarkdownRecipeFormat.read("---\ntitle: x\nno closing line\n")
        #expect(unclosed.warnings.isEmpty)
        #expect(String(unclosed.recipe.document.text.characters) == "---\ntitle: x\nno closing line")
    }

    /// A key given twice is named on one line, at the second use.
    @Test func aKeyGivenTwiceIsNamedWhereItIsRepeated() throws {
        let (_, warnings) = MarkdownRecipeFormat.read("---\ntitle: Mix\ndate: 2020-01-01\ntags: [a]\ndate: 2021-02-02\n---\nbody\n", path: "r.md")
        #expect(warnings.map(\.description) == ["r.md:5:1: front matter: \"date\" is given twice (first on line 3); the front matter is kept as it is"])
    }

    @Test func recoveryFilesAreFoundLoadedAndDiscarded() throws {
        let store = RecoveryStore(directory: folder.appendingPathComponent("state/roux"))
        let path = try file("brouillon.md", "avant\n")
        #expect(store.find(for: path) == nil)
        try store.save("après, pas encore enregistré\n", for: path)
        let entry = try #require(store.find(for: path))
        #expect(entry.contents == "après, pas encore enregistré\n")
        #expect(entry.originalPath == URL(fileURLWithPath: path).standardizedFileURL.path)
        #expect(store.find(for: folder.appendingPathComponent("autre.md").path) == nil)
        store.discard(for: path)
        #expect(store.find(for: path) == nil)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "avant\n", "the file itself is never touched")
    }

    @Test func recoveryLivesUnderXDGStateHome() {
        #expect(RecoveryStore(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"]).directory.path == "/x/state/roux")
        #expect(RecoveryStore(environment: ["HOME": "/home/u"]).directory.path == "/home/u/.local/state/roux")
    }
}

/// Formatting a file has that the recipe definition does not keep (a text
/// colour outside an ingredient): said on open, kept in the file while its
/// line is not edited, and a save that would drop it asks first.
@Suite("Formatting Roux cannot show")
struct RefusedFormattingTests {
    static let file = "^[Texte rouge](foregroundColor: \"red\") et du sel.\nAutre ligne, ^[rouge](foregroundColor: \"red\") aussi.\n"

    func opened() throws -> (path: String, opened: RecipeFiles.Opened) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-red-\(UUID().uuidString).md").path
        try Data(Self.file.utf8).write(to: URL(fileURLWithPath: path))
        return (path, try RecipeFiles.open(path: path))
    }

    @Test func openingSaysHowMuchAndWhereTheFirstIs() throws {
        let (path, opened) = try opened()
        defer { unlink(path) }
        #expect(opened.warnings == ["\(path):1:3: 2 pieces of formatting Roux cannot show (colour is set by the ingredient); "
            + "the file keeps them while their lines are not edited"])
    }

    /// The column (of the formatted text's first character) counts the
    /// file's line, markup before it included, as every other message of
    /// `roux check` does.
    @Test(arguments: [("# Titre\n\n- **Gras** et ^[rouge](foregroundColor: \"red\") ici.\n", 3, 17),
                      ("> ## _Été_ ^[rouge](foregroundColor: \"red\")\n", 1, 14)])
    func theFirstPlaceIsTheFilesColumn(file: String, line: Int, column: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-red-\(UUID().uuidString).md").path
        try Data(file.utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        let opened = try RecipeFiles.open(path: path)
        #expect(opened.warnings.first?.hasPrefix("\(path):\(line):\(column): formatting Roux cannot show") == true, "\(opened.warnings)")
    }

    @Test func editsTheLineCanHoldKeepItAndOthersAskFirst() throws {
        let (path, opened) = try opened()
        defer { unlink(path) }
        // Typing elsewhere in the line: the line is patched, the colour stays.
        var typed = opened.recipe
        try typed.document.select(TextSelection(caret: try #require(typed.document.text.characters.firstIndex(of: "."))))
        typed.document.insert("!")
        try RecipeFiles.save(typed, as: .markdown, to: path, expected: opened.fingerprint, allowDroppingFormatting: false)
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("^[Texte rouge](foregroundColor: \"red\") et du sel!.\n"))
        // The line written anew without it: the save asks (names the file's line).
        var reopened = try RecipeFiles.open(path: path)
        let start = reopened.recipe.document.text.startIndex
        let newline = try #require(reopened.recipe.document.text.characters.firstIndex(of: "\n"))
        try reopened.recipe.document.select(TextSelection(start ..< newline))
        reopened.recipe.document.insert("Tout autre chose.")
        #expect {
            try RecipeFiles.save(reopened.recipe, as: .markdown, to: path, expected: reopened.fingerprint, allowDroppingFormatting: false)
        } throws: { error in
            if case .dropsFormatting(_, let lines) = error as? RecipeFiles.SaveError { return lines == [1] }
            return false
        }
        try RecipeFiles.save(reopened.recipe, as: .markdown, to: path, expected: reopened.fingerprint, allowDroppingFormatting: true)
        // The other line, untouched, keeps its colour.
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "Tout autre chose.\nAutre ligne, ^[rouge](foregroundColor: \"red\") aussi.\n")
    }
}

/// An edited line that cannot be patched is written anew with the
/// emphasis its old line used: `_` stays `_`.
@Suite("The line's own markup")
struct OwnMarkupTests {
    @Test(arguments: [("4. _Optional_: If you are __not__ sure.\n", "nal: If", "4. _Optio_ you are __not__ sure.\n"),
                      ("4. *Optional*: If you are **not** sure.\n", "nal: If", "4. *Optio* you are **not** sure.\n")])
    func anEditAcrossEmphasisKeepsItsDelimiter(file: String, cut: String, saved: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-em-\(UUID().uuidString).md").path
        try Data(("# Boeuf\n\n" + file).utf8).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        var opened = try RecipeFiles.open(path: path)
        let range = try #require(opened.recipe.document.text.characters.ranges(of: Array(cut)).first)
        try opened.recipe.document.select(TextSelection(range))
        opened.recipe.document.deleteBackward()
        try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: opened.fingerprint)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# Boeuf\n\n" + saved)
    }
}

/// A UTF-8 byte-order mark is kept byte for byte and not read as text.
@Suite("Byte-order marks")
struct ByteOrderMarkTests {
    static let mark = "\u{FEFF}"

    @Test(arguments: [("tarte.md", "---\ntitle: Tarte\n---\n# Tarte aux pommes\nDes pommes.\n", "Tarte"),
                      ("tarte2.md", "# Tarte aux pommes\nDes pommes.\n", "Tarte aux pommes"),
                      ("tarte.cook", ">> title: Tarte\n\nDes @pommes{3}.\n", "Tarte"),
                      ("tarte.txt", "Tarte\nDes pommes.\n", nil)])
    func theMarkIsKeptAndTheTitleBehindItSeen(name: String, body: String, title: String?) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-bom-\(UUID().uuidString)-\(name)").path
        defer { unlink(path) }
        let file = Self.mark + body
        try Data(file.utf8).write(to: URL(fileURLWithPath: path))
        let opened = try RecipeFiles.open(path: path)
        #expect(opened.recipe.title == title)
        #expect(opened.recipe.style.hasByteOrderMark)
        #expect(!String(opened.recipe.document.text.characters).contains(Self.mark))
        #expect(RecipeFiles.title(ofFileAt: path) == title)
        // Unedited: byte for byte; edited: the mark stays first.
        #expect(RecipeFiles.fileContents(opened.recipe, as: opened.format).contents.joined() == Array(file.utf8))
        var recipe = opened.recipe
        try recipe.document.select(TextSelection(caret: recipe.document.text.endIndex))
        recipe.document.insert("Servir.")
        try RecipeFiles.save(recipe, as: opened.format, to: path, expected: opened.fingerprint)
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(saved.starts(with: [0xEF, 0xBB, 0xBF]))
        #expect(String(decoding: saved, as: UTF8.self).hasPrefix(file.trimmingCharacters(in: .newlines)))
        #expect(String(decoding: saved, as: UTF8.self).hasSuffix("Servir.\n"))
        // Written anew, every line: the mark too.
        #expect(RecipeFiles.serialize(recipe, as: opened.format).text.hasPrefix(Self.mark))
    }
}

extension ByteOrderMarkTests {
    /// A file large enough to be read in slices where it lies.
    @Test(arguments: ["grand.md", "grand.txt"])
    func aLargeFileKeepsItsMarkToo(name: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-bom-\(UUID().uuidString)-\(name)").path
        defer { unlink(path) }
        var body = "# Grand livre\n"
        while body.utf8.count < 4_400_000 { body += "Une ligne de recette, avec des pommes et du beurre.\n" }
        try Data((Self.mark + body).utf8).write(to: URL(fileURLWithPath: path))
        let opened = try RecipeFiles.open(path: path)
        #expect(opened.recipe.style.hasByteOrderMark)
        #expect(String(opened.recipe.document.text.characters.prefix(12)) == (name.hasSuffix(".md") ? "Grand livre\n" : "# Grand livr"))
        #expect(RecipeFiles.fileContents(opened.recipe, as: opened.format).contents.joined() == Array((Self.mark + body).utf8))
    }
}
