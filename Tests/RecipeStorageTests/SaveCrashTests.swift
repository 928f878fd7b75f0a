import Foundation
import RecipeStorage
import RouxTestSupport
import Testing

/// A save killed at every step (SIGKILL, as a power cut would stop it): a
/// child process (`RouxSaveProbe`, built by `make test`) opens a 5 MB
/// recipe, adds a line, keeps the work in the recovery folder as the editor
/// does before saving, and saves until killed. After each kill the recovery
/// file holds the work, and the file is exactly the old or exactly the new
/// text — or, killed while writing over a hard-linked file in place, its
/// old text is whole in the backup beside it and the new text whole in the
/// temporary file.
@Suite("A save killed at every step")
final class SaveCrashTests {
    static let probe = repositoryRoot.appendingPathComponent(".build/debug/RouxSaveProbe").path
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    struct Run {
        var killed: Bool
        var status: Int32
    }

    /// Runs the probe on `path`, its recovery folder under `state`.
    /// `edit`: how the probe edits ("middle", "all"; nil: adds a paragraph).
    func runProbe(_ path: String, _ step: String, afterBytes bytes: Int = 0, state: URL, edit: String? = nil,
                  peakFile: String? = nil) throws -> Run {
        guard FileManager.default.isExecutableFile(atPath: Self.probe) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(Self.probe): build it first (make test does)"])
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.probe)
        process.arguments = [path, step, String(bytes)] + (edit.map { [$0] } ?? [])
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state.path
        environment["ROUX_PROBE_PEAK"] = peakFile
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        return Run(killed: process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL,
                   status: process.terminationStatus)
    }

    /// The old text, and the new text the probe saves when nothing stops it.
    func texts() throws -> (old: Data, new: Data) {
        let old = Data(largeRecipe(bytes: 5_000_000).utf8)
        let path = folder.appendingPathComponent("reference.md").path
        try old.write(to: URL(fileURLWithPath: path))
        let run = try runProbe(path, "none", state: folder.appendingPathComponent("reference-state"))
        #expect(!run.killed && run.status == 0)
        return (old, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func besides(_ name: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for entry in try FileManager.default.contentsOfDirectory(atPath: folder.path) where entry.hasPrefix(SafeFileWriter.temporaryPrefix(for: name)) {
            result[entry] = try Data(contentsOf: folder.appendingPathComponent(entry))
        }
        return result
    }

    func recovered(_ state: URL) throws -> Data? {
        let roux = state.appendingPathComponent("roux")
        guard let name = try FileManager.default.contentsOfDirectory(atPath: roux.path).first else { return nil }
        let data = try Data(contentsOf: roux.appendingPathComponent(name))
        // After its header line.
        guard let newline = data.firstIndex(of: 0x0A) else { return nil }
        return data[(newline + 1)...]
    }

    static let renameSteps: [SaveStep] = [.createTemporary, .write, .setOwner, .setMode, .copyAttributes, .syncTemporary,
                                          .closeTemporary, .rename, .syncFolder]

    @Test func killedAtEveryStepTheFileIsTheOldOrTheNewText() throws {
        let (old, new) = try texts()
        #expect(old != new)
        for (number, step) in Self.renameSteps.enumerated() {
            let name = "recette-\(number).md"
            let path = folder.appendingPathComponent(name).path
            try old.write(to: URL(fileURLWithPath: path))
            let state = folder.appendingPathComponent("state-\(number)")
            let run = try runProbe(path, step.rawValue, afterBytes: step == .write ? 2_000_000 : 0, state: state)
            #expect(run.killed, "\(step): the probe was not killed there (status \(run.status))")
            let now = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(now == old || now == new, "\(step): the file is neither the old nor the new text")
            #expect(try recovered(state) == new, "\(step): the recovery file does not hold the work")
        }
    }

    static let inPlaceSteps: [(SaveStep, Int)] = [(.write, 2_000_000), (.syncTemporary, 0), (.backUpOriginal, 2_000_000),
                                                  (.reserveSpace, 0), (.writeInPlace, 0), (.writeInPlace, 2_000_000),
                                                  (.truncateInPlace, 0), (.syncInPlace, 0), (.removeCopies, 0)]

    @Test func killedAtEveryStepInPlaceNothingIsLost() throws {
        let (old, new) = try texts()
        for (number, (step, bytes)) in Self.inPlaceSteps.enumerated() {
            let name = "lien-\(number).md"
            let path = folder.appendingPathComponent(name).path
            try old.write(to: URL(fileURLWithPath: path))
            #expect(link(path, folder.appendingPathComponent("autre-\(number).md").path) == 0)
            let state = folder.appendingPathComponent("state-lien-\(number)")
            let run = try runProbe(path, step.rawValue, afterBytes: bytes, state: state)
            #expect(run.killed, "\(step) after \(bytes): the probe was not killed there (status \(run.status))")
            let now = try Data(contentsOf: URL(fileURLWithPath: path))
            let copies = try besides(name)
            if now != old, now != new {
                // Stopped while writing over it: both texts are whole beside it.
                #expect(copies.values.contains(old) && copies.values.contains(new), "\(step) after \(bytes): a text is lost")
            }
            #expect(try recovered(state) == new, "\(step): the recovery file does not hold the work")
        }
    }

    /// What the probe reports with ROUX_PROBE_PEAK: its peak resident
    /// memory while it keeps the work and saves, and its resident memory
    /// before (the open recipe), in kB.
    func memory(_ peakFile: String) throws -> (peak: Int, loaded: Int) {
        let fields = try String(contentsOfFile: peakFile, encoding: .utf8).split(separator: " ").compactMap { Int($0) }
        try #require(fields.count >= 2, "the probe reports its memory")
        return (fields[0], fields[1])
    }

    /// An edit on one line of 20 MB, kept in the recovery folder and saved
    /// by the probe, as the editor does (`edit`), or finding the file changed
    /// meanwhile ("changed": every line written anew, twice): the line is
    /// checked and written from the text a piece at a time, so the writing
    /// takes less than the line over the open recipe (making the line a
    /// paragraph, reading it back and comparing took four times the line,
    /// 79 MB; patching it byte by byte, fifty: 5.8 GB for 100 MB).
    /// The line is plain words, or prose whose marks Markdown reads as text
    /// where they stand (`&`, `!`, `#`, `|`, `>`, a lone `~` or `^`).
    @Test(arguments: ["middle", "changed"], ["beurre doux ", "Beurre doux & sel! Page #3 | 2 > 1 ~ 3 ^ 2. "])
    func aLongLineIsKeptAndSavedInBoundedMemory(edit: String, words: String) throws {
        let path = folder.appendingPathComponent("ligne.md").path
        let line = String(repeating: words, count: 20_000_000 / words.utf8.count)
        let original = Data(("# Une ligne\n" + line + "\n").utf8)
        try original.write(to: URL(fileURLWithPath: path))
        let state = folder.appendingPathComponent("state-ligne")
        let peakFile = folder.appendingPathComponent("peak").path
        let run = try runProbe(path, "none", state: state, edit: edit, peakFile: peakFile)
        #expect(!run.killed && run.status == 0)
        // The probe's own peak (not the largest child of this test process,
        // which may be another test's), over the open recipe.
        let (peak, loaded) = try memory(peakFile)
        #expect(peak - loaded < 20 << 10, "\((peak - loaded) >> 10) MB over the open recipe (\(loaded >> 10) MB)")
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        if edit == "middle" {
            #expect(saved.count == original.count + 1, "the heading, the line, its newline and the letter typed")
            let typed = try #require(saved.indices.first { saved[$0] != original[$0] })
            #expect(saved[typed] == UInt8(ascii: "x") && saved[(typed + 1)...] == original[typed...])
        } else {
            #expect(saved == original + Data("Ajouter une pincée de sel.\n".utf8))
        }
        #expect(try recovered(state) == saved)
    }

    /// Every line of a 10 MB recipe written anew, the recovery and the save
    /// finding the file to copy from changed (as after a replace-all, or a
    /// save while the recovery was being written): the lines are read and
    /// written a few pieces at a time, so keeping and saving take little
    /// more than the file's bytes over the open recipe (every line's
    /// paragraph at once took 169 MB over the open recipe for 10 MB).
    @Test func everyLineWrittenAnewIsKeptAndSavedInBoundedMemory() throws {
        let path = folder.appendingPathComponent("lignes.md").path
        var text = "# Tarte aux pommes\n"
        var number = 0
        while text.utf8.count < 10_000_000 {
            text += "## Étape \(number)\n- \(number) g de **farine** et *sucre*\n"
                + "Éplucher les pommes et les couper en [quartiers](https://example.com/\(number)).\n\nCuire au four.\n"
            number += 1
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let state = folder.appendingPathComponent("state-lignes")
        let peakFile = folder.appendingPathComponent("peak-lignes").path
        let run = try runProbe(path, "none", state: state, edit: "changed", peakFile: peakFile)
        #expect(!run.killed && run.status == 0)
        let (peak, loaded) = try memory(peakFile)
        #expect(peak - loaded < 60 << 10, "\((peak - loaded) >> 10) MB over the open recipe (\(loaded >> 10) MB)")
        // Every line as it was (each is written as the file had it), and the paragraph added.
        let expected = Data((text + "Ajouter une pincée de sel.\n").utf8)
        let saved = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(saved == expected)
        #expect(try recovered(state) == expected)
    }
}
