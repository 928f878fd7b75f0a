import Foundation

// `make bench`: prints medians; never asserts a time.
print("Roux benchmarks (release build)")
EngineBenchmarks.run()
