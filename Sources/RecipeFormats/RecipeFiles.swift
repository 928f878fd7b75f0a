import Foundation
public import RichText
public import RecipeStorage
public import Recipes

/// Opening and saving recipe files, with every safety the user counts on.
public enum RecipeFiles {
    public struct Opened: Sendable {
        public var recipe: Recipe
        public var format: RecipeFormat
        public var path: String
        /// What the file looked like when read; saving checks it is still so.
        public var fingerprint: FileFingerprint?
        /// Things to tell the user (invalid UTF-8, marks added to the list).
        public var warnings: [String]
        /// Saving would change bytes the user did not touch (invalid UTF-8
        /// written as U+FFFD): ask first, then save with `allowLossy`.
        public var savingIsLossy: Bool
        /// The rest of a large file, still to be read (`open(path:progressively:)`).
        public var pendingLoad: ProgressiveRecipeLoad?
        /// Read in a legacy encoding where it is not UTF-8, at the user's word
        /// (`open(path:in:)`): the next save writes every line as UTF-8.
        public var convertsOnSave = false
    }

    /// Files larger than this load in slices.
    static let largeFile = 4 << 20

    /// Opens a recipe in the format its extension names. A file that does not
    /// parse throws every located error; `openAsPlainText` still opens it.
    public static func open(path: String, allowBinary: Bool = false, progressively: Bool = false) throws(RecipeLoadFailure) -> Opened {
        let statFingerprint = FileFingerprint.of(path: path)
        if let size = statFingerprint?.size, size > largeFile,
           let opened = try openLarge(path: path, fingerprint: statFingerprint, allowBinary: allowBinary, progressively: progressively) {
            return opened
        }
        let contents: RecipeFileReader.Contents
        do {
            contents = try RecipeFileReader.read(path: path, allowBinary: allowBinary)
        } catch {
            throw RecipeLoadFailure(errors: [error])
        }
        // The bytes just read, checksummed: a later change in place is seen even with its time put back.
        let fingerprint = FileFingerprint.of(path: path, checksum: contents.checksum, length: contents.byteCount) ?? statFingerprint
        let format = RecipeFormat(path: path)
        var warnings = contents.warnings
        // Front matter too long to read from the file's head: in slices
        // all the same, so an editor can show the first screen at once.
        if contents.text.utf8.count > largeFile,
           let load = format.file.loadInSlices(contents.text, path: path, firstSlice: firstSlice(progressively: progressively)) {
            return try opened(load, format: format, path: path, fingerprint: fingerprint, warnings: warnings,
                              savingIsLossy: contents.replacedSequences > 0, progressively: progressively)
        }
        // Lines read are copied back by a save, invalid UTF-8 and all.
        let read = format.file.read(contents.text, path: path, readFrom: fingerprint)
        var recipe = read.recipe
        warnings += read.warnings.map(\.description)
        if let replaced = contents.replaced { recipe.document.sourceMap = recipe.document.sourceMap?.namingFileBytes(of: replaced) }
        return Opened(recipe: recipe, format: format, path: path, fingerprint: fingerprint,
                      warnings: warnings, savingIsLossy: contents.replacedSequences > 0)
    }

    /// A recipe's title for a list, from the first 64 KB only (front matter
    /// or first heading): a folder of large files lists at once.
    public static func title(ofFileAt path: String) -> String? {
        guard let handle = openRegularFile(path) else { return nil }
        let head = String(decoding: (try? handle.read(upToCount: 64 << 10)) ?? Data(), as: UTF8.self)
        return RecipeFormat(path: path).file.title(ofHead: head, path: path)
    }

    /// A large Markdown or plain-text file, read where it lies a slice at a
    /// time (`LargeFileReader`): its text is never in memory twice. Nil for
    /// what must be read whole (a format that does not load in slices, as
    /// Cooklang; front matter longer than 1 MB).
    private static func openLarge(path: String, fingerprint: FileFingerprint?, allowBinary: Bool,
                                  progressively: Bool) throws(RecipeLoadFailure) -> Opened? {
        let format = RecipeFormat(path: path)
        guard format.file.loadsInSlices else { return nil }
        let reader: LargeFileReader
        let scan: LargeFileReader.Scan
        do {
            reader = try LargeFileReader(path: path)
            scan = try reader.scan(allowBinary: allowBinary)
        } catch {
            throw RecipeLoadFailure(errors: [error])
        }
        let slice = firstSlice(progressively: progressively)
        // Lines read are copied back by a save, invalid UTF-8 and all.
        guard let load = try format.file.loadInSlices(reader, style: scan.style, path: path, firstSlice: slice) else { return nil }
        return try opened(load, format: format, path: path, fingerprint: fingerprint, warnings: scan.warnings,
                          savingIsLossy: scan.invalidSequences > 0, progressively: progressively)
    }

