import FuzzChecks
import Foundation
import RouxTestSupport
import Testing

/// Every seed of the fuzzers, and every input a fuzzer ever found breaking
/// a promise (copied into `Tests/Fuzz/<target>/`), through the same checks
/// the fuzzers make: a finding fixed stays fixed. A missing folder fails.
@Suite("Fuzzer seeds and findings")
struct FuzzSeedTests {
    static let root = repositoryRoot.appendingPathComponent("Tests/Fuzz")

    static let cases: [String] = FuzzCheck.allCases.flatMap { check -> [String] in
        let folder = root.appendingPathComponent(check.rawValue).path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder), !names.isEmpty else {
            return ["\(check.rawValue)/(the folder \(folder) is missing or empty)"]
        }
        return names.sorted().map { "\(check.rawValue)/\($0)" }
    }

    @Test(arguments: cases)
    func seed(_ name: String) throws {
        let check = try #require(FuzzCheck(rawValue: String(name.prefix { $0 != "/" })))
        let data = try #require(FileManager.default.contents(atPath: Self.root.appendingPathComponent(name).path), "\(name) is missing")
        let problem = check.check(Array(data))
        #expect(problem == nil, "\(name): \(problem ?? "")")
    }
}
