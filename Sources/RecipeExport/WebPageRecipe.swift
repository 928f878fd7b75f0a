import Foundation
import RichText
import Recipes
import RecipeFormats

/// The recipes a saved web page describes in schema.org JSON-LD: its
/// `<script type="application/ld+json">` blocks, read as JSON, and in
/// them every object of type `Recipe`, at the top, in a list, in an
/// `@graph` or under another object (`mainEntity`). The page is untrusted:
/// its size is bounded, each text is made plain (`WebText`), and what
/// cannot be read is a message, never a crash.
public enum WebPageRecipe {
    /// The largest page read: recipe pages are a few hundred kilobytes.
    public static let largestPage = 8 << 20

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case tooLarge(bytes: Int)
        /// No JSON-LD `Recipe`: how many JSON-LD blocks there were, and why
        /// each that did not read as JSON did not (`line N: …`).
        case noRecipe(blocks: Int, problems: [String])

        public var description: String {
            switch self {
            case .tooLarge(let bytes):
                "the page is \(bytes) bytes; pages over \(WebPageRecipe.largestPage) bytes are not read"
            case .noRecipe(let blocks, let problems):
                blocks == 0
                    ? "no recipe found: the page has no schema.org JSON-LD (<script type=\"application/ld+json\">)"
                    : "no recipe found: none of the page's \(blocks) JSON-LD block\(blocks == 1 ? "" : "s") is a schema.org Recipe"
                        + problems.prefix(3).map { "; \($0)" }.joined()
                        + (problems.count > 3 ? "; and \(problems.count - 3) more blocks that are not valid JSON" : "")
            }
        }
    }

    /// The page's recipes, in the page's order.
    public static func recipes(inPage bytes: [UInt8]) throws(Failure) -> [SchemaOrgRecipe] {
        guard bytes.count <= largestPage else { throw .tooLarge(bytes: bytes.count) }
        let page = String(decoding: bytes, as: UTF8.self)
        let blocks = jsonLDBlocks(in: page)
        var recipes: [SchemaOrgRecipe] = []
        var problems: [String] = []
        for block in blocks {
            guard let data = block.text.data(using: .utf8),
                  let value = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
                problems.append("line \(block.line): not valid JSON")
                continue
            }
            var objects: [[String: Any]] = []
            collectRecipes(value, depth: 0, into: &objects)
            recipes += objects.map(SchemaOrgRecipe.init(jsonLD:))
        }
        guard !recipes.isEmpty else { throw .noRecipe(blocks: blocks.count, problems: problems) }
        return recipes
    }

    /// The text of each `<script>` whose type is `application/ld+json`
    /// (any case, quoted or not, among other attributes), with the line it
    /// starts on. A comment or CDATA wrapper inside is taken off.
    static func jsonLDBlocks(in page: String) -> [(text: String, line: Int)] {
        let bytes = Array(page.utf8)
        var blocks: [(text: String, line: Int)] = []
        var position = 0
        var line = 1
        var counted = 0
        while let open = find(Array("<script".utf8), in: bytes, from: position) {
            guard let tagEnd = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { break }
            let tag = String(decoding: bytes[open ..< tagEnd], as: UTF8.self).lowercased()
            let contentStart = tagEnd + 1
            let close = find(Array("</script".utf8), in: bytes, from: contentStart) ?? bytes.count
            position = close
            guard tag.contains("application/ld+json") else { continue }
            line += bytes[counted ..< contentStart].count { $0 == 0x0A }
            counted = contentStart
            var text = String(decoding: bytes[contentStart ..< close], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            for (prefix, suffix) in [("<!--", "-->"), ("<![CDATA[", "]]>"), ("//<![CDATA[", "//]]>")]
            where text.hasPrefix(prefix) && text.hasSuffix(suffix) && text.count >= prefix.count + suffix.count {
                text = String(text.dropFirst(prefix.count).dropLast(suffix.count))
            }
            blocks.append((text, line))
        }
        return blocks
    }

    /// Where `needle` starts in `bytes` from `start`, ASCII case ignored.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] | 0x20 == first {
                var matches = true
                for offset in 1 ..< needle.count where bytes[index + offset] | 0x20 != needle[offset] | 0x20 {
                    matches = false
                    break
                }
                if matches { return index }
            }
            index += 1
        }
        return nil
    }

    /// Every object of type `Recipe` in a JSON value, outermost first (a
    /// recipe's own properties are not searched for more).
    static func collectRecipes(_ value: Any, depth: Int, into recipes: inout [[String: Any]]) {
        guard depth < 32, recipes.count < 100 else { return }
        if let object = value as? [String: Any] {
            if SchemaOrgRecipe.isRecipeType(object["@type"]) {
                recipes.append(object)
                return
            }
            // `@graph` first, then the rest in a stable order.
            for key in object.keys.sorted(by: { ($0 == "@graph" ? 0 : 1, $0) < ($1 == "@graph" ? 0 : 1, $1) }) {
                collectRecipes(object[key] as Any, depth: depth + 1, into: &recipes)
            }
        } else if let list = value as? [Any] {
            for item in list { collectRecipes(item, depth: depth + 1, into: &recipes) }
        }
    }
}
