import Foundation

extension ShoppingListFile {
    /// The file's text as the spec writes it: two spaces a level, whole
    /// multipliers without a decimal point, braces only around something,
    /// every line ended. Comments (`comment`, one `--` line each) go first.
    /// Nil with the reason when a name could not be read back as written
    /// (a brace, a line break, a comment's `--` or `[-` inside it).
    public func text(comments: [String] = []) -> Result<String, Problem> {
        var output = comments.map { "-- " + $0.replacingOccurrences(of: "\n", with: " ") + "\n" }.joined()
        var problem: Problem?
        func write(_ entries: [Entry], depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            for entry in entries {
                switch entry {
                case let .recipe(path, multiplier, children):
                    if let reason = Self.unwritable(path) { problem = problem ?? Problem(line: 0, column: 0, message: "recipe \"\(path)\": \(reason)") }
                    output += indent + "./" + path + (multiplier.map { "{" + Self.multiplierText($0) + "}" } ?? "") + "\n"
                    write(children, depth: depth + 1)
                case let .item(name, quantity):
                    if let reason = Self.unwritable(name) ?? (name.hasPrefix("./") ? "it would read as a recipe" : nil)
                        ?? quantity.flatMap({ Self.unwritable($0, inBraces: true) }) {
                        problem = problem ?? Problem(line: 0, column: 0, message: "item \"\(name)\": \(reason)")
                    }
                    output += indent + name + (quantity.map { "{" + $0 + "}" } ?? "") + "\n"
                }
            }
        }
        write(entries, depth: 0)
        if let problem { return .failure(problem) }
        return .success(output)
    }

    /// `2`, `0.5`, `1.25`: a whole number without its point, else the
    /// shortest decimal that reads back as the same number.
    static func multiplierText(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    private static func unwritable(_ text: String, inBraces: Bool = false) -> String? {
        if text.trimmingCharacters(in: .whitespaces).isEmpty, !inBraces { return "an empty name" }
        if text.contains(where: { $0.isNewline }) { return "a line break in it" }
        if text.contains("--") || text.contains("[-") { return "\"--\" or \"[-\" in it would start a comment" }
        if text.contains("}") || (!inBraces && text.contains("{")) { return "a brace in it" }
        if !inBraces, text != text.trimmingCharacters(in: .whitespaces) || text.contains("  ") || text.contains("\t") {
            return "spaces around it, a tab or two spaces in a row (read back as one)"
        }
        return nil
    }
}
