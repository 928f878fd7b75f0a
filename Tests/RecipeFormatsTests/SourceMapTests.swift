import RouxTestSupport
import Foundation
import PropertyBased
@testable import RecipeStorage
@testable import Recipes
@testable import RecipeFormats
import RichText
import Testing

/// A save changes only the lines the user edited: every other line is
/// copied from the file as it was (`TextSourceMap`), whatever the file's
/// size, and the file reads back as the document.
@Suite("Saving changes only what was edited")
struct SourceMapTests {
    static func temporaryFile(_ contents: String, extension ext: String = "md") -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-map-\(UUID().uuidString).\(ext)").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(contents.utf8))
        return path
    }

    static func lines(_ bytes: [UInt8], crlf: Bool) -> [[UInt8]] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
        if crlf { lines = lines.map { $0.last == 0x0D ? Array($0.dropLast()) : $0 } }
        return lines
    }

    static func read(_ bytes: [UInt8], cooklang: Bool) -> Recipe {
        let text = String(decoding: bytes, as: UTF8.self)
        return cooklang ? CooklangFormat.parse(text) : MarkdownRecipeFormat.parse(text)
    }

    /// Open, edit, check the save, now and then save for real: every line
    /// the oracle says is untouched is byte for byte the file's, and the
    /// file reads back as the document but where the save reported a line.
    static func check(_ codes: [Int], _ edits: [Int], cooklang: Bool, open: (String) -> Recipe?) {
        let file = RealLookingFiles.file(codes, cooklang: cooklang)
        let path = temporaryFile(file, extension: cooklang ? "cook" : "md")
        defer { unlink(path) }
        guard var recipe = open(path) else {
            Issue.record("did not open:\n\(file)")
            return
        }
        let format: RecipeFormat = cooklang ? .cooklang : .markdown
        let crlf = recipe.style.lineEnding == "\r\n"
        var original = lines(Array(file.utf8), crlf: crlf)
        #expect(RecipeFiles.fileContents(recipe, as: format).contents.joined() == Array(file.utf8), "unedited:\n\(file)")
        var untouched = UntouchedLines(paragraphs: UntouchedLines.paragraphStarts(recipe.document.text).count)
        var head = original.count - (file.utf8.last == 0x0A ? 1 : 0) - untouched.origins.count
        for (round, edit) in edits.enumerated() {
            let before = recipe.document.text
            let version = recipe.document.version
            RealLookingFiles.edit(edit, &recipe)
            if let change = recipe.document.change(since: version) {
                untouched.follow(change, old: before, new: recipe.document.text)
            }
            let contents = RecipeFiles.fileContents(recipe, as: format).contents
            guard let saved = contents.joined() else {
                Issue.record("could not copy from the file")
                return
            }
            let savedLines = lines(saved, crlf: crlf)
            let newHead = savedLines.count - (saved.last == 0x0A ? 1 : 0) - untouched.origins.count
            for (paragraph, origin) in untouched.origins.enumerated() {
                guard let origin, newHead + paragraph < savedLines.count else { continue }
                #expect(savedLines[newHead + paragraph] == original[head + origin],
                        "untouched line \(origin + head + 1) changed after edit \(round) (\(edit)):\n\(String(decoding: saved, as: UTF8.self))")
            }
            let differing = read(saved, cooklang: cooklang).paragraphsDiffering(from: recipe)
            #expect(Set(differing).isSubset(of: contents.problemLines),
                    "reads back differently at \(differing), reported \(contents.problemLines):\n\(String(decoding: saved, as: UTF8.self))")
            // Every third edit is saved: the map then names the new file.
            if round % 3 == 2, let written = try? RecipeFiles.save(recipe, as: format, to: path, expected: nil, checkConflicts: false) {
                #expect((try? Data(contentsOf: URL(fileURLWithPath: path))) == Data(saved))
                recipe.document.sourceMap = written.sourceMap
                original = savedLines
                untouched = UntouchedLines(paragraphs: untouched.origins.count)
                head = newHead
            }
        }
    }

    static func openWhole(_ path: String, pieceBytes: Int = 40) -> Recipe? {
        guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        if path.hasSuffix(".cook") { return CooklangFormat.read(contents, path: path, readFrom: FileFingerprint.of(path: path)).recipe }
        return MarkdownRecipeFormat.read(contents, path: path, readFrom: FileFingerprint.of(path: path), pieceBytes: pieceBytes).recipe
    }

    @Test func markdownReadWholeKeepsEveryUntouchedLine() async {
        await propertyCheck(count: PropertyCases.scaled(120), input: zip(RealLookingFiles.files, RealLookingFiles.editCodes)) { codes, edits in
            Self.check(codes, edits, cooklang: false) { Self.openWhole($0) }
        }
    }

    @Test func cooklangKeepsEveryUntouchedLine() async {
        await propertyCheck(count: PropertyCases.scaled(120), input: zip(RealLookingFiles.files, RealLookingFiles.editCodes)) { codes, edits in
            Self.check(codes, edits, cooklang: true) { Self.openWhole($0) }
        }
    }

    /// Read a slice at a time as a large file is, in slices small enough that
    /// a short book has many, each cut into blocks.
    @Test func markdownReadInSlicesKeepsEveryUntouchedLine() async {
        await propertyCheck(count: PropertyCases.scaled(80), input: zip(RealLookingFiles.files, RealLookingFiles.editCodes)) { codes, edits in
            Self.check(codes, edits, cooklang: false) { Self.openInSlices($0) }
        }
    }

    static func openInSlices(_ path: String, sliceBytes: Int = 97, pieceBytes: Int = 31) -> Recipe? {
        guard let reader = try? LargeFileReader(path: path), let scan = try? reader.scan(allowBinary: false),
              var load = try? MarkdownRecipeFormat.beginLoading(file: reader, style: scan.style, path: path, firstSlice: 1,
                                                                keepingSource: true, sourcePieceBytes: pieceBytes) else { return nil }
        while !load.isComplete { load.loadMore(maxBytes: sliceBytes) }
        return load.failure == nil ? load.recipe : nil
    }

    /// The editor shows the first slices and lets the user type while the
    /// rest is read: typing at the end of what is loaded changes the slice
    /// whose lines are still waiting for the next one.
    @Test func editsWhileAFileIsReadAreNeverCopiedOver() async {
        await propertyCheck(count: PropertyCases.scaled(40), input: zip(RealLookingFiles.files, RealLookingFiles.editCodes)) { codes, edits in
            let file = RealLookingFiles.file(codes, cooklang: false)
            let path = Self.temporaryFile(file)
            defer { unlink(path) }
            guard let reader = try? LargeFileReader(path: path), let scan = try? reader.scan(allowBinary: false),
                  var load = try? MarkdownRecipeFormat.beginLoading(file: reader, style: scan.style, path: path, firstSlice: 1,
                                                                    keepingSource: true, sourcePieceBytes: 31) else {
                Issue.record("did not open")
                return
            }
            var recipe = load.recipe
            var round = 0
            while !load.isComplete {
                let edit = edits[round % edits.count]
                if edit % 2 == 0 {
                    // At the end of the text read so far.
                    try? recipe.document.select(TextSelection(caret: recipe.document.text.endIndex))
                    recipe.document.insert(["x", "\n", "**"][edit % 3])
                } else {
                    RealLookingFiles.edit(edit, &recipe)
                }
                load.loadMore(maxBytes: 97, into: &recipe)
                round += 1
            }
            let contents = MarkdownRecipeFormat.fileContents(recipe)
            let saved = try #require(contents.joined())
            let differing = MarkdownRecipeFormat.parse(String(decoding: saved, as: UTF8.self)).paragraphsDiffering(from: recipe)
            #expect(Set(differing).isSubset(of: contents.problemLines), "reads back differently at \(differing)")
        }
    }

    @Test func aCRLFFileReadInSlicesCopiesItsLinesWithTheirLineEndings() throws {
        let body = (0 ..< 40).map { "Ligne \($0) avec **du beurre** et ^[sel](ingredient: \"sel\")" }.joined(separator: "\r\n")
        let file = "---\r\ntitle: Pain\r\n---\r\n" + body + "\r\n"
        let path = Self.temporaryFile(file)
        defer { unlink(path) }
        var recipe = try #require(Self.openInSlices(path, sliceBytes: 200, pieceBytes: 90))
        #expect(recipe.style.lineEnding == "\r\n")
        #expect((recipe.document.sourceMap?.blocks.count ?? 0) > 10)
        #expect(MarkdownRecipeFormat.fileContents(recipe).joined() == Array(file.utf8))
        try recipe.document.select(TextSelection(caret: recipe.document.text.characterIndex(atUTF8Offset: 3)))
        recipe.document.insert("X")
        let saved = try #require(MarkdownRecipeFormat.fileContents(recipe).joined())
        let expected = file.replacingOccurrences(of: "Ligne 0 avec", with: "LigXne 0 avec")
        #expect(String(decoding: saved, as: UTF8.self) == expected)
    }

    @Test func aFileChangedOnDiskIsNotCopiedFrom() throws {
        let file = (0 ..< 30).map { "Ligne \($0) du **pain**" }.joined(separator: "\n") + "\n"
        let path = Self.temporaryFile(file)
        defer { unlink(path) }
        let opened = try RecipeFiles.open(path: path)
        #expect(MarkdownRecipeFormat.fileContents(opened.recipe).copySource != nil)
        // Another program writes the file; a forced save must write every line.
        try Data(file.replacingOccurrences(of: "pain", with: "riz!").utf8).write(to: URL(fileURLWithPath: path))
        #expect(MarkdownRecipeFormat.fileContents(opened.recipe).copySource == nil)
        try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: nil, checkConflicts: false)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == file)
    }

    /// Invalid UTF-8 is U+FFFD in the text (three bytes, the file's often
    /// one): the map still names the file's bytes, so an unedited file is
    /// copied whole, and a line after an edit as the file has it.
    @Test func aFileWithInvalidUTF8StillHasItsLinesToCopy() throws {
        let path = Self.temporaryFile("")
        defer { unlink(path) }
        let bytes: [UInt8] = Array("Du pain ".utf8) + [0xFF, 0xE2, 0x82] + Array(" et\n# Titre \u{E9}\n".utf8) + [0xC0] + Array("\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let opened = try RecipeFiles.open(path: path)
        #expect(opened.savingIsLossy)
        #expect(String(opened.recipe.document.text.characters) == "Du pain \u{FFFD}\u{FFFD} et\nTitre \u{E9}\n\u{FFFD}")
        let map = try #require(opened.recipe.document.sourceMap)
        #expect(map.blocks.map(\.source) == [0 ..< bytes.count - 1])
        #expect(MarkdownRecipeFormat.fileContents(opened.recipe).joined() == bytes)
        var recipe = opened.recipe
        let text = recipe.document.text
        let heading = try #require(text.characters.firstIndex(of: "T"))
        try recipe.document.select(TextSelection(caret: heading))
        recipe.document.insert("Le ")
        let contents = MarkdownRecipeFormat.fileContents(recipe)
        #expect(!contents.writesReplacementCharacters)
        #expect(contents.joined() == Array("Du pain ".utf8) + [0xFF, 0xE2, 0x82] + Array(" et\n# Le Titre \u{E9}\n".utf8) + [0xC0] + Array("\n".utf8))
    }

    /// Reading invalid UTF-8 gives what `String(decoding:as:)` gives, and
    /// every offset outside a replacement names the same byte in the file.
    @Test func replacedBytesDecodeAsTheStandardLibraryDoes() {
        let alphabet: [UInt8] = [0x41, 0x0A, 0x80, 0xBF, 0xC2, 0xC3, 0xE0, 0xE2, 0xED, 0xF0, 0xF4, 0xF5, 0xFF, 0xA9, 0x82, 0x9F, 0x90]
        var generator = SystemRandomNumberGenerator()
        for _ in 0 ..< 2000 {
            let bytes = (0 ..< Int.random(in: 0 ... 12, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? 0 }
            let replaced = ReplacedBytes(decoding: bytes)
            #expect(replaced.text == String(decoding: bytes, as: UTF8.self), "\(bytes)")
            let text = Array(replaced.text.utf8)
            for (offset, byte) in text.enumerated() where byte == 0x0A {
                #expect(bytes[replaced.fileOffset(ofText: offset)] == 0x0A, "\(bytes) at \(offset)")
            }
            #expect(replaced.fileOffset(ofText: text.count) == bytes.count)
        }
    }

    /// Another program changes a line in place, same size, and puts the
    /// file's time back: `stat` cannot tell, the file's checksum can (and
    /// for a large file, whose fingerprint has none, the lines' checksums as
    /// a save copies them). The save is a conflict; forced, it writes the
    /// recipe as shown, not copying the other program's line.
    @Test(arguments: [true, false])
    func aSameSizeChangeThatKeepsTheFileTimeIsAConflict(wholeFileChecksum: Bool) throws {
        let file = (0 ..< 30).map { "Ligne \($0) du **pain**" }.joined(separator: "\n") + "\n"
        let path = Self.temporaryFile(file)
        defer { unlink(path) }
        let opened = try RecipeFiles.open(path: path)
        var expected = try #require(opened.fingerprint)
        #expect(expected.checksum != nil)
        if !wholeFileChecksum { expected.checksum = nil }
        var status = stat()
        stat(path, &status)
        let descriptor = open(path, O_WRONLY)
        _ = "riz!".withCString { pwrite(descriptor, $0, 4, off_t(file.utf8.count / 2)) }
        close(descriptor)
        var times = [status.st_atim, status.st_mtim]
        utimensat(AT_FDCWD, path, &times, 0)
        #expect(!expected.statChanged(path: path), "stat is fooled")
        #expect(MarkdownRecipeFormat.fileContents(opened.recipe).joined() == nil)
        #expect {
            try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: expected)
        } throws: { error in
            if case .conflict = error as? RecipeFiles.SaveError { return true }
            return false
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) != file, "not overwritten")
        try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: expected, checkConflicts: false)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == file, "the recipe as shown, not the other program's line")
    }

    @Test func aChangeSplitsThePiecesItTouchesAtLineBoundaries() {
        // Lines "aaaa" 0..<4, "bbbb" 5..<9, "cccc" 10..<14 of one block, two bytes before each line in the file.
        var map = TextSourceMap(file: "f", stamp: "s")
        map.append(TextSourceMap.Block(source: 2 ..< 18, checksum: 1, sourceLineStarts: [0, 6, 12], textLineStarts: [0, 5, 10],
                                       textLength: 14), textStart: 0)
        // Typing at the end of "aaaa" (offset 4) changes that line, not "bbbb".
        var typed = map
        typed.update(for: TextChange(prefix: 4, suffix: 10, oldLength: 14, newLength: 15))
        #expect(typed.pieces == [.init(text: 6 ..< 15, block: 0, lines: 1 ..< 3)])
        // Typing in "bbbb" keeps the lines on both sides, the second moved.
        var middle = map
        middle.update(for: TextChange(prefix: 6, suffix: 7, oldLength: 14, newLength: 16))
        #expect(middle.pieces == [.init(text: 0 ..< 4, block: 0, lines: 0 ..< 1), .init(text: 12 ..< 16, block: 0, lines: 2 ..< 3)])
        #expect(middle.sourceRange(of: middle.pieces[1]) == 14 ..< 18)
        // Deleting the newline after "bbbb" joins it with "cccc": both go.
        map.update(for: TextChange(prefix: 9, suffix: 4, oldLength: 14, newLength: 13))
        #expect(map.pieces == [.init(text: 0 ..< 4, block: 0, lines: 0 ..< 1)])
        #expect(map.lines(from: map.line(after: map.pieces[0]), to: nil).count == 2, "the old lines are still named")
    }
}
