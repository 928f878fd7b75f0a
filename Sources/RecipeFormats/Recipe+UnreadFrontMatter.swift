import Foundation
import RichText
public import RecipeStorage
public import Recipes

/// A front matter that does not parse is kept as written (`headIsVerbatim`);
/// the editor shows its lines with the parser's message, and the user fixes
/// it a line at a time. Once it parses, its keys are the recipe's details
/// again and the file gets the fixed text.
extension Recipe {
    /// The front matter as it stands while it does not parse.
    public struct UnreadFrontMatter: Equatable, Sendable {
        /// Its lines between the `---` lines, without their line endings.
        public var lines: [String]
        /// The file line of the first of them.
        public var firstLine: Int
        /// Why it does not parse, at a line of the file.
        public var problem: RecipeFileError
    }

    /// The front matter block (delimiters included) while it does not parse; nil otherwise.
    public var unreadFrontMatterText: String? {
        guard headIsVerbatim, let head = originalFrontMatter?.text, let block = FrontMatter.split(Substring(head))?.block else {
            return nil
        }
        return String(block)
    }

    /// The lines of `block` (an `unreadFrontMatterText`) and why they do
    /// not parse; nil when they do.
    public static func unreadFrontMatter(_ block: String) -> UnreadFrontMatter? {
        guard let split = FrontMatter.split(Substring(block)) else { return nil }
        let problem: RecipeFileError
        do throws(RecipeLoadFailure) {
            _ = try FrontMatter.parse(split.yaml, path: "", firstLine: 2)
            return nil
        } catch {
            problem = error.errors.first ?? RecipeFileError(path: "", line: 2, column: 1, message: "front matter: not read")
        }
        return UnreadFrontMatter(lines: innerLines(of: block), firstLine: 2, problem: problem)
    }

    /// The lines between the delimiters, without line endings.
    private static func innerLines(of block: String) -> [String] {
        Array(lines(of: block).dropFirst().dropLast())
    }

    /// The lines of `text` without their endings, split at "\n" scalars (as
    /// Characters, "\r\n" is one that "\n" does not match).
    private static func lines(of text: String) -> [String] {
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { scalars in
            var line = String(String.UnicodeScalarView(scalars))
            if line.unicodeScalars.last == "\r" { line.unicodeScalars.removeLast() }
            return line
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The front matter's lines replaced by `lines`, and read again: true
    /// when it parses now (its keys become the metadata, the file gets the
    /// new text as it is). Until then the text is kept as typed, unread.
    @discardableResult
    public mutating func replaceUnreadFrontMatterLines(with lines: [String]) -> Bool {
        guard let block = unreadFrontMatterText, let head = originalFrontMatter?.text else { return false }
        let ending = style.lineEnding
        // The closing line as the file writes it (`---` or `...`).
        let closing = Self.lines(of: block).last ?? "---"
        let newBlock = "---" + ending + lines.map { $0 + ending }.joined() + closing + ending
        let newHead = newBlock + String(decoding: head.utf8.dropFirst(block.utf8.count), as: UTF8.self)
        switch headFormat {
        case .cooklang:
            var read = CooklangFormat.read(newHead).recipe
            read.document = document
            var seen: [String: String] = [:]
            var warnings: [RecipeFileError] = []
            CooklangFormat.readBodyMetadata(into: &read, path: "", seenKeys: &seen, warnings: &warnings)
            metadata = read.metadata
            headIsVerbatim = read.headIsVerbatim
        default:
            guard let split = FrontMatter.split(Substring(newBlock)), let parsed = try? FrontMatter.parse(split.yaml, path: "", firstLine: 2) else {
                originalFrontMatter?.text = newHead
                return false
            }
            metadata = parsed.metadata
            // Ingredients marked while the list could not be read stay, after the list's.
            ingredients = parsed.ingredients + ingredients.filter { ingredient in !parsed.ingredients.contains { $0.id == ingredient.id } }
            headIsVerbatim = false
        }
        // What is read is the file's head as it will be written: unchanged, it is written as typed.
        originalFrontMatter = (newHead, metadata, ingredients)
        return !headIsVerbatim
    }

    /// The head as read, for the editor's undo: a front matter fixed in the
    /// editor goes back to its old text with the step that fixed it.
    public struct ReadHead: Sendable {
        var original: (text: String, metadata: RecipeMetadata, ingredients: [Ingredient])?
        var isVerbatim: Bool
    }

    public var readHead: ReadHead {
        get { ReadHead(original: originalFrontMatter, isVerbatim: headIsVerbatim) }
        set {
            originalFrontMatter = newValue.original
            headIsVerbatim = newValue.isVerbatim
        }
    }
}
