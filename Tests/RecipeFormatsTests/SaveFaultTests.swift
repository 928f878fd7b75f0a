import CFileSystem
import Foundation
import RecipeStorage
import RecipeFormats
import RichText
import RouxTestSupport
import Testing

/// A save through every failure the file system can give it: each step of
/// both ways of saving (a rename, and in place for a hard-linked file) made
/// to fail in turn. After each: the original byte for byte as it was, no
/// file of ours left beside it, a message in plain words, and the recipe
/// still saveable.
@Suite("Saving through every failure")
final class SaveFaultTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    private func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".roux") }
    }

    /// The file, opened and edited near its start (so every byte after the
    /// edit moves), and what a save should write.
    private func editedRecipe(_ name: String, bytes: Int) throws -> (path: String, original: Data, opened: RecipeFiles.Opened, saved: Data) {
        let path = folder.appendingPathComponent(name).path
        let original = Data(largeRecipe(bytes: bytes).utf8)
        try original.write(to: URL(fileURLWithPath: path))
        var opened = try RecipeFiles.open(path: path)
        let secondLine = try #require(opened.recipe.document.text.characters.firstIndex(of: "\n"))
        try opened.recipe.document.select(TextSelection(caret: secondLine))
        opened.recipe.document.insert("\nServir tiède.")
        let expected = try #require(RecipeFiles.fileContents(opened.recipe, as: .markdown).contents.joined())
        return (path, original, opened, Data(expected))
    }

    static let renameSteps: [SaveStep] = [.openOriginal, .createTemporary, .write, .setOwner, .setMode, .copyAttributes, .syncTemporary, .closeTemporary, .rename]

    @Test(arguments: renameSteps)
    func aFailedStepLeavesTheOriginalWhole(_ step: SaveStep) throws {
        let (path, original, opened, saved) = try editedRecipe("tarte.md", bytes: 200_000)
        let faults: SaveFaults = step == .write ? .diskFull(after: 100_000) : .fail(step, with: EIO)
        #expect {
            try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: opened.fingerprint, writer: SafeFileWriter(faults: faults))
        } throws: { error in
            let message = (error as? RecipeFiles.SaveError)?.description ?? ""
            return message.hasPrefix("\(path): not saved: ") && message.hasSuffix("; the file on disk is unchanged")
                && message.contains(step == .write ? "the disk is full (writing)" : "input/output error")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        #expect(try leftovers().isEmpty)
        // Nothing was lost: the same recipe saves once the disk is fine.
        try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: opened.fingerprint)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == saved)
    }

    static let inPlaceSteps: [SaveStep] = [.openOriginal, .createTemporary, .write, .syncTemporary, .openInPlace, .backUpOriginal, .reserveSpace, .writeInPlace,
                                           .truncateInPlace, .syncInPlace]

    /// A file with a second name is written in place; a failure at any step
    /// (in the middle of writing over it too) writes its old text back.
    @Test(arguments: inPlaceSteps)
    func aFailedStepInPlaceLeavesBothNamesWhole(_ step: SaveStep) throws {
        let (path, original, opened, saved) = try editedRecipe("lien.md", bytes: 3_000_000)
        let other = folder.appendingPathComponent("autre-nom.md").path
        #expect(link(path, other) == 0)
        let inode = Self.inode(of: path)
        // Writing over it fails after its first megabyte, so the original is half new when it stops.
        let faults = SaveFaults { current, bytes in
            guard current == step else { return nil }
            return step == .writeInPlace || step == .write || step == .backUpOriginal ? (bytes >= 1 << 20 ? ENOSPC : nil) : EIO
        }
        #expect(throws: RecipeFiles.SaveError.self) {
            try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: opened.fingerprint, writer: SafeFileWriter(faults: faults))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == original)
        #expect(Self.inode(of: path) == inode)
        #expect(try leftovers().isEmpty)
        try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: FileFingerprint.of(path: path))
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == saved)
    }

    /// A copied line whose bytes another program changed in place, keeping
    /// the size and putting the time back (the fingerprint cannot tell), is
    /// found out only once the copy, streamed a piece at a time, has been
    /// written: the new file is thrown away, the original stays as the
    /// other program left it (in place too), and the message says why.
    @Test(arguments: [false, true])
    func aCopyFoundChangedAtTheEndLeavesTheOriginal(hardLinked: Bool) throws {
        let path = folder.appendingPathComponent("longue.md").path
        let line = String(repeating: "beurre doux ", count: 3_000_000 / 12)
        try Data(("# Titre\n" + line + "\nfin\n").utf8).write(to: URL(fileURLWithPath: path))
        if hardLinked { #expect(link(path, folder.appendingPathComponent("autre-nom.md").path) == 0) }
        var opened = try RecipeFiles.open(path: path)
        try opened.recipe.document.select(TextSelection(caret: opened.recipe.document.text.endIndex))
        opened.recipe.document.insert(" Servir.")
        let contents = RecipeFiles.fileContents(opened.recipe, as: .markdown).contents
        var status = stat()
        #expect(stat(path, &status) == 0)
        let fingerprint = FileFingerprint.of(path: path)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 2_000_000)
        try handle.write(contentsOf: Data("X".utf8))
        try handle.close()
        var times = [status.st_atim, status.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(FileFingerprint.of(path: path) == fingerprint)
        let changed = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect {
            try SafeFileWriter().write(contents, to: path)
        } throws: { error in
            let failure = error as? SafeFileWriter.Failure
            return failure?.sourceChanged == true
                && failure?.description == "\(path): not saved: \(path) changed on disk while saving; the file on disk is unchanged"
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == changed)
        #expect(try leftovers().isEmpty)
    }

    /// A new file that could not be made is not called "unchanged".
    @Test func aFailedNewFileSaysNothingWasWritten() throws {
        let missing = folder.appendingPathComponent("no-such-folder/tarte.md").path
        #expect {
            try SafeFileWriter().write(Data("x\n".utf8), to: missing)
        } throws: { error in
            (error as? SafeFileWriter.Failure)?.description.hasSuffix("; nothing was written") == true
        }
        let (path, _, _, _) = try editedRecipe("existe.md", bytes: 100)
        #expect(SafeFileWriter.Failure(path: path, message: "disk full").description.hasSuffix("; the file on disk is unchanged"))
    }

    /// The calls that make a save durable are made, in order: the new text
    /// synced before the rename, the folder after it; in place, the backup
    /// and the original synced. Recorded as made, not as about to be made:
    /// taking an fsync out shows here and nowhere else short of a power cut.
    @Test func aSaveSyncsWhatItWritesBeforeItCounts() throws {
        let made = StepRecord()
        let (path, _, opened, _) = try editedRecipe("durable.md", bytes: 3_000)
        let recording = SaveFaults(before: { _, _ in nil }, made: { made.add($0) })
        try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: opened.fingerprint, writer: SafeFileWriter(faults: recording))
        #expect(made.steps == [.syncTemporary, .rename, .syncFolder])

        let inPlace = StepRecord()
        let (linked, _, reopened, _) = try editedRecipe("durable-linked.md", bytes: 3_000)
        #expect(link(linked, folder.appendingPathComponent("durable-second.md").path) == 0)
        let recordingInPlace = SaveFaults(before: { _, _ in nil }, made: { inPlace.add($0) })
        try RecipeFiles.save(reopened.recipe, as: .markdown, to: linked, expected: reopened.fingerprint,
                             writer: SafeFileWriter(faults: recordingInPlace))
        #expect(inPlace.steps == [.syncTemporary, .backUpOriginal, .syncInPlace, .syncFolder])
    }

    final class StepRecord: @unchecked Sendable {
        private let lock = NSLock()
        private var recorded: [SaveStep] = []
        var steps: [SaveStep] { lock.withLock { recorded } }
        func add(_ step: SaveStep) { lock.withLock { recorded.append(step) } }
    }

    @Test func aHardLinkedFileKeepsItsInodeAndEveryNameShowsTheNewText() throws {
        let (path, _, opened, saved) = try editedRecipe("deux-noms.md", bytes: 5_000)
        let other = folder.appendingPathComponent("second.md").path
        #expect(link(path, other) == 0)
        let inode = Self.inode(of: path)
        try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: opened.fingerprint)
        #expect(Self.inode(of: path) == inode)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == saved)
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == saved)
        #expect(try leftovers().isEmpty)
    }

    @Test func ownerGroupPermissionsAndExtendedAttributesAreKept() throws {
        let (path, _, opened, saved) = try editedRecipe("a-lui.md", bytes: 5_000)
        // Root saving another user's file (tests run as root here); as
        // anyone else, a group of ours and the attributes.
        let isRoot = geteuid() == 0
        if isRoot { #expect(chown(path, 65534, 65534) == 0) }
        #expect(chmod(path, 0o640) == 0)
        let value = Array("gardé".utf8)
        #expect(value.withUnsafeBytes { roux_set_path_attribute(path, "user.roux-test", $0.baseAddress, $0.count) } == 0)
        try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: FileFingerprint.of(path: path))
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o7777 == 0o640)
        if isRoot { #expect(status.st_uid == 65534 && status.st_gid == 65534) } else { #expect(status.st_uid == geteuid()) }
        var read = [UInt8](repeating: 0, count: 64)
        let length = read.withUnsafeMutableBytes { roux_get_path_attribute(path, "user.roux-test", $0.baseAddress, $0.count) }
        #expect(length == value.count && Array(read[..<max(0, length)]) == value)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == saved)
    }

    @Test func aSymbolicLinkStaysALink() throws {
        let (path, _, opened, saved) = try editedRecipe("vrai.md", bytes: 2_000)
        let link = folder.appendingPathComponent("lien-symbolique.md").path
        #expect(symlink("vrai.md", link) == 0)
        try RecipeFiles.save(opened.recipe, as: .markdown, to: link, expected: FileFingerprint.of(path: link))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == "vrai.md")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == saved)
    }

    static func inode(of path: String) -> UInt64 {
        var status = stat()
        stat(path, &status)
        return UInt64(status.st_ino)
    }
}