    /// A screen's worth for an editor that reads the rest later; more when
    /// everything is read now.
    private static func firstSlice(progressively: Bool) -> Int { progressively ? 256 << 10 : 1 << 20 }

    /// A started load as it is handed out: still loading for an editor, else
    /// read to the end, its problems thrown.
    private static func opened(_ started: ProgressiveRecipeLoad, format: RecipeFormat, path: String, fingerprint: FileFingerprint?,
                               warnings: [String], savingIsLossy: Bool, progressively: Bool) throws(RecipeLoadFailure) -> Opened {
        var load = started
        if progressively, !load.isComplete {
            return Opened(recipe: load.recipe, format: format, path: path, fingerprint: fingerprint,
                          warnings: warnings + load.warnings.map(\.description), savingIsLossy: savingIsLossy, pendingLoad: load)
        }
        while !load.isComplete { load.loadMore(maxBytes: 1 << 20) }
        if let failure = load.failure { throw RecipeLoadFailure(errors: [failure]) }
        return Opened(recipe: load.recipe, format: format, path: path, fingerprint: fingerprint,
                      warnings: warnings + load.warnings.map(\.description), savingIsLossy: savingIsLossy)
    }


    /// Opens a file that is not valid UTF-8 with each byte that is not read
    /// in `encoding`, because the user chose to: nothing is copied from the
    /// file, so a save writes it all as UTF-8.
    public static func open(path: String, in encoding: LegacyEncoding) throws(RecipeLoadFailure) -> Opened {
        if let problem = RecipeFileReader.unreadable(path) {
            throw RecipeLoadFailure(errors: [RecipeFileError(path: path, line: 0, column: 0, message: problem)])
        }
        let data: Data
        switch RecipeFileReader.readAll(path) {
        case .success(let bytes): data = bytes
        case .failure(let failure):
            throw RecipeLoadFailure(errors: [RecipeFileError(path: path, line: 0, column: 0,
                                                              message: "cannot read it: \(SafeFileWriter.explain(failure.code))")])
        }
        let text = encoding.decodingWhereNotUTF8([UInt8](data))
        let format = RecipeFormat(path: path)
        let read = format.file.read(text, path: path, readFrom: nil)
        let recipe = read.recipe
        let warnings = read.warnings.map(\.description)
        let fingerprint = FileFingerprint.of(path: path, checksum: data.withUnsafeBytes { SourceChecksum.of($0) }, length: data.count)
        return Opened(recipe: recipe, format: format, path: path, fingerprint: fingerprint, warnings: warnings,
                      savingIsLossy: false, convertsOnSave: true)
    }

    /// Opens any readable file as plain text (a recipe file the user wants
    /// to see as it is, or a binary file forced open).
    public static func openAsPlainText(path: String, allowBinary: Bool = false) throws(RecipeLoadFailure) -> Opened {
        do {
            let contents = try RecipeFileReader.read(path: path, allowBinary: allowBinary)
            let fingerprint = FileFingerprint.of(path: path, checksum: contents.checksum, length: contents.byteCount)
            var recipe = PlainTextRecipeFormat.readText(contents.text, path: path, readFrom: fingerprint)
            if let replaced = contents.replaced { recipe.document.sourceMap = recipe.document.sourceMap?.namingFileBytes(of: replaced) }
            return Opened(recipe: recipe,
                          format: .plainText, path: path, fingerprint: fingerprint, warnings: contents.warnings,
                          savingIsLossy: contents.replacedSequences > 0)
        } catch {
            throw RecipeLoadFailure(errors: [error])
        }
    }

    public enum SaveError: Error, CustomStringConvertible {
        /// The file changed on disk since it was opened or saved.
        case conflict(path: String)
        /// Saving would write U+FFFD for invalid UTF-8 on a line the user
        /// edited; save again with `allowLossy`.
        case needsConsent(path: String)
        /// Lines the user edited would lose formatting Roux does not keep (file
        /// lines, from 1); save again with `allowDroppingFormatting`.
        case dropsFormatting(path: String, lines: [Int])
        case failed(SafeFileWriter.Failure)

        public var description: String {
            switch self {
            case .conflict(let path): "\(PathText.shown(path)): changed on disk since it was opened; not overwritten"
            case .needsConsent(let path): "\(PathText.shown(path)): has invalid UTF-8 that saving would replace with \u{FFFD}; save again to confirm"
            case .dropsFormatting(let path, let lines):
                "\(PathText.shown(path)): saving drops formatting Roux cannot show on line\(lines.count == 1 ? "" : "s") \(lines.map(String.init).joined(separator: ", "))"
            case .failed(let failure): failure.description
            }
        }
    }

    /// The file's contents in `format`, every line written from the
    /// document, and what that format could not hold.
    public static func serialize(_ recipe: Recipe, as format: RecipeFormat) -> (text: String, dropped: [String]) {
        let (contents, dropped) = fileContents(recipe, as: format, reusingSource: false)
        return (String(decoding: contents.joined() ?? [], as: UTF8.self), dropped)
    }

