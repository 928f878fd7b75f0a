import Foundation
import TOMLKit

/// CookCLI's `pantry.conf`, read with a TOML parser (TOMLKit). The parser
/// keeps no order and no positions of keys, so a scan of the lines gives
/// each section and item its line: items come back in the file's order and
/// a warning says where.
extension Pantry {
    init(toml contents: String) throws(Problem) {
        let table: TOMLTable
        do {
            table = try TOMLTable(string: contents)
        } catch let failure as TOMLParseError {
            throw Problem(line: failure.source.begin.line, column: failure.source.begin.column,
                          message: "not TOML: \(failure.description)")
        } catch {
            throw Problem(line: 0, column: 0, message: "not TOML: \(error)")
        }
        let lines = TOMLKeyLines(contents)
        var items: [Item] = []
        var warnings: [Problem] = []
        for key in table.keys {
            guard let value = table[key] else { continue }
            // `[fridge]` is a section; `salt = { quantity = "1kg" }` above
            // every section is an item with attributes (CookCLI once read it as
            // a section, and lost the item).
            if let section = value.table, !section.inline {
                for name in section.keys {
                    guard let itemValue = section[name] else { continue }
                    let line = lines.line(of: name, in: key)
                    if let item = Self.item(name, itemValue, section: key, line: line, warnings: &warnings) { items.append(item) }
                }
            } else {
                let line = lines.line(of: key, in: nil)
                if let item = Self.item(key, value, section: nil, line: line, warnings: &warnings) { items.append(item) }
            }
        }
        // Stable: items the scan did not place (a dotted key) keep the parser's order, last.
        let ordered = items.enumerated().sorted { ($0.element.line == 0 ? Int.max : $0.element.line, $0.offset)
            < ($1.element.line == 0 ? Int.max : $1.element.line, $1.offset) }.map(\.element)
        self.init(items: ordered, warnings: warnings.sorted { ($0.line, $0.column) < ($1.line, $1.column) })
    }

    private static let attributes = ["quantity", "low", "expire", "bought"]

    private static func item(_ key: String, _ value: any TOMLValueConvertible, section: String?, line: Int,
                             warnings: inout [Problem]) -> Item? {
        let name = key.replacingOccurrences(of: "_", with: " ")
        if let quantity = text(of: value) { return Item(name: name, section: section, quantity: quantity, line: line) }
        guard let attributes = value.table else {
            warnings.append(Problem(line: line, column: 0,
                                    message: "\"\(name)\": a quantity (\"500%g\") or attributes ({ quantity = \"1%kg\", expire = \"2025-06-01\" }) expected"))
            return nil
        }
        var item = Item(name: name, section: section, line: line)
        for attribute in attributes.keys {
            guard let attributeValue = attributes[attribute] else { continue }
            guard let written = text(of: attributeValue) else {
                warnings.append(Problem(line: line, column: 0, message: "\"\(name)\": \(attribute) should be text (\"500%g\", \"2025-06-01\")"))
                continue
            }
            switch attribute {
            case "quantity": item.quantity = written
            case "low": item.low = written
            case "expire": item.expire = written
            case "bought": item.bought = written
            default:
                warnings.append(Problem(line: line, column: 0,
                                        message: "\"\(name)\": \"\(attribute)\" is not a pantry attribute (\(Self.attributes.joined(separator: ", ")))"))
            }
        }
        if let expire = item.expire, PantryDate(parsing: expire) == nil {
            warnings.append(Problem(line: line, column: 0, message: "\"\(name)\": expire \"\(expire)\" is not a date (2025-06-01, 01.06.2025)"))
        }
        return item
    }

    /// A string as written; a number (`eggs = 12`) or a TOML date as text.
    private static func text(of value: any TOMLValueConvertible) -> String? {
        if let string = value.string { return string }
        if let int = value.int { return String(int) }
        if let double = value.double { return KitchenNumber.decimal(double) }
        if let date = value.date { return PantryDate(year: date.year, month: date.month, day: date.day)?.description }
        return nil
    }
}
