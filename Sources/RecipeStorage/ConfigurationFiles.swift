public import Foundation

/// Where Roux finds the aisle and pantry files: `./config/` (a recipe
/// collection's own, as CookCLI reads it), then `$XDG_CONFIG_HOME/roux/`,
/// then the Cooklang tools' folders `$XDG_CONFIG_HOME/cooklang/` and
/// `$XDG_CONFIG_HOME/cook/` (CookCLI's on Linux). `$XDG_CONFIG_HOME` is
/// `~/.config` when unset. A file named on the command line wins over all.
public struct ConfigurationFiles: Sendable {
    /// One file looked for: every place, in order, and the first that is there.
    public struct Lookup: Equatable, Sendable {
        public var name: String
        public var candidates: [String]
        public var found: String?
        /// Named with an option rather than found.
        public var isExplicit: Bool
    }

    public let folders: [String]
    /// The editor's own settings: `$XDG_CONFIG_HOME/roux/config.toml` only
    /// (a recipe folder's `./config/` is CookCLI's and holds no editor settings).
    public let editorFile: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                currentDirectory: String = FileManager.default.currentDirectoryPath) {
        let home = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) as NSString).appendingPathComponent(".config")
        folders = [(currentDirectory as NSString).appendingPathComponent("config")]
            + ["roux", "cooklang", "cook"].map { (home as NSString).appendingPathComponent($0) }
        editorFile = ((home as NSString).appendingPathComponent("roux") as NSString).appendingPathComponent(Self.editorFileName)
    }

    public static let aisleFileName = "aisle.conf"
    public static let pantryFileName = "pantry.conf"
    public static let editorFileName = "config.toml"

    /// `name` in the first folder that has it as a file; `explicit` (a
    /// path from an option) is taken as it is, there or not.
    public func lookup(_ name: String, explicit: String? = nil) -> Lookup {
        if let explicit { return Lookup(name: name, candidates: [explicit], found: explicit, isExplicit: true) }
        let candidates = folders.map { ($0 as NSString).appendingPathComponent(name) }
        let found = candidates.first { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        return Lookup(name: name, candidates: candidates, found: found, isExplicit: false)
    }
}
