import Foundation
import RichText
import RecipeStorage
import Recipes

/// Where a Cooklang recipe's metadata is written, and the one rule every
/// reader and writer of it follows: the front matter, the `>>` lines of the
/// head and `>>` lines among the steps all hold metadata, read in file order,
/// the last value of a key counting (a key given twice is a warning); a key
/// is changed where its counting value is written, and a new key goes to the
/// front matter when the file has one, else to the `>>` lines.
///
/// The reference parser (cooklang-rs) reads `>>` lines as text when the file
/// has front matter; real files that have both mean them as metadata, and
/// Roux reads them so (DECISIONS.md).
extension CooklangFormat {
    /// A `>> key: value` line among the steps: the key and where it is.
    struct BodyMetadataLine {
        var key: String
        var value: String
        /// The line's UTF-8 range in the document, without its newline.
        var range: Range<Int>
        /// Its paragraph, from 0.
        var paragraph: Int
    }

    /// The `>>` lines among the steps, in order.
    static func bodyMetadataLines(in text: AttributedString) -> [BodyMetadataLine] {
        var lines: [BodyMetadataLine] = []
        var paragraph = 0
        var counted = text.startIndex
        for (kind, range) in text.runs[VerbatimLineAttribute.self] where kind == .metadata {
            // Newlines before the run, counted on a bulk copy (element by element is slow).
            paragraph += String(text.characters[counted ..< range.lowerBound]).utf8.count { $0 == 0x0A }
            counted = range.upperBound
            // A run holds the `>>` lines that follow each other.
            let runText = String(text.characters[range])
            var offset = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
            for (index, line) in runText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if let (key, value) = metadataEntry(line) {
                    lines.append(BodyMetadataLine(key: key, value: value, range: offset ..< offset + line.utf8.count,
                                                  paragraph: paragraph + index))
                }
                offset += line.utf8.count + 1
            }
            paragraph += runText.utf8.count { $0 == 0x0A }
        }
        return lines
    }

    /// The `>>` lines among the steps read into the metadata (after the
    /// head's: the last value of a key counts).
    static func readBodyMetadata(into recipe: inout Recipe, path: String, seenKeys: inout [String: String],
                                 warnings: inout [RecipeFileError]) {
        let hasFrontMatter = recipe.originalFrontMatter?.text.hasPrefix("---") == true
        for line in bodyMetadataLines(in: recipe.document.text) {
            let lineNumber = recipe.firstBodyLine + line.paragraph
            if hasFrontMatter, !warnings.contains(where: { $0.message == mixedHeadMessage }) {
                warnings.append(mixedHeadWarning(path: path, line: lineNumber))
            }
            if let earlier = seenKeys[line.key] {
                warnings.append(RecipeFileError(path: path, line: lineNumber, column: 1, message:
                    "metadata key \"\(line.key)\" is given again (first \(earlier)); the last value counts"))
            }
            seenKeys[line.key] = "on line \(lineNumber)"
            recipe.metadata.set(line.key, toText: line.value)
        }
    }

    static let mixedHeadMessage = "a \">>\" line after front matter is metadata to Roux but text to other Cooklang readers "
        + "(cooklang-rs); the front matter holds metadata for every reader"

    static func mixedHeadWarning(path: String, line: Int) -> RecipeFileError {
        RecipeFileError(path: path, line: line, column: 1, message: mixedHeadMessage)
    }

    /// The head as it will be written: the front matter and the `>>` lines
    /// each patched with the keys written there; nil when the head has no
    /// front matter followed by `>>` lines.
    static func patchedMixedHead(_ original: String, from old: RecipeMetadata, to new: RecipeMetadata, lineEnding: String) -> String? {
        guard let split = FrontMatter.split(Substring(original)), let block = split.block,
              split.body.contains(">>") else { return nil }
        let lineKeys = Set(split.body.split(separator: "\n").compactMap { line in
            line.hasPrefix(">>") ? metadataEntry(line.trimmingCharacters(in: .newlines)[...])?.key : nil
        })
        // Each part sees a change only in the keys it holds; new keys go to the front matter.
        let frontNew = new.keeping(lineKeys, from: old)
        let linesNew = old.keeping(lineKeys, from: new)
        guard let front = HeadPatch.frontMatter(String(block), from: (old, []), to: (frontNew, []), lineEnding: lineEnding),
              let lines = HeadPatch.cooklangLines(String(split.body), from: old, to: linesNew, lineEnding: lineEnding) else { return nil }
        return front + lines
    }

    /// The front matter of a Markdown file made from a Cooklang recipe whose
    /// head also has `>>` lines: the front matter block with every key the
    /// recipe has (the `>>` lines are not written to Markdown, where they
    /// would be a quote); nil for another head. Like the front matter of a
    /// Cooklang file written as it was, it has no ingredient list: the
    /// marks carry the quantities.
    static func frontMatterForMarkdown(_ original: String, metadata: RecipeMetadata, lineEnding: String) -> String? {
        guard let split = FrontMatter.split(Substring(original)), let block = split.block, split.body.contains(">>"),
              let front = try? FrontMatter.parse(split.yaml, path: "", firstLine: 2) else { return nil }
        return HeadPatch.frontMatter(String(block), from: (front.metadata, []), to: (metadata, []), lineEnding: lineEnding)
    }
}

