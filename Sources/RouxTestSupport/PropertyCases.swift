import Foundation

/// How many random cases a property test tries. CI draws new seeds on every
/// run, so a failure one run in a hundred reaches main sooner or later; before
/// landing a change to what a property test covers, run it with many more
/// cases: `ROUX_PROPERTY_SCALE=50 swift test --filter …` tries fifty times the
/// usual number (DECISIONS.md, "Property tests").
public enum PropertyCases {
    public static func scaled(_ count: Int) -> Int {
        guard let value = ProcessInfo.processInfo.environment["ROUX_PROPERTY_SCALE"], let scale = Double(value), scale > 0 else {
            return count
        }
        return max(1, Int((Double(count) * scale).rounded()))
    }
}
