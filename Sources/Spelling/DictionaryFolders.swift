public import Foundation

/// Where Hunspell dictionaries are looked for, and which one a language
/// code names. The folders are Hunspell's own (`DICPATH`, the user's
/// `$XDG_DATA_HOME/hunspell`, then the system's: Debian's `hunspell-*`
/// packages put theirs in /usr/share/hunspell), so a dictionary the user
/// installed for another program is found too.
public struct DictionaryFolders: Equatable, Sendable {
    public let folders: [String]

    public init(folders: [String]) {
        self.folders = folders
    }

    /// The folders for `environment`, the user's first.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> DictionaryFolders {
        let fromPath = (environment["DICPATH"] ?? "").split(separator: ":").map(String.init).filter { !$0.isEmpty }
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".local/share")
        return DictionaryFolders(folders: fromPath + [
            (dataHome as NSString).appendingPathComponent("hunspell"),
            "/usr/local/share/hunspell", "/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts",
        ])
    }

    /// A dictionary found: its name and files.
    public struct Found: Equatable, Sendable {
        public var name: String
        public var affix: String
        public var words: String
    }

    /// Every dictionary in the folders (an `.aff` beside a `.dic`), the
    /// first folder's winning when two have the same name.
    public func all() -> [Found] {
        var seen = Set<String>()
        var result: [Found] = []
        for folder in folders {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            for file in names.sorted() where file.hasSuffix(".dic") {
                let name = String(file.dropLast(4))
                let affix = (folder as NSString).appendingPathComponent(name + ".aff")
                guard !seen.contains(name), FileManager.default.isReadableFile(atPath: affix) else { continue }
                seen.insert(name)
                result.append(Found(name: name, affix: affix, words: (folder as NSString).appendingPathComponent(file)))
            }
        }
        return result
    }

    /// The dictionary for a language as a recipe or a locale writes it
    /// (`fr`, `de-DE`, `en_GB.UTF-8`): the exact one, else the language's
    /// own (`fr_FR` for `fr`, `en_US` for `en`), else any of the language.
    public func find(language code: String) -> Found? {
        guard let wanted = SpellingLanguage.normalized(code) else { return nil }
        let found = all()
        let language = String(wanted.prefix { $0 != "_" })
        let preferred = [wanted, language, language + "_" + SpellingLanguage.mainRegion(of: language)]
        for name in preferred {
            if let match = found.first(where: { $0.name == name }) { return match }
        }
        return found.first { $0.name.hasPrefix(language + "_") }
    }
}
