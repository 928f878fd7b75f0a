import Foundation
import Recipes

/// `RouxBench --parse-ingredient-lines FILE`: one JSON object per line of
/// FILE, for comparing the parser with other ones; the time on stderr.
enum IngredientLineParse {
    struct Row: Encodable {
        var line: String
        /// The amount as a decimal ("1.5", a range "2-3"), or as written when
        /// it is no number ("a few"); null without a quantity.
        var quantity: String?
        /// The amount as the line writes it ("1 1/2", "½", "a").
        var amount: String?
        /// The unit's canonical spelling in the unit table ("cup" for "c.").
        var unit: String?
        /// The unit as written.
        var unitWritten: String?
        var name: String?
        var note: String?

        enum CodingKeys: String, CodingKey {
            case line, quantity, amount, unit, unitWritten = "unit_written", name, note
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(line, forKey: .line)
            try container.encode(quantity, forKey: .quantity)
            try container.encode(amount, forKey: .amount)
            try container.encode(unit, forKey: .unit)
            try container.encode(unitWritten, forKey: .unitWritten)
            try container.encode(name, forKey: .name)
            try container.encode(note, forKey: .note)
        }
    }

    static func run(path: String) {
        guard let contents = try? String(contentsOfFile: path, encoding: .utf8) else {
            FileHandle.standardError.write(Data("\(path): cannot be read as UTF-8 text\n".utf8))
            exit(1)
        }
        let lines = contents.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.trimmingCharacters(in: .newlines)) }
        let lastIndex = lines.last?.isEmpty == true ? lines.count - 1 : lines.count
        var rows: [Row] = []
        rows.reserveCapacity(lastIndex)
        let seconds = Stopwatch.time {
            for line in lines[..<lastIndex] { rows.append(row(line)) }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var output = ""
        for row in rows {
            guard let data = try? encoder.encode(row) else { continue }
            output += String(decoding: data, as: UTF8.self) + "\n"
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        let perLine = rows.isEmpty ? 0 : seconds / Double(rows.count) * 1e6
        FileHandle.standardError.write(Data(String(format: "%d lines in %.3f ms (%.2f µs per line)\n", rows.count, seconds * 1e3, perLine).utf8))
    }

    static func row(_ line: String) -> Row {
        guard let parsed = IngredientLine(line) else { return Row(line: line) }
        let quantity = parsed.quantity
        let unit = quantity?.unit
        return Row(line: line, quantity: quantity.map(decimal), amount: quantity?.amount,
                   unit: unit.map { UnitTable.standard.unit(named: $0)?.name ?? $0 }, unitWritten: unit,
                   name: parsed.name, note: parsed.note)
    }

    /// "1.5" for "1 1/2", "2-3" for "2 to 3"; the amount as written when it is no number.
    static func decimal(_ quantity: Quantity) -> String {
        guard let (low, high) = quantity.numbers else { return quantity.amount }
        return low == high ? format(low) : "\(format(low))-\(format(high))"
    }

    private static func format(_ value: Double) -> String {
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
