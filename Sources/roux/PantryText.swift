import Foundation
import Recipes

/// `roux pantry`'s reports as text for a person.
enum PantryText {
    static func report(_ pantry: Pantry, today: PantryDate, within days: Int) -> String {
        let low = pantry.lowItems
        let expiring = pantry.expiring(within: days, today: today)
        guard !low.isEmpty || !expiring.isEmpty else {
            return "Nothing is low or expires within \(days) day\(days == 1 ? "" : "s").\n"
        }
        var output = ""
        if !low.isEmpty {
            output += "Low\n"
            for item in low {
                let threshold = item.low.map { ", low at \(shown($0))" } ?? ""
                output += "  \(item.name)  \(item.quantity.map(shown) ?? "")\(threshold)\(section(item))\n"
            }
        }
        if !expiring.isEmpty {
            output += (output.isEmpty ? "" : "\n") + "Expires within \(days) day\(days == 1 ? "" : "s")\n"
            for entry in expiring {
                let when = switch entry.days {
                case ..<0: "expired \(-entry.days) day\(entry.days == -1 ? "" : "s") ago"
                case 0: "today"
                case 1: "tomorrow"
                default: "in \(entry.days) days"
                }
                output += "  \(entry.item.name)  \(entry.date)  \(when)\(section(entry.item))\n"
            }
        }
        return output
    }

    /// `500%g` as a cook reads it: `500 g`.
    private static func shown(_ written: String) -> String {
        ShoppingListFile.quantity(written).description
    }

    private static func section(_ item: Pantry.Item) -> String {
        item.section.map { "  [\($0)]" } ?? ""
    }

    static func recipes(_ recipes: [(name: String, lacks: [String])]) -> String {
        let ready = recipes.filter(\.lacks.isEmpty)
        let lacking = recipes.enumerated().filter { !$0.element.lacks.isEmpty }
            .sorted { ($0.element.lacks.count, $0.offset) < ($1.element.lacks.count, $1.offset) }.map(\.element)
        var output = "Can be cooked with what is at home\n"
        output += ready.isEmpty ? "  (none)\n" : ready.map { "  \($0.name)\n" }.joined()
        if !lacking.isEmpty {
            output += "\nLacking something\n" + lacking.map { "  \($0.name)  lacks \($0.lacks.joined(separator: ", "))\n" }.joined()
        }
        return output
    }
}
