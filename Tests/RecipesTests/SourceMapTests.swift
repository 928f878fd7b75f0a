import Foundation
import PropertyBased
@testable import Recipes
import RichText
import Testing

/// Saving copies the lines a file already holds (`TextSourceMap`): whatever
/// the edits since it was read or saved, the file written must be exactly
/// what writing every line would give.
@Suite("Saving copies unchanged lines")
struct SourceMapTests {
    /// A body of many lines from codes, and the edits to make, as codes.
    static let scenario = zip(Gen.int(in: 0 ... 100_000).array(of: 20 ... 120), Gen.int(in: 0 ... 1_000_000).array(of: 0 ... 12))

    static func book(_ codes: [Int]) -> Recipe {
        // Enough newlines for many pieces: every fourth fragment ends a line.
        FormatPropertyTests.recipe(codes.enumerated().flatMap { index, code in index % 4 == 3 ? [code, 24 + code / 30 * 30] : [code] })
    }

    /// An edit picked by `code`, somewhere in the text: typing, deleting
    /// (line breaks too), bold, a heading, a new ingredient, undo.
    static func edit(_ code: Int, _ recipe: inout Recipe) {
        let text = recipe.document.text
        let count = text.characters.count
        let lower = text.characters.index(text.startIndex, offsetBy: (code / 7) % (count + 1))
        let upper = text.characters.index(lower, offsetBy: min(5, text.characters.distance(from: lower, to: text.endIndex)))
        switch code % 7 {
        case 0:
            try? recipe.document.select(TextSelection(caret: lower))
            recipe.document.insert(["sel", "\n", "#", "**", "שלום", " "][code % 6])
        case 1:
            try? recipe.document.select(TextSelection(lower ..< upper))
            recipe.document.deleteBackward()
        case 2:
            try? recipe.document.select(TextSelection(lower ..< upper))
            _ = recipe.document.toggle(BoldAttribute.self)
        case 3:
            try? recipe.document.select(TextSelection(caret: lower))
            _ = recipe.document.setParagraphAttribute(HeadingLevelAttribute.self, to: 1 + code % 3)
        case 4:
            try? recipe.document.select(TextSelection(lower ..< upper))
            if let suggestion = recipe.suggestion(for: recipe.document.selection) { _ = recipe.apply(suggestion) }
        case 5:
            recipe.document.undo()
        default:
            try? recipe.document.select(TextSelection(caret: lower))
            recipe.document.deleteForward()
        }
    }

    /// The file `recipe` would be saved as, copies read from their file.
    static func savedBytes(_ recipe: Recipe) -> [UInt8]? {
        MarkdownRecipeFormat.fileContents(recipe).joined()
    }

    /// Whether a save now would copy every line of the body.
    static func copiesEveryLine(_ recipe: Recipe) -> Bool {
        MarkdownBody.pieces(of: recipe.document.text, reusing: recipe.document.sourceMap, lineEnding: recipe.style.lineEnding)
            .allSatisfy { if case .source = $0.content { true } else { false } }
    }

    static func temporaryFile(_ contents: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("roux-map-\(UUID().uuidString).md").path
        FileManager.default.createFile(atPath: path, contents: Data(contents.utf8))
        return path
    }

    /// Open, edit, save, edit: each time the copying save equals writing every line.
    static func check(_ codes: [Int], _ edits: [Int], open: (String) -> Recipe?) {
        let file = MarkdownRecipeFormat.serialize(book(codes))
        let path = temporaryFile(file)
        defer { unlink(path) }
        guard var recipe = open(path) else {
            Issue.record("did not open:\n\(file)")
            return
        }
        #expect(copiesEveryLine(recipe), "lines written anew after opening")
        #expect(savedBytes(recipe) == Array(file.utf8), "unedited")
        for (round, edit) in edits.enumerated() {
            Self.edit(edit, &recipe)
            let expected = Array(MarkdownRecipeFormat.serialize(recipe).utf8)
            #expect(savedBytes(recipe) == expected, "after edit \(round) (\(edit)) of \(edits)")
            // Every third edit is saved: the map then points at the new file.
            if round % 3 == 2, let saved = try? RecipeFiles.save(recipe, as: .markdown, to: path, expected: nil, checkConflicts: false) {
                #expect((try? Data(contentsOf: URL(fileURLWithPath: path))) == Data(expected))
                recipe.document.sourceMap = saved.sourceMap
            }
        }
    }

    @Test func aFileReadWholeSavesAsIfEveryLineWereWritten() async {
        await propertyCheck(count: 60, input: Self.scenario) { codes, edits in
            // In pieces small enough that a short book has many.
            Self.check(codes, edits) { path in
                guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
                return try? MarkdownRecipeFormat.parse(contents, path: path, readFrom: FileFingerprint.of(path: path), pieceBytes: 40)
            }
        }
    }

    /// Read a slice at a time as a large file is, in slices small enough that
    /// a short book has many, each cut into pieces.
    @Test func aFileReadInSlicesSavesAsIfEveryLineWereWritten() async {
        await propertyCheck(count: 60, input: Self.scenario) { codes, edits in
            Self.check(codes, edits) { path in Self.openInSlices(path) }
        }
    }

    static func openInSlices(_ path: String, sliceBytes: Int = 97, pieceBytes: Int = 31) -> Recipe? {
        guard let reader = try? LargeFileReader(path: path), let scan = try? reader.scan(allowBinary: false),
              var load = try? MarkdownRecipeFormat.beginLoading(file: reader, style: scan.style, path: path, firstSlice: 1,
                                                                keepingSource: true, sourcePieceBytes: pieceBytes) else { return nil }
        while !load.isComplete { load.loadMore(maxBytes: sliceBytes) }
        return load.errors.isEmpty ? load.recipe : nil
    }

