import Foundation
import Recipes
import RecipeFormats
import RecipeExport

/// What leaves Roux, checked on any recipe: the HTML export is HTML that
/// runs nothing, and no printer hands a terminal a control character. The
/// checks read the output on their own terms (a small HTML tokenizer, a
/// list of forbidden scalars), not with the code that made it safe, so a
/// hole in that code is a finding.
extension FuzzCheck {
    /// The input read as a Markdown recipe and as a Cooklang one.
    static func recipes(_ bytes: [UInt8]) -> [(format: String, recipe: Recipe)] {
        guard let text = String(validating: bytes, as: UTF8.self) else { return [] }
        return [RecipeFormat.markdown, .cooklang].map { ($0.displayName, $0.parse(text)) }
    }

    static func checkHTML(_ bytes: [UInt8]) -> String? {
        for (format, recipe) in recipes(bytes) {
            let html = RecipeExport.html(recipe)
            if let problem = HTMLChecker.problem(in: html) { return "\(format), HTML export: \(problem):\n\(html)" }
        }
        return nil
    }

    static func checkPrinters(_ bytes: [UInt8]) -> String? {
        for (format, recipe) in recipes(bytes) {
            let outputs: [(String, String)] = [
                ("roux FILE | cat", RecipeExport.readable(recipe, styles: false)),
                ("roux --print on a terminal", withoutStyles(RecipeExport.readable(recipe, styles: true))),
                ("export -f text", RecipeExport.plainText(recipe)),
                ("export -f html", RecipeExport.html(recipe)),
                ("export -f json", RecipeExport.json(recipe)),
                ("export -f cooklang-json", RecipeExport.cooklangJSON(recipe)),
                ("export -f schema", RecipeExport.schemaOrg(recipe)),
            ]
            for (printer, output) in outputs {
                if let problem = forbiddenScalar(in: output) { return "\(format), \(printer): \(problem)" }
            }
            for (printer, json) in outputs.suffix(3) where (try? JSONSerialization.jsonObject(with: Data(json.utf8))) == nil {
                return "\(format), \(printer): not JSON:\n\(json)"
            }
        }
        // What every command-line printer writes through (ingredients,
        // shopping lists, --runs, messages): on a terminal, and into a pipe
        // for all but the recipe file in its own format.
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        let gated: [(String, String)] = [
            ("text", OutgoingText.safe(text, as: .text, toTerminal: true)),
            // Into a pipe, CRLF line ends are kept (a converted CRLF recipe).
            ("text into a pipe", OutgoingText.safe(text, as: .text, toTerminal: false).replacing("\r\n", with: "\n")),
            ("recipe file on a terminal", OutgoingText.safe(text, as: .recipeFile, toTerminal: true)),
            ("styled text", withoutStyles(OutgoingText.safe(text, as: .styledText, toTerminal: true))),
            ("JSON", OutgoingText.safe(text, as: .json, toTerminal: true)),
        ]
        for (kind, output) in gated {
            if let problem = forbiddenScalar(in: output) { return "OutgoingText as \(kind): \(problem)" }
        }
        return nil
    }

    /// The first scalar no output for a terminal may hold: a C0 control but
    /// tab and line feed, DEL, a C1 control, a direction embedding,
    /// override or isolate.
    static func forbiddenScalar(in output: String) -> String? {
        for scalar in output.unicodeScalars {
            let value = scalar.value
            let forbidden = (value < 0x20 && value != 0x09 && value != 0x0A) || (0x7F ... 0x9F).contains(value)
                || (0x202A ... 0x202E).contains(value) || (0x2066 ... 0x2069).contains(value)
            if forbidden { return "U+\(String(value, radix: 16, uppercase: true)) in the output:\n\(output.debugDescription)" }
        }
        return nil
    }

