import Foundation
import RichText
import Yams
public import Recipes
import RecipeFormats

/// The Cooklang specification's canonical data model, the shape its
/// canonical tests use (github.com/cooklang/spec, tests/canonical.yaml):
///
///     {"steps": [[{"type": "text", "value": …},
///                 {"type": "ingredient", "name": …, "quantity": …, "units": …},
///                 {"type": "cookware", "name": …, "quantity": …},
///                 {"type": "timer", "name": …, "quantity": …, "units": …}]],
///      "metadata": {…}}
///
/// A step is a paragraph (lines joined with a space); comments, notes and
/// sections are not steps. Quantities are numbers where Cooklang reads a
/// number (`3`, `1.5`, `1/2`, `2 1/2`), else text; the defaults are "some"
/// for an ingredient, 1 for cookware, "" for a timer. A Markdown recipe
/// gives its paragraphs and list items as steps, its marks as ingredients.
extension RecipeExport {
    public static func cooklangJSON(_ recipe: Recipe) -> String {
        // A Markdown recipe's quantity only on its list goes to its first
        // mention; a mention without one is "some" (not the whole quantity
        // again beside the mentions that give theirs).
        let recipe = recipe.withListQuantitiesOnMarks
        var steps: [JSONValue] = []
        var current: [JSONValue] = []
        func endStep() {
            if !current.isEmpty { steps.append(.array(merged(current))) }
            current = []
        }
        for paragraph in ParagraphReader.paragraphs(of: recipe.document.text, in: 0 ..< recipe.document.text.utf8.count) {
            let attributes = paragraph.paragraph
            let isStepText = attributes.headingLevel == nil && attributes.verbatimLine == nil && attributes.blockQuote == nil
            let items = isStepText ? stepItems(paragraph) : []
            if items.isEmpty {
                // A block comment that goes on to the next line joins the lines around it, as the reference reads them.
                if !opensBlockComment(paragraph) { endStep() }
                continue
            }
            if attributes.listItem != nil { endStep() }
            if !current.isEmpty { current.append(.object([("type", .string("text")), ("value", .string(" "))])) }
            current += items
            if attributes.listItem != nil { endStep() }
        }
        endStep()
        let document = JSONValue.object([("steps", .array(steps)), ("metadata", metadata(of: recipe))])
        // C1, DEL and direction controls as escapes too (`OutgoingText`).
        return OutgoingText.escapedJSON(document.serialized(indent: 0)) + "\n"
    }

    /// A line of nothing but a block comment that does not end on it (its
    /// first line, or one inside it).
    private static func opensBlockComment(_ paragraph: ParagraphContent) -> Bool {
        if paragraph.paragraph.verbatimLine == .comment { return true }
        guard paragraph.paragraph.verbatimLine == nil, paragraph.paragraph.headingLevel == nil,
              paragraph.runs.allSatisfy({ $0.attributes.comment == true || paragraph.text[$0.range].allSatisfy { $0 == 0x20 || $0 == 0x09 } })
        else { return false }
        let text = paragraph.text
        let pairs = text.indices.dropLast()
        let lastOpen = pairs.last { text[$0] == 0x5B && text[$0 + 1] == 0x2D }
        let lastClose = pairs.last { text[$0] == 0x2D && text[$0 + 1] == 0x5D }
        guard let lastOpen else { return false }
        return lastClose.map { $0 < lastOpen } ?? true
    }

    /// The items of one line: text, ingredients, cookware, timers; comments
    /// left out. Empty for a line with nothing but white space and comments.
    private static func stepItems(_ paragraph: ParagraphContent) -> [JSONValue] {
        var items: [JSONValue] = []
        var hasContent = false
        for run in paragraph.runs {
            let attributes = run.attributes
            if attributes.comment == true { continue }
            let text = String(decoding: paragraph.text[run.range], as: UTF8.self)
            let quantity = attributes[OccurrenceQuantityAttribute.self]
            if attributes.ingredient != nil {
                items.append(.object([("type", .string("ingredient")), ("name", .string(componentName(text, attributes))),
                                      ("quantity", quantity.map { value(of: $0.amount) } ?? .string("some")),
                                      ("units", .string(quantity?.unit ?? ""))]))
                hasContent = true
            } else if let name = attributes.cookware {
                items.append(.object([("type", .string("cookware")), ("name", .string(name)),
                                      ("quantity", quantity.map { value(of: $0.amount) } ?? .number(1))]))
                hasContent = true
            } else if let name = attributes.timer {
                items.append(.object([("type", .string("timer")), ("name", .string(name)),
                                      ("quantity", quantity.map { value(of: $0.amount) } ?? .string("")),
                                      ("units", .string(quantity?.unit ?? ""))]))
                hasContent = true
            } else {
                items.append(.object([("type", .string("text")), ("value", .string(text))]))
                if text.contains(where: { !$0.isWhitespace }) { hasContent = true }
            }
        }
        return hasContent ? items : []
    }

