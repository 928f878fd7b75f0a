public import Foundation

/// Small Hunspell dictionaries a test writes in a folder of its own, so that
/// no spelling test depends on the dictionaries a machine has installed:
/// English (`en_US`), French (`fr_FR`) and Hebrew (`he_IL`), each a few
/// recipe words with a plural suffix, and a `TRY` line for suggestions.
public struct TestDictionaries {
    public let folder: URL

    /// The words of each dictionary, as its `.dic` lists them.
    public static let words: [String: [String]] = [
        "en_US": ["the", "and", "with", "until", "bake", "minute/S", "flour", "sugar", "butter", "oven", "golden", "stir",
                  "add", "salt", "cake", "for", "mix"],
        "fr_FR": ["le", "la", "et", "avec", "beurre", "sucre", "farine", "four", "cuire", "doré/S", "jusqu'à", "minute/S"],
        "he_IL": ["מלח", "קמח", "סוכר", "עם", "לאפות"],
    ]

    /// Writes the dictionaries `names` (all three by default) in a new temporary folder.
    public init(_ names: [String] = ["en_US", "fr_FR", "he_IL"]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-dictionaries-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in names {
            let words = Self.words[name] ?? []
            let affix = "SET UTF-8\nTRY esianrtolcdugmphbyfvkwzéàקמחלס'\n\nSFX S Y 1\nSFX S 0 s .\n"
            try Data(affix.utf8).write(to: folder.appendingPathComponent(name + ".aff"))
            try Data(("\(words.count)\n" + words.joined(separator: "\n") + "\n").utf8)
                .write(to: folder.appendingPathComponent(name + ".dic"))
        }
    }

    public func remove() {
        try? FileManager.default.removeItem(at: folder)
    }
}