    /// Output with its SGR sequences (`ESC [ digits ; m`, colours and
    /// weights, which drive nothing) taken out; any other ESC stays. By
    /// scalars: an `m` and a combining mark after it are one Character.
    static func withoutStyles(_ output: String) -> String {
        output.replacing(/\u{1B}\[[0-9;]*m/.matchingSemantics(.unicodeScalar), with: "")
    }
}

/// A small HTML tokenizer for what the export may write: known elements
/// only, balanced, attributes from a short list with quoted values, no
/// event handler, no address outside `http`, `https`, `mailto` and
/// relative ones, no style that loads or runs anything.
enum HTMLChecker {
    static let elements: Set<String> = [
        "html", "head", "meta", "title", "style", "body", "h1", "h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "a",
        "img", "strong", "em", "u", "s", "code", "pre", "span", "blockquote", "hr", "br",
    ]
    static let voidElements: Set<String> = ["meta", "img", "hr", "br"]
    static let attributes: Set<String> = [
        "charset", "name", "content", "dir", "class", "style", "href", "src", "alt", "data-ingredient", "start", "value",
    ]

    static func problem(in html: String) -> String? {
        let scalars = Array(html.unicodeScalars)
        guard scalars.starts(with: "<!DOCTYPE html>\n".unicodeScalars) else { return "no doctype first" }
        var index = "<!DOCTYPE html>\n".unicodeScalars.count
        var open: [String] = []
        var styles = 0
        while index < scalars.count {
            guard scalars[index] == "<" else {
                index += 1
                continue
            }
            guard let end = scalars[index...].firstIndex(of: ">") else { return "a < that ends no tag" }
            let tag = String(String.UnicodeScalarView(scalars[(index + 1) ..< end]))
            index = end + 1
            if tag.hasPrefix("/") {
                let name = String(tag.dropFirst())
                guard open.last == name else { return "</\(name)> closes <\(open.last ?? "nothing")>" }
                open.removeLast()
                continue
            }
            let name = String(tag.prefix { $0 != " " })
            guard elements.contains(name) else { return "an element <\(name)>" }
            if let problem = attributeProblem(String(tag.dropFirst(name.count))) { return "<\(name)>: \(problem)" }
            if !voidElements.contains(name) { open.append(name) }
            // The page's own style sheet, in the head; its text is not markup.
            if name == "style" {
                styles += 1
                guard styles == 1, open == ["html", "head", "style"] else { return "a <style> that is not the page's own" }
                guard let close = String(String.UnicodeScalarView(scalars[index...])).range(of: "</style>") else { return "<style> not closed" }
                index += String(String.UnicodeScalarView(scalars[index...]))[..<close.lowerBound].unicodeScalars.count
            }
        }
        return open.isEmpty ? nil : "elements left open: \(open)"
    }

    /// ` name="value" …`: known names, values quoted, addresses and styles safe.
    static func attributeProblem(_ text: String) -> String? {
        var rest = Substring(text)
        while !rest.isEmpty {
            guard rest.first == " " else { return "attributes not separated: \(rest)" }
            rest = rest.dropFirst()
            let name = rest.prefix { $0 != "=" && $0 != " " }
            rest = rest.dropFirst(name.count)
            guard !name.lowercased().hasPrefix("on"), attributes.contains(String(name)) else { return "an attribute \(name)" }
            guard rest.hasPrefix("=\"") else { return "\(name) without a quoted value" }
            rest = rest.dropFirst(2)
            guard let quote = rest.firstIndex(of: "\"") else { return "\(name)'s value not closed" }
            let value = decoded(String(rest[..<quote]))
            rest = rest[rest.index(after: quote)...]
            if name == "href" || name == "src", let scheme = scheme(of: value), !["http", "https", "mailto"].contains(scheme) {
                return "\(name) with the scheme \(scheme): \(value)"
            }
            if name == "style", value.contains(/url|expression|\\|@|javascript|[<>{}]/) {
                return "a style that may load or run something: \(value)"
            }
        }
        return nil
    }

    /// The character references the export writes, read back.
    static func decoded(_ value: String) -> String {
        value.replacing("&quot;", with: "\"").replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&amp;", with: "&")
    }

    /// A URL's scheme as a browser finds it (tabs and line ends dropped,
    /// controls and spaces before it skipped), lowercased; nil for a
    /// relative address.
    static func scheme(of address: String) -> String? {
        let kept = address.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }.drop { $0.value <= 0x20 }
        let text = String(String.UnicodeScalarView(kept))
        guard let colon = text.firstIndex(where: { ":/?#".contains($0) }), text[colon] == ":" else { return nil }
        return text[..<colon].lowercased()
    }
}