extension RecipeMetadata {
    /// This metadata with `keys` as `other` has them.
    func keeping(_ keys: Set<String>, from other: RecipeMetadata) -> RecipeMetadata {
        var result = self
        for key in keys {
            if key == "title" {
                result.title = other.title
                continue
            }
            result.otherEntries[key] = other.otherEntries[key]
            if other.otherEntries[key] == nil {
                result.keyOrder.removeAll { $0 == key }
            } else if !result.keyOrder.contains(key) {
                result.keyOrder.append(key)
            }
        }
        return result
    }
}

extension FileOrigin {
    /// Sets a metadata key where its value is written: a `>>` line among a
    /// Cooklang recipe's steps is edited in the text (one undo step with the
    /// rest of the change); else the head is patched when the file is written.
    func setMetadata(_ key: String, toText value: String, in recipe: inout Recipe) {
        recipe.metadata.set(key, toText: value)
        guard headFormat == .cooklang,
              let line = CooklangFormat.bodyMetadataLines(in: recipe.document.text).last(where: { $0.key == key }) else { return }
        let text = recipe.document.text
        let written = String(text.characters[text.characterRange(atUTF8Offsets: line.range)])
        guard let colon = written.firstIndex(of: ":") else { return }
        let valueStart = line.range.lowerBound + written.utf8.distance(from: written.startIndex, to: written.index(after: colon))
        try? recipe.document.replace(text.characterRange(atUTF8Offsets: valueStart ..< line.range.upperBound), with: " " + value)
        // The head holds no change of its own for this key.
        recipe.originalFrontMatter?.metadata.set(key, toText: value)
    }
}

extension Recipe {
    /// A Cooklang recipe as Markdown holds it: without the `>>` lines among
    /// its steps, whose keys are in the metadata (written as front matter;
    /// as text they would read as a quote).
    var withoutBodyMetadataLines: Recipe {
        guard headFormat == .cooklang else { return self }
        let lines = CooklangFormat.bodyMetadataLines(in: document.text)
        guard !lines.isEmpty else { return self }
        var copy = self
        for line in lines.reversed() { copy.removeBodyMetadataLine(line) }
        return copy
    }

    /// Takes a `>>` line out of the steps: with its newline, or for the
    /// last line the newline before it.
    mutating func removeBodyMetadataLine(_ line: CooklangFormat.BodyMetadataLine) {
        let text = document.text
        let length = text.utf8.count
        let range = line.range.upperBound < length ? line.range.lowerBound ..< line.range.upperBound + 1
            : max(0, line.range.lowerBound - 1) ..< line.range.upperBound
        try? document.replace(text.characterRange(atUTF8Offsets: range), with: "")
    }
}
