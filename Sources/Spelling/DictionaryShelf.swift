import Foundation

/// The dictionaries opened so far, by language: opening one reads its whole
/// word list, so each is opened once while the editor runs, and recipes in
/// the same language share it.
public final class DictionaryShelf: @unchecked Sendable {
    public let folders: DictionaryFolders
    /// By language code as asked (`fr`, `de_DE`); nil when none is installed.
    private var opened: [String: HunspellDictionary?] = [:]
    /// Languages whose dictionary a thread is reading now, and those asked
    /// to be read in the background.
    private var opening: Set<String> = []
    private var requested: Set<String> = []
    /// Held only to look at the two above, never while a dictionary is read:
    /// whether one is in must be answered at once.
    private let condition = NSCondition()

    public init(folders: DictionaryFolders) {
        self.folders = folders
    }

    /// The dictionary of `language`, or nil when no folder has one; read now
    /// (or waited for, while another thread reads it).
    public func dictionary(for language: String) -> HunspellDictionary? {
        condition.lock()
        while opening.contains(language) { condition.wait() }
        if let known = opened[language] {
            condition.unlock()
            return known
        }
        opening.insert(language)
        condition.unlock()
        let found = folders.find(language: language)
        let dictionary = found.flatMap { HunspellDictionary(name: $0.name, affix: $0.affix, words: $0.words) }
        condition.lock()
        opened[language] = dictionary
        opening.remove(language)
        condition.broadcast()
        condition.unlock()
        return dictionary
    }

    /// Whether the dictionaries of `languages` were all looked for already
    /// (read, or found missing): a checker for them is then made at once.
    public func hasLookedUp(_ languages: [String]) -> Bool {
        condition.withLock { languages.allSatisfy { opened[$0] != nil } }
    }

    /// Reads the dictionaries of `languages` on another thread (each once):
    /// reading one takes up to a fifth of a second (Hebrew's), which a
    /// keystroke must not wait for.
    public func readInBackground(_ languages: [String]) {
        let wanted = condition.withLock {
            let wanted = languages.filter { opened[$0] == nil && !requested.contains($0) }
            requested.formUnion(wanted)
            return wanted
        }
        guard !wanted.isEmpty else { return }
        DispatchQueue.global(qos: .userInitiated).async {
            for language in wanted { _ = self.dictionary(for: language) }
        }
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