    /// The editor shows the first slices and lets the user type while the
    /// rest is read: typing at the end of what is loaded changes the slice
    /// whose pieces are still waiting for the next one.
    @Test func editsWhileAFileIsReadAreNeverCopiedOver() async {
        await propertyCheck(count: 40, input: Self.scenario) { codes, edits in
            let file = MarkdownRecipeFormat.serialize(Self.book(codes))
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
                let edit = edits.isEmpty ? round : edits[round % edits.count]
                if edit % 2 == 0 {
                    // At the end of the text read so far.
                    try? recipe.document.select(TextSelection(caret: recipe.document.text.endIndex))
                    recipe.document.insert(["x", "\n", "**"][edit % 3])
                } else {
                    Self.edit(edit, &recipe)
                }
                load.loadMore(maxBytes: 97, into: &recipe)
                round += 1
            }
            #expect(Self.savedBytes(recipe) == Array(MarkdownRecipeFormat.serialize(recipe).utf8))
        }
    }

    @Test func aCRLFFileReadInSlicesCopiesItsLinesWithTheirLineEndings() {
        let body = (0 ..< 40).map { "Ligne \($0) avec **du beurre** et ^[sel](ingredient: \"sel\")" }.joined(separator: "\r\n")
        let file = "---\r\ntitle: Pain\r\n---\r\n" + body + "\r\n"
        let path = Self.temporaryFile(file)
        defer { unlink(path) }
        guard var recipe = Self.openInSlices(path, sliceBytes: 200, pieceBytes: 90) else {
            Issue.record("did not open")
            return
        }
        #expect(recipe.style.lineEnding == "\r\n")
        #expect((recipe.document.sourceMap?.pieces.count ?? 0) > 10)
        #expect(Self.copiesEveryLine(recipe))
        #expect(Self.savedBytes(recipe) == Array(file.utf8))
        for code in [3_500, 77_000, 12_345, 999_999, 4_242] {
            Self.edit(code, &recipe)
            #expect(Self.savedBytes(recipe) == Array(MarkdownRecipeFormat.serialize(recipe).utf8))
        }
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

    @Test func aFileWithInvalidUTF8HasNothingToCopy() throws {
        let path = Self.temporaryFile("")
        defer { unlink(path) }
        try Data("Du pain \u{FF}\n".utf8.map { $0 == 0xC3 ? 0xFF : $0 }).write(to: URL(fileURLWithPath: path))
        let opened = try RecipeFiles.open(path: path)
        #expect(opened.savingIsLossy)
        #expect(opened.recipe.document.sourceMap == nil)
    }

    /// Another program changes a line in place, same size, and puts the
    /// file's time back: the fingerprint cannot tell, the checksums can.
    @Test func aSameSizeChangeThatKeepsTheFileTimeIsNotCopied() throws {
        let file = (0 ..< 30).map { "Ligne \($0) du **pain**" }.joined(separator: "\n") + "\n"
        let path = Self.temporaryFile(file)
        defer { unlink(path) }
        let opened = try RecipeFiles.open(path: path)
        #expect(Self.copiesEveryLine(opened.recipe))
        var status = stat()
        stat(path, &status)
        let descriptor = open(path, O_WRONLY)
        _ = "riz!".withCString { pwrite(descriptor, $0, 4, off_t(file.utf8.count / 2)) }
        close(descriptor)
        var times = [status.st_atim, status.st_mtim]
        utimensat(AT_FDCWD, path, &times, 0)
        #expect(FileFingerprint.of(path: path) == opened.fingerprint, "the fingerprint is fooled")
        #expect(MarkdownRecipeFormat.fileContents(opened.recipe).joined() == nil)
        try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: opened.fingerprint)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == MarkdownRecipeFormat.serialize(opened.recipe))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == file, "the recipe as shown, not the other program's line")
    }

    @Test func aChangeDropsThePiecesItTouchesAndMovesThoseAfter() {
        // Lines "aaaa" 0..<4, "bbbb" 5..<9, "cccc" 10..<14, in a file with two bytes before each line.
        var map = TextSourceMap(file: "f", stamp: "s", pieces: [
            .init(text: 0 ..< 4, source: 2 ..< 6, checksum: 1), .init(text: 5 ..< 9, source: 8 ..< 12, checksum: 2),
            .init(text: 10 ..< 14, source: 14 ..< 18, checksum: 3),
        ])
        // Typing at the end of "aaaa" (offset 4) changes that line, not "bbbb".
        var typed = map
        typed.update(for: TextChange(prefix: 4, suffix: 10, oldLength: 14, newLength: 15))
        #expect(typed.pieces == [.init(text: 6 ..< 10, source: 8 ..< 12, checksum: 2), .init(text: 11 ..< 15, source: 14 ..< 18, checksum: 3)])
        // Typing at the start of "cccc" changes it; the lines before stay.
        var atStart = map
        atStart.update(for: TextChange(prefix: 10, suffix: 4, oldLength: 14, newLength: 16))
        #expect(atStart.pieces == [.init(text: 0 ..< 4, source: 2 ..< 6, checksum: 1), .init(text: 5 ..< 9, source: 8 ..< 12, checksum: 2)])
        // Deleting the newline after "bbbb" joins it with "cccc": both go.
        map.update(for: TextChange(prefix: 9, suffix: 4, oldLength: 14, newLength: 13))
        #expect(map.pieces == [.init(text: 0 ..< 4, source: 2 ..< 6, checksum: 1)])
    }
}
