import Foundation

// `make bench`: prints medians; never asserts a time.
if let index = CommandLine.arguments.firstIndex(of: "--recipe-files"), index + 1 < CommandLine.arguments.count,
   let bytes = Int(CommandLine.arguments[index + 1]) {
    RecipeBenchmarks.measure(bytes: bytes)
    exit(0)
}
if let index = CommandLine.arguments.firstIndex(of: "--recipe-memory"), index + 1 < CommandLine.arguments.count {
    RecipeBenchmarks.measureMemory(path: CommandLine.arguments[index + 1])
    exit(0)
}
if let index = CommandLine.arguments.firstIndex(of: "--long-line-memory"), index + 1 < CommandLine.arguments.count,
   let bytes = Int(CommandLine.arguments[index + 1]) {
    LongLineMemory.measure(bytes: bytes)
    exit(0)
}
if let index = CommandLine.arguments.firstIndex(of: "--parse-ingredient-lines"), index + 1 < CommandLine.arguments.count {
    IngredientLineParse.run(path: CommandLine.arguments[index + 1])
    exit(0)
}
if let index = CommandLine.arguments.firstIndex(of: "--corpus"), index + 1 < CommandLine.arguments.count {
    CorpusCheck.run(folders: Array(CommandLine.arguments[(index + 1)...]))
    exit(0)
}
// A child of `DenseMarks.run`, or a file of your own.
if let index = CommandLine.arguments.firstIndex(of: "--profile-dense-marks"), index + 2 < CommandLine.arguments.count {
    DenseMarks.profile(path: CommandLine.arguments[index + 1], word: CommandLine.arguments[index + 2])
    exit(0)
}
print("Roux benchmarks (release build)")
if CommandLine.arguments.contains("--profile-insert") { InsertProfile.run(); exit(0) }
if CommandLine.arguments.contains("--profile-viewport") { ViewportProfile.run(); exit(0) }
if CommandLine.arguments.contains("--profile-begin-loading") { BeginLoadingProfile.run(); exit(0) }
if let index = CommandLine.arguments.firstIndex(of: "--profile-memory"), index + 1 < CommandLine.arguments.count {
    MemoryProfile.run(path: CommandLine.arguments[index + 1])
    exit(0)
}
if let index = CommandLine.arguments.firstIndex(of: "--profile-mark"), index + 2 < CommandLine.arguments.count {
    MarkProfile.run(path: CommandLine.arguments[index + 1], word: CommandLine.arguments[index + 2])
    exit(0)
}
if CommandLine.arguments.contains("--dense-marks") { DenseMarks.run(); exit(0) }
if let index = CommandLine.arguments.firstIndex(of: "--profile-goto"), index + 1 < CommandLine.arguments.count {
    GoToLine.profile(path: CommandLine.arguments[index + 1])
    exit(0)
}
if let index = CommandLine.arguments.firstIndex(of: "--profile-typing"), index + 1 < CommandLine.arguments.count {
    TypingProfile.run(path: CommandLine.arguments[index + 1])
    exit(0)
}
if CommandLine.arguments.contains("--profile-save") { SaveProfile.run(); exit(0) }
if CommandLine.arguments.contains("--profile-long-line") { LongLineProbe.run(); exit(0) }
if CommandLine.arguments.contains("--profile-hostile-input") { HostileInputProfile.run(); exit(0) }
if CommandLine.arguments.contains("--profile-editor") { EditorBenchmarks.run(profileOnly: true); exit(0) }
EngineBenchmarks.run()
if CommandLine.arguments.contains("--engine-only") { exit(0) }
LayoutBenchmarks.run()
LongLineProbe.run()
RecipeBenchmarks.run()
LongLineMemory.run()
HostileInputProfile.run()
EditorBenchmarks.run()
GoToLine.run()
DenseMarks.run()
