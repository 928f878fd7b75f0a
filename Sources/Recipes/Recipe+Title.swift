public import Foundation
public import RichText

/// The one rule for a recipe's title, used by the title bar, the recipe
/// list, the exports, the command line and the name a new recipe is offered:
/// the front matter's `title:` (metadata the user wrote on purpose, as
/// Mealie, CookCLI and Cooklang's `>> title:` treat it), else the first
/// level-1 heading (what Markdown readers show as the title), else the
/// file's name without its extension (as CookCLI and Obsidian name a recipe
/// or note that says nothing else).
extension Recipe {
    /// The title from the front matter's title and the first heading: the
    /// rule above without the file name. An empty front matter title is none.
    public static func title(frontMatter: String?, heading: String?) -> String? {
        if let frontMatter, !frontMatter.isEmpty { return frontMatter }
        return heading
    }

    /// Where a recipe has no title: its file's name without the extension.
    public static func title(fileName path: String) -> String {
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return stem.isEmpty ? name : stem
    }

    /// The title from the front matter, else the first level-1 heading,
    /// else nil (a Cooklang section is a level-2 heading, not a title).
    public var title: String? {
        Self.title(frontMatter: metadata.title, heading: Self.firstHeading(in: document.text)?.text)
    }

    /// The title, else the name of the file at `path`.
    public func title(orFileName path: String) -> String {
        title ?? Self.title(fileName: path)
    }

    /// The recipe with the title it is known by written in its metadata:
    /// its own, else its file's name (for what leaves Roux without the
    /// file: an export, an import).
    public func titled(orFileName path: String) -> Recipe {
        guard title == nil else { return self }
        var copy = self
        copy.writeTitleInMetadata(Self.title(fileName: path))
        return copy
    }

    /// `title` as the metadata's title, its first key (where a front
    /// matter writes it, and what Cooklang's data model lists).
    public mutating func writeTitleInMetadata(_ title: String) {
        metadata.title = title
        if !metadata.keyOrder.contains("title") { metadata.keyOrder.insert("title", at: 0) }
    }

    /// The first level-1 heading with text: the whole paragraph, trimmed
    /// (bold inside it splits it into runs; the next heading is another
    /// paragraph), and the UTF-8 offset where that paragraph ends.
    public static func firstHeading(in text: AttributedString) -> (text: String, end: Int)? {
        // Plain runs, not `runs[\.headingLevel]`, which looks for every
        // paragraph break on the way (slow in a large file with no heading).
        for run in text.runs where run.headingLevel == 1 {
            let range = text.paragraphRange(around: run.range.lowerBound)
            let heading = String(text.characters[range]).trimmingCharacters(in: .whitespacesAndNewlines)
            if !heading.isEmpty { return (heading, text.utf8Offset(of: range.upperBound)) }
        }
        return nil
    }
}
