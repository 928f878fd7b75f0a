import CHunspell
public import Foundation

/// One Hunspell dictionary (an `.aff` and a `.dic` file): whether it knows
/// a word, and what it would write instead. Hunspell keeps state between
/// calls, so one dictionary is asked by one thread at a time (the lock).
public final class HunspellDictionary: @unchecked Sendable {
    /// The dictionary's name, its files' name: `en_US`, `fr`, `he_IL`.
    public let name: String
    /// The `.dic` file it was read from.
    public let path: String
    private let handle: OpaquePointer
    /// The encoding its words are written in (`SET` in the `.aff`).
    private let encoding: String.Encoding
    private let lock = NSLock()

    /// Reads the dictionary `name` from `affix` and `words` (the `.aff` and
    /// `.dic` paths); nil when either is missing or unreadable, or when its
    /// encoding is one Roux cannot write words in.
    public init?(name: String, affix: String, words: String) {
        guard FileManager.default.isReadableFile(atPath: affix), FileManager.default.isReadableFile(atPath: words),
              let handle = Hunspell_create(affix, words) else { return nil }
        let declared = Hunspell_get_dic_encoding(handle).map { String(cString: $0) } ?? "ISO8859-1"
        guard let encoding = Self.encoding(named: declared) else {
            Hunspell_destroy(handle)
            return nil
        }
        self.name = name
        self.path = words
        self.handle = handle
        self.encoding = encoding
    }

    deinit {
        Hunspell_destroy(handle)
    }

    /// The encodings of `SET` that Foundation writes; dictionaries in others
    /// (KOI8-R, ISO8859-7…) are not used rather than asked wrongly.
    private static func encoding(named name: String) -> String.Encoding? {
        switch name.uppercased().replacingOccurrences(of: "_", with: "-") {
        case "UTF-8", "UTF8": .utf8
        case "ISO8859-1", "ISO-8859-1", "ISO8859-15", "ISO-8859-15": .isoLatin1
        case "ISO8859-2", "ISO-8859-2": .isoLatin2
        case "MICROSOFT-CP1252", "CP1252": .windowsCP1252
        default: nil
        }
    }

    /// Whether the dictionary knows `word` (with its affixes and its
    /// capitalisation rules). A word its encoding cannot write is unknown.
    public func knows(_ word: String) -> Bool {
        guard let bytes = encoded(word) else { return false }
        lock.lock()
        defer { lock.unlock() }
        return Hunspell_spell(handle, bytes) != 0
    }

    /// What Hunspell would write instead of `word`, best first.
    public func suggestions(for word: String) -> [String] {
        guard let bytes = encoded(word) else { return [] }
        lock.lock()
        defer { lock.unlock() }
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = Hunspell_suggest(handle, &list, bytes)
        defer { if list != nil { Hunspell_free_list(handle, &list, count) } }
        guard count > 0, let words = list else { return [] }
        return (0 ..< Int(count)).compactMap { index in
            words[index].flatMap { decoded($0) }
        }
    }

    /// Adds `word` to what the dictionary knows while it is open (the
    /// personal list's words; the files are not changed).
    public func add(_ word: String) {
        guard let bytes = encoded(word) else { return }
        lock.lock()
        defer { lock.unlock() }
        _ = Hunspell_add(handle, bytes)
    }

    private func encoded(_ word: String) -> [CChar]? {
        guard let data = word.data(using: encoding, allowLossyConversion: false) else { return nil }
        return data.map { CChar(bitPattern: $0) } + [0]
    }

    private func decoded(_ pointer: UnsafeMutablePointer<CChar>) -> String? {
        let length = strlen(pointer)
        let data = Data(bytes: pointer, count: length)
        return String(data: data, encoding: encoding)
    }
}
