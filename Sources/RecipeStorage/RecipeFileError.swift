/// A problem in a recipe file, located so an editor or a terminal can jump to
/// it: `croissants.md:12:5: unclosed ^[ … ]`.
public struct RecipeFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    /// 1-based; 0 when the problem is the whole file.
    public var line: Int
    /// 1-based, counted in Unicode scalars.
    public var column: Int
    public var message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        let shown = PathText.shown(path)
        return line > 0 ? "\(shown):\(line):\(column): \(message)" : "\(shown): \(message)"
    }
}

/// A file that could not be read as a recipe; `errors` says why, every one located.
public struct RecipeLoadFailure: Error, Sendable, CustomStringConvertible {
    public var errors: [RecipeFileError]

    package init(errors: [RecipeFileError]) {
        self.errors = errors
    }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
