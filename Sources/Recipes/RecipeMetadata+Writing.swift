import Foundation
import Yams

/// Writing a value into the metadata: its entries are YAML text (see
/// `otherEntries`), so a value set here is quoted as YAML needs.
extension RecipeMetadata {
    /// Sets a key to a text value, as front matter would hold it.
    package mutating func set(_ key: String, toText value: String) {
        if !keyOrder.contains(key) { keyOrder.append(key) }
        if key == "title" {
            title = value
        } else {
            otherEntries[key] = "\(key): \(Self.yamlScalar(value))\n"
        }
    }

    /// A value as a plain YAML scalar when YAML reads it back as the same
    /// characters (`4`, `30 min`, `🍲 Soup`), else double-quoted with only
    /// the escapes YAML needs (never `\U0001F9C2` for an emoji).
    package static func yamlScalar(_ text: String) -> String {
        if !text.isEmpty, !text.contains("\n"), let node = try? BoundedYAML.compose("key: " + text),
           node.mapping?["key"]?.scalar?.string == text, node.mapping?.count == 1 {
            return text
        }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    quoted += String(format: "\\x%02X", scalar.value)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}