    /// The file's bytes in `format` (with `reusingSource`, the lines its
    /// source map still has in a file are copied), and what that format
    /// could not hold.
    public static func fileContents(_ recipe: Recipe, as format: RecipeFormat,
                                    reusingSource: Bool = true) -> (contents: FileContents, dropped: [String]) {
        // Lines are copied only into a file of the format they were read in.
        let reusingSource = reusingSource && recipe.document.sourceMap.map { RecipeFormat(path: $0.file) == format } ?? false
        return format.file.contents(of: recipe, reusingSource: reusingSource)
    }

    /// The file line (from 1) the text's first paragraph is on in `format`
    /// once saved: after the head a save writes now (`Saved.firstBodyLine`
    /// says the same after the save). The front matter grows and shrinks
    /// with the details and the ingredient list, and with their undo.
    public static func firstBodyLine(of recipe: Recipe, as format: RecipeFormat) -> Int {
        RecipeFileAssembly.closed(format.file.head(of: recipe), of: recipe).count { $0 == 0x0A } + 1
    }

    /// What a save did: the file's new fingerprint, what the format dropped,
    /// and the map of the lines now in the file, for the document to keep
    /// (`RichTextDocument.sourceMap`) so the next save copies them.
    public struct Saved: Sendable {
        public var fingerprint: FileFingerprint?
        public var dropped: [String]
        public var sourceMap: TextSourceMap?
        /// Body lines (from 0) that may read back differently (see `FileContents.problemLines`).
        public var problemLines: [Int] = []
        /// The file line the text now starts on (the front matter may have grown).
        public var firstBodyLine = 1
        /// Lines were copied from the file as they were (with any invalid UTF-8 they had).
        public var copiedLines = false
    }

    /// Saves atomically. Refuses when the file changed on disk since
    /// `expected` (pass nil to overwrite anyway) or when the save is lossy and
    /// not allowed.
    @discardableResult
    public static func save(_ recipe: Recipe, as format: RecipeFormat, to path: String, expected: FileFingerprint?,
                            checkConflicts: Bool = true, allowLossy: Bool = true, lossy: Bool = false,
                            allowDroppingFormatting: Bool = true,
                            writer: SafeFileWriter = SafeFileWriter()) throws(SaveError) -> Saved {
        if checkConflicts, !(expected?.matches(path: path) ?? (FileFingerprint.of(path: path) == nil)) { throw .conflict(path: path) }
        var (contents, dropped) = fileContents(recipe, as: format)
        // Invalid UTF-8 is copied with the lines the user did not edit; an
        // edited line that had some is written with U+FFFD, which needs consent.
        if lossy, !allowLossy, contents.writesReplacementCharacters { throw .needsConsent(path: path) }
        if !allowDroppingFormatting, !contents.droppedFormattingLines.isEmpty {
            throw .dropsFormatting(path: path, lines: contents.droppedFormattingLines.map { $0 + contents.firstBodyLine })
        }
        var copied: [Int: UInt64] = [:]
        // The writer checks the file it opens is the one expected: the name
        // may have been given to another file since the check above.
        let expectedFile = checkConflicts ? expected : nil
        do {
            copied = try writer.write(contents, to: path, expected: expectedFile)
        } catch where error.conflict {
            throw .conflict(path: path)
        } catch where error.sourceChanged {
            // The file the lines were to be copied from changed: when it is
            // the file being saved, someone else changed it (a conflict);
            // another file (a save under a new name), write every line.
            if checkConflicts, let source = contents.copySource?.path, sameFile(source, path) { throw .conflict(path: path) }
            contents = fileContents(recipe.withoutSourceMap, as: format).contents
            if lossy, !allowLossy, contents.writesReplacementCharacters { throw .needsConsent(path: path) }
            do {
                copied = try writer.write(contents, to: path, expected: expectedFile)
            } catch {
                throw error.conflict ? .conflict(path: path) : .failed(error)
            }
        } catch {
            throw .failed(error)
        }
        let fingerprint = FileFingerprint.ofWritten(path: path)
        return Saved(fingerprint: fingerprint, dropped: dropped,
                     sourceMap: contents.sourceMap(writtenTo: path, fingerprint: fingerprint, copied: copied),
                     problemLines: contents.problemLines, firstBodyLine: contents.firstBodyLine, copiedLines: !copied.isEmpty)
    }
}

extension RecipeFiles {
    /// Whether two paths name one file (the same inode on the same device).
    static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return first == second }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}

extension Recipe {
    /// The recipe with nothing to copy from (every line written anew).
    var withoutSourceMap: Recipe {
        var copy = self
        copy.document.sourceMap = nil
        return copy
    }
}
