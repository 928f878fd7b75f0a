import CFileSystem
import Foundation
import RecipeStorage
import RecipeFormats
import RichText
import Testing

/// A neighbour who can write the folder of a recipe swaps its name with a
/// link or a hard link to a file of the user's, at one step of the save
/// (through the writer's system-call seam, `SaveFaults`). Whatever the
/// step, the user's other file keeps its bytes: the save fails, or writes
/// the file it found at the name when it began.
@Suite("A name swapped while saving")
final class SaveRaceTests {
    let folder: URL
    let shared: String
    let victim: String
    static let secret = Data("le secret de la maison\n".utf8)
    static let old = Data("# Tarte\nDes pommes.\n".utf8)

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-race-\(UUID().uuidString)")
        shared = folder.appendingPathComponent("partagé").path
        let home = folder.appendingPathComponent("maison").path
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        victim = home + "/secret.md"
        try Self.secret.write(to: URL(fileURLWithPath: victim))
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Exchanges `name` with `swap` when `step` comes (once: only while the
    /// name does not yet hold what `swap` held).
    static func swapping(_ name: String, with swap: String, at step: SaveStep, holding: @escaping @Sendable (String) -> Bool) -> SaveFaults {
        SaveFaults { current, _ in
            if current == step, !holding(name) { #expect(roux_exchange_names(name, swap) == 0) }
            return nil
        }
    }

    static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    static func inode(_ path: String) -> ino_t {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_ino : 0
    }

    static let renameSteps: [SaveStep] = [.openOriginal, .createTemporary, .write, .setOwner, .setMode, .copyAttributes,
                                          .syncTemporary, .closeTemporary, .rename]

    /// `roux export -o` into a shared folder (no fingerprint to compare):
    /// the name made a link to the user's file at any step.
    @Test(arguments: renameSteps)
    func aLinkSwappedInIsNeverWrittenThrough(_ step: SaveStep) throws {
        let path = shared + "/sortie.md"
        let swap = shared + "/.piège"
        try Self.old.write(to: URL(fileURLWithPath: path))
        #expect(symlink(victim, swap) == 0)
        let writer = SafeFileWriter(faults: Self.swapping(path, with: swap, at: step) { Self.isLink($0) })
        #expect {
            try writer.write(Data("# Nouveau\n".utf8), to: path)
        } throws: { error in
            (error as? SafeFileWriter.Failure)?.description == "\(path): not saved: the name was given to another file while saving; "
                + "the file on disk is unchanged"
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Self.secret)
        #expect(try Data(contentsOf: URL(fileURLWithPath: swap)) == Self.old, "the file that was at the name is untouched too")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).sorted() == [".piège", "sortie.md"])
    }

    static let inPlaceSteps: [SaveStep] = [.openOriginal, .createTemporary, .write, .syncTemporary, .openInPlace, .backUpOriginal,
                                           .reserveSpace, .writeInPlace, .truncateInPlace, .syncInPlace, .removeCopies]

    /// The editor's save of a hard-linked recipe (written in place) with the
    /// name made a hard link to the user's file at any step: the file is
    /// only ever written through the descriptor of the recipe's own inode.
    @Test(arguments: inPlaceSteps)
    func aHardLinkSwappedInIsNeverWrittenInPlace(_ step: SaveStep) throws {
        let path = shared + "/tarte.md"
        let other = shared + "/autre-nom.md"
        let swap = shared + "/.piège"
        try Self.old.write(to: URL(fileURLWithPath: path))
        #expect(link(path, other) == 0)
        #expect(link(victim, swap) == 0)
        let victimInode = Self.inode(victim)
        var opened = try RecipeFiles.open(path: path)
        try opened.recipe.document.select(TextSelection(caret: opened.recipe.document.text.endIndex))
        opened.recipe.document.insert("\nServir tiède.")
        let writer = SafeFileWriter(faults: Self.swapping(path, with: swap, at: step) { Self.inode($0) == victimInode })
        do {
            try RecipeFiles.save(opened.recipe, as: .markdown, to: path, expected: opened.fingerprint, writer: writer)
            // Swapped once the recipe's own inode was open: that is what was written.
            #expect(try String(contentsOfFile: other, encoding: .utf8) == "# Tarte\nDes pommes.\nServir tiède.\n")
        } catch let error as RecipeFiles.SaveError {
            #expect(error.description == "\(path): changed on disk since it was opened; not overwritten")
            #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == Self.old)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Self.secret)
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).filter { $0.hasPrefix(".roux") }.isEmpty)
    }

    /// `link1.md → link2.md → real.md`: both links stay links, real.md
    /// gets the text.
    @Test func aChainOfLinksIsFollowedToItsEnd() throws {
        let real = shared + "/real.md"
        try Self.old.write(to: URL(fileURLWithPath: real))
        #expect(symlink("real.md", shared + "/link2.md") == 0)
        #expect(symlink(shared + "/link2.md", shared + "/link1.md") == 0)
        try SafeFileWriter().write(Data("# Nouveau\n".utf8), to: shared + "/link1.md")
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "# Nouveau\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: shared + "/link1.md") == shared + "/link2.md")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: shared + "/link2.md") == "real.md")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared).sorted() == ["link1.md", "link2.md", "real.md"])
    }

    /// A link another user made (in a folder they can write) to a file of
    /// the user's is not followed.
    @Test func anotherUsersLinkIsNotFollowed() throws {
        try #require(geteuid() == 0, "this test gives a link to another user: run it as root")
        let path = shared + "/sortie.md"
        #expect(symlink(victim, path) == 0)
        #expect(lchown(path, 65534, 65534) == 0)
        #expect {
            try SafeFileWriter().write(Data("# Nouveau\n".utf8), to: path)
        } throws: { error in
            (error as? SafeFileWriter.Failure)?.description == "\(path): not saved: \(path) is a symbolic link of another user's "
                + "(uid 65534); it is not followed: give the file it names; the file on disk is unchanged"
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: victim)) == Self.secret)
    }

    /// A chain that loops is a clear error, not a hang.
    @Test func aLoopOfLinksIsRefused() throws {
        #expect(symlink("b.md", shared + "/a.md") == 0)
        #expect(symlink("a.md", shared + "/b.md") == 0)
        #expect {
            try SafeFileWriter().write(Data("x\n".utf8), to: shared + "/a.md")
        } throws: { error in
            (error as? SafeFileWriter.Failure)?.message == "too many symbolic links in a chain (over 40)"
        }
    }

    /// A name as long as a name can be (255 bytes) saves: the temporary
    /// file beside it has a short name of its own.
    @Test func aNameOf255BytesSaves() throws {
        let path = shared + "/" + String(repeating: "é", count: 125) + "xx.md"
        #expect((path as NSString).lastPathComponent.utf8.count == 255)
        try SafeFileWriter().write(Data("# Long\n".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# Long\n")
        try SafeFileWriter().write(Data("# Encore\n".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "# Encore\n")
    }
}
