import FuzzChecks
import Foundation

// The fuzzing binary. Built by `make fuzz` with libFuzzer
// (`-sanitize=fuzzer,address -DFUZZING`), which brings its own `main` and
// calls the entry point below for every input; the target is chosen with
// ROUX_FUZZ_TARGET (markdown, cooklang, front-matter, yaml-aliases, input,
// html, printers, json-ld, picture). Built normally, it replays files: `RouxFuzz TARGET FILE…`.

#if FUZZING
/// The check of this run, read once.
nonisolated(unsafe) private var fuzzCheck: FuzzCheck?

/// libFuzzer's entry point, called for every input. The binary is linked
/// by `make fuzz` itself (libFuzzer brings `main`; SwiftPM would define
/// `main` as this module's and the two would clash).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if fuzzCheck == nil {
        let name = ProcessInfo.processInfo.environment["ROUX_FUZZ_TARGET"] ?? ""
        guard let check = FuzzCheck(rawValue: name) else {
            fatalError("ROUX_FUZZ_TARGET must be one of \(FuzzCheck.allCases.map(\.rawValue))")
        }
        fuzzCheck = check
    }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let problem = fuzzCheck?.check(bytes) {
        // A broken promise is a finding: libFuzzer keeps the input.
        fatalError(problem)
    }
    return 0
}
#else
@main
struct RouxFuzz {
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let check = FuzzCheck(rawValue: name) else {
            print("usage: RouxFuzz \(FuzzCheck.allCases.map(\.rawValue).joined(separator: "|")) FILE…")
            exit(2)
        }
        var failed = false
        for file in arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: file) else { continue }
            if let problem = check.check(Array(data)) {
                print("\(file): \(problem)")
                failed = true
            }
        }
        exit(failed ? 1 : 0)
    }
}
#endif
