import Foundation

/// The dictionaries opened so far, by language: opening one reads its whole
/// word list, so each is opened once while the editor runs, and recipes in
/// the same language share it.
public final class DictionaryShelf: @unchecked Sendable {
    public let folders: DictionaryFolders
    /// By language code as asked (`fr`, `de_DE`); nil when none is installed.
    private var opened: [String: HunspellDictionary?] = [:]
    private let lock = NSLock()

    public init(folders: DictionaryFolders) {
        self.folders = folders
    }

    /// The dictionary of `language`, or nil when no folder has one.
    public func dictionary(for language: String) -> HunspellDictionary? {
        lock.lock()
        defer { lock.unlock() }
        if let known = opened[language] { return known }
        let found = folders.find(language: language)
        let dictionary = found.flatMap { HunspellDictionary(name: $0.name, affix: $0.affix, words: $0.words) }
        opened[language] = dictionary
        return dictionary
    }

    /// A checker for `languages` (those without a dictionary left out, and
    /// one dictionary used once however many codes name it).
    public func checker(languages: [String], accepting words: some Sequence<String>) -> SpellChecker {
        var seen = Set<String>()
        let dictionaries = languages.compactMap(dictionary(for:)).filter { seen.insert($0.path).inserted }
        return SpellChecker(dictionaries: dictionaries, acceptedWords: words)
    }

    /// Whether any dictionary is installed at all.
    public var hasAny: Bool { !folders.all().isEmpty }
}
