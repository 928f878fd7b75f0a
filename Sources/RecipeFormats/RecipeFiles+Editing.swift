import Foundation
public import RecipeStorage

/// The one way the editor reads a recipe file, whether the launcher, Ctrl-O,
/// the recipe list or Ctrl-N opens it: the same fallback and the same
/// messages everywhere.
extension RecipeFiles {
    /// How the editor reads a file.
    public enum Reading: Equatable, Sendable {
        /// As its extension says, a large file a slice at a time. One that
        /// cannot be read so (but for a binary file) opens as plain text:
        /// nothing is lost.
        case asItsFormat
        /// A binary file the user chose to open anyway: as plain text,
        /// nothing interpreted.
        case binaryAsPlainText
        /// Bytes that are not UTF-8, read in a legacy encoding at the user's word.
        case legacyEncoding(LegacyEncoding)

        /// Latin-1, the encoding most such files were written in.
        public static var windows1252: Reading { .legacyEncoding(.windows1252) }
    }

    /// Opens `path` for the editor as `reading` says. Throws for a binary
    /// file (`RecipeLoadFailure.binary`: the caller asks whether to open it
    /// anyway) and for a file that cannot be read at all.
    public static func openForEditing(path: String, reading: Reading = .asItsFormat) throws(RecipeLoadFailure) -> Opened {
        switch reading {
        case .legacyEncoding(let encoding):
            return try open(path: path, in: encoding)
        case .binaryAsPlainText:
            return try openAsPlainText(path: path, allowBinary: true)
        case .asItsFormat:
            do {
                return try open(path: path, progressively: true)
            } catch {
                guard error.binary == nil, var plain = try? openAsPlainText(path: path) else { throw error }
                plain.warnings = error.errors.map(\.description) + ["opened as plain text so nothing is lost"] + plain.warnings
                return plain
            }
        }
    }
}

extension RecipeLoadFailure {
    /// Where the file showed it is binary (its first NUL byte), when that is
    /// why it did not open.
    public var binary: RecipeFileError? {
        errors.first { $0.message == RecipeFileReader.binaryMessage }
    }
}
