import Foundation
import RecipeStorage
import RecipeFormats
import RichText

// The child process of the crash tests (`SaveCrashTests`): opens a recipe,
// adds a paragraph, keeps the work in the recovery folder as the editor does
// before a save, then saves with SIGKILL at one step.
//
//     RouxSaveProbe FILE STEP [BYTES [middle|all]]
//
// STEP is a `SaveStep` name (or "none"); BYTES, how much of that step is done
// first; "middle" types one letter in the middle of the text instead of
// adding a paragraph; "all" adds the paragraph and writes every line anew
// (as after a replace-all); "changed" adds it and touches the file between
// making the recovery's contents and writing them, as a save would while
// the recovery is written: the recovery falls back to writing every line
// anew, and so does the save (which overwrites the file). Prints nothing; exits 0
// when the save finished, 1 when it failed.
//
// With ROUX_PROBE_PEAK set to a file, written there (one line, kB and
// seconds): the probe's own peak resident memory while it keeps the work
// and saves (VmHWM, reset once the recipe is open and edited), its resident
// memory before (the open recipe), and the seconds the recovery and the
// save took. A test thus measures this process alone (the largest child of
// a test process may be another test's) and the writing alone.
func memoryStatus(_ field: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }) else { return nil }
    return line.split(separator: " ").dropFirst().first.flatMap { Int($0) }
}

let peakFile = ProcessInfo.processInfo.environment["ROUX_PROBE_PEAK"]

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: RouxSaveProbe FILE STEP [BYTES]\n".utf8))
    exit(2)
}
let path = arguments[1]
let faults = SaveStep(rawValue: arguments[2]).map { SaveFaults.kill(at: $0, afterBytes: arguments.count > 3 ? Int(arguments[3]) ?? 0 : 0) }
    ?? .none
do {
    var opened = try RecipeFiles.open(path: path)
    let text = opened.recipe.document.text
    if arguments.count > 4, arguments[4] == "middle" {
        try opened.recipe.document.select(TextSelection(caret: text.characterIndex(atUTF8Offset: text.utf8.count / 2)))
        opened.recipe.document.insert("x")
    } else {
        try opened.recipe.document.select(TextSelection(caret: text.endIndex))
        opened.recipe.document.insert("\nAjouter une pincée de sel.")
        if arguments.count > 4, arguments[4] == "all" { opened.recipe.document.sourceMap = nil }
    }
    let loaded = memoryStatus("VmRSS") ?? 0
    // The peak from here on: the writing's, over the open recipe.
    if peakFile != nil { try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8) }
    let start = Date()
    let touched = arguments.count > 4 && arguments[4] == "changed"
    var contents: FileContents?
    if touched {
        contents = RecipeFiles.fileContents(opened.recipe, as: opened.format).contents
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: path)
    }
    try RecoveryStore().keep(opened.recipe, as: opened.format, for: path, contents: contents)
    contents = nil
    let kept = Date()
    try RecipeFiles.save(opened.recipe, as: opened.format, to: path, expected: touched ? nil : opened.fingerprint,
                         checkConflicts: !touched, writer: SafeFileWriter(faults: faults))
    if let peakFile {
        let line = "\(memoryStatus("VmHWM") ?? 0) \(loaded) \(kept.timeIntervalSince(start)) \(Date().timeIntervalSince(kept))\n"
        try line.write(toFile: peakFile, atomically: false, encoding: .utf8)
    }
    exit(0)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