    /// An ingredient's name as Cooklang means it (a recipe reference's
    /// last part), else the marked text.
    private static func componentName(_ text: String, _ attributes: AttributeContainer) -> String {
        guard let source = attributes[CooklangSourceAttribute.self] else { return text }
        let bytes = Array(source.utf8)
        return bytes.withUnsafeBufferPointer { line in CooklangComponent.parse(line, at: 0)?.displayName(line) } ?? text
    }

    /// Adjacent text items joined.
    private static func merged(_ items: [JSONValue]) -> [JSONValue] {
        var result: [JSONValue] = []
        for item in items {
            if case .object(let fields) = item, fields.first?.1 == .string("text"), case .string(let value)? = fields.last?.1,
               case .object(let previous)? = result.last, previous.first?.1 == .string("text"), case .string(let before)? = previous.last?.1 {
                result[result.count - 1] = .object([("type", .string("text")), ("value", .string(before + value))])
            } else {
                result.append(item)
            }
        }
        return result
    }

    /// A quantity as Cooklang reads it: a number when it is one (an
    /// integer, a decimal, a fraction, a whole number and a fraction;
    /// no leading zeros), else the text.
    static func value(of amount: String) -> JSONValue {
        let tokens = amount.split(separator: " ").flatMap { $0.split(separator: "/", omittingEmptySubsequences: false).enumerated()
            .flatMap { index, part in index == 0 ? [String(part)] : ["/", String(part)] } }
            .filter { !$0.isEmpty }
        func integer(_ text: String) -> Double? {
            guard !text.isEmpty, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber), text == "0" || !text.hasPrefix("0") else { return nil }
            return Double(text)
        }
        func decimal(_ text: String) -> Double? {
            if let whole = integer(text) { return whole }
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), !parts[1].isEmpty,
                  parts[0].isEmpty || integer(String(parts[0])) != nil else { return nil }
            return Double((parts[0].isEmpty ? "0" : String(parts[0])) + "." + parts[1])
        }
        switch tokens.count {
        case 1:
            if let number = decimal(tokens[0]) { return .number(number) }
        case 3 where tokens[1] == "/":
            if let top = integer(tokens[0]), let bottom = integer(tokens[2]), bottom != 0 { return .number(top / bottom) }
        case 4 where tokens[2] == "/":
            if let whole = integer(tokens[0]), let top = integer(tokens[1]), let bottom = integer(tokens[3]), bottom != 0 {
                return .number(whole + top / bottom)
            }
        default:
            break
        }
        return .string(amount.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " "))
    }

    /// The metadata as typed values: YAML's types from front matter, text
    /// from `>>` lines.
    private static func metadata(of recipe: Recipe) -> JSONValue {
        var fields: [(String, JSONValue)] = []
        for key in recipe.metadata.keyOrder {
            if key == "title", let title = recipe.metadata.title {
                fields.append((key, .string(title)))
            } else if key == "ingredients" {
                continue
            } else if let entry = recipe.metadata.otherEntries[key],
                      let node = (try? BoundedYAML.compose(entry))??.mapping?.first?.value {
                fields.append((key, JSONValue(node)))
            }
        }
        return .object(fields)
    }
}

/// JSON with its keys in a given order.
indirect enum JSONValue: Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// A YAML node: numbers, booleans and dates as YAML resolves them.
    init(_ node: Node) {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain || scalar.style == .any {
                if let bool = Bool.construct(from: scalar) { self = .bool(bool); return }
                if let int = Int.construct(from: scalar) { self = .number(Double(int)); return }
                if let double = Double.construct(from: scalar), double.isFinite { self = .number(double); return }
                if scalar.string == "~" || scalar.string == "null" { self = .null; return }
            }
            self = .string(scalar.string)
        case .sequence(let sequence):
            self = .array(sequence.map(JSONValue.init))
        case .mapping(let mapping):
            self = .object(mapping.map { ($0.key.string ?? "\($0.key)", JSONValue($0.value)) })
        case .alias:
            self = .null
        }
    }

    func serialized(indent: Int) -> String {
        let pad = String(repeating: "  ", count: indent)
        let inner = String(repeating: "  ", count: indent + 1)
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value):
            if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
            return String(value)
        case .string(let value): return Self.quoted(value)
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.serialized(indent: indent + 1) }.joined(separator: ",\n") + "\n" + pad + "]"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            return "{\n" + fields.map { inner + Self.quoted($0.0) + ": " + $0.1.serialized(indent: indent + 1) }.joined(separator: ",\n")
                + "\n" + pad + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
