import Foundation

// `make bench`: prints medians; never asserts a time.
print("Roux benchmarks (release build)")
if CommandLine.arguments.contains("--profile-insert") { InsertProfile.run(); exit(0) }
if CommandLine.arguments.contains("--profile-viewport") { ViewportProfile.run(); exit(0) }
EngineBenchmarks.run()
LayoutBenchmarks.run()
LongLineProbe.run()
