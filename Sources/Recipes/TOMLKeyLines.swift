import Foundation

/// Where each `[section]` and each `key =` of a TOML file is, found by
/// reading its lines (bare and quoted keys; a dotted key is not placed):
/// TOMLKit keeps no positions, and messages about a configuration file say
/// where.
public struct TOMLKeyLines: Sendable {
    private var lines: [String: Int] = [:]

    public init(_ contents: String) {
        var section: String?
        for (index, raw) in contents.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let text = raw.trimmingCharacters(in: .whitespaces)
            if text.hasPrefix("["), !text.hasPrefix("[["), let close = text.firstIndex(of: "]") {
                section = Self.unquoted(text[text.index(after: text.startIndex) ..< close])
                continue
            }
            guard !text.hasPrefix("#"), let equals = Self.equalsSign(in: text) else { continue }
            let key = Self.unquoted(text[..<equals])
            let place = (section ?? "") + "\u{0}" + key
            if lines[place] == nil { lines[place] = index + 1 }
        }
    }

    /// The 1-based line of `key` in `section` (nil: above every section); 0 when not found.
    public func line(of key: String, in section: String?) -> Int {
        lines[(section ?? "") + "\u{0}" + key] ?? 0
    }

    /// The `=` after the key: a quoted key may hold one (`"ctrl-=" = …`).
    private static func equalsSign(in text: String) -> String.Index? {
        guard let quote = text.first, quote == "\"" || quote == "'",
              let close = text.dropFirst().firstIndex(of: quote) else { return text.firstIndex(of: "=") }
        return text[close...].firstIndex(of: "=")
    }

    private static func unquoted(_ text: Substring) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first {
            return String(trimmed.dropFirst().dropLast())
        }
        return trimmed
    }
}
