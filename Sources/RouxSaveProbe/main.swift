import Foundation
import Recipes
import RichText

// The child process of the crash tests (`SaveCrashTests`): opens a recipe,
// adds a paragraph, keeps the work in the recovery folder as the editor does
// before a save, then saves with SIGKILL at one step.
//
//     RouxSaveProbe FILE STEP [BYTES [middle]]
//
// STEP is a `SaveStep` name (or "none"); BYTES, how much of that step is done
// first; "middle" types one letter in the middle of the text instead of
// adding a paragraph. Prints nothing; exits 0 when the save finished, 1 when
// it failed.
/// With ROUX_PROBE_PEAK set to a file: the probe's own peak resident memory
/// (VmHWM, kB) written there, so a test measures this process alone (the
/// largest child of a test process may be another test's).
func reportPeakMemory() {
    guard let file = ProcessInfo.processInfo.environment["ROUX_PROBE_PEAK"],
          let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return }
    let kilobytes = line.split(separator: " ").dropFirst().first.map(String.init) ?? ""
    _ = FileManager.default.createFile(atPath: file, contents: Data(kilobytes.utf8))
}

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
    }
    try RecoveryStore().save(RecipeFiles.fileContents(opened.recipe, as: opened.format).contents, for: path)
    try RecipeFiles.save(opened.recipe, as: opened.format, to: path, expected: opened.fingerprint,
                         writer: SafeFileWriter(faults: faults))
    reportPeakMemory()
    exit(0)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
