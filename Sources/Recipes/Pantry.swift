import Foundation

/// What is at home, from a pantry file: CookCLI's `pantry.conf` (TOML:
/// `[section]`s of `name = "500%g"` or `name = { quantity = "1%kg", low =
/// "200%g", expire = "2025-06-01", bought = "2025-05-01" }`, underscores
/// in a name for spaces), or the simpler list Roux read before: the aisle
/// file's `[section]`s and one name per line. Names are compared as
/// `IngredientName.key`.
public struct Pantry: Sendable {
    public struct Item: Equatable, Sendable {
        /// As written, underscores read as spaces.
        public var name: String
        /// Nil for an item above every section.
        public var section: String?
        /// What is at home as written (`500%g`, `unlimited`); nil when the
        /// file says only that there is some.
        public var quantity: String?
        public var low: String?
        public var expire: String?
        public var bought: String?
        /// Where the item is written (1-based), for messages; 0 when unknown.
        public var line: Int

        public init(name: String, section: String? = nil, quantity: String? = nil, low: String? = nil,
                    expire: String? = nil, bought: String? = nil, line: Int = 0) {
            self.name = name
            self.section = section
            self.quantity = quantity
            self.low = low
            self.expire = expire
            self.bought = bought
            self.line = line
        }

        /// The quantity as Roux adds and compares it: `500%g` and `500 g` are
        /// 500 g; nil without one, or for `unlimited`.
        public var measuredQuantity: Quantity? { quantity.flatMap(Pantry.measured) }
        public var measuredLow: Quantity? { low.flatMap(Pantry.measured) }
        public var expiryDate: PantryDate? { expire.flatMap(PantryDate.init(parsing:)) }

        /// At or below its own `low`, where the two are in units that compare.
        public var isLow: Bool {
            guard let have = measuredQuantity, let low = measuredLow,
                  let difference = have.subtracting(low) else { return false }
            return difference.numbers.map { $0.high <= 0 } ?? false
        }

        /// A quantity of nothing at all (`0`, `0%g`).
        public var isOut: Bool { measuredQuantity?.numbers.map { $0.high <= 0 } ?? false }
    }

    /// In the file's order.
    public let items: [Item]
    /// What was read but not understood (an unknown attribute, a value of
    /// the wrong kind), located; the rest of the file still counts.
    public let warnings: [Problem]
    private let byKey: [String: Int]

    /// Something wrong at a line of the file (1-based; column 0 when only
    /// the line is known).
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var message: String

        public var description: String { column > 0 ? "\(line):\(column): \(message)" : "\(line): \(message)" }

        public init(line: Int, column: Int, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }
    }

    public init(items: [Item] = [], warnings: [Problem] = []) {
        self.items = items
        self.warnings = warnings
        var byKey: [String: Int] = [:]
        for (index, item) in items.enumerated() where byKey[IngredientName.key(item.name)] == nil {
            byKey[IngredientName.key(item.name)] = index
        }
        self.byKey = byKey
    }

    /// Reads either format; a file that is neither is nothing at home (use
    /// `init(parsing:)` to hear why).
    public init(contents: String = "") {
        self = (try? Pantry(parsing: contents)) ?? Pantry()
    }

    /// Reads either format: a file with `=` in it is TOML, and malformed
    /// TOML is an error at its line and column.
    public init(parsing contents: String) throws(Problem) {
        if Self.looksLikeTOML(contents) {
            self = try Pantry(toml: contents)
        } else {
            let items = ListFile.entries(contents).flatMap { entry in
                entry.names.map { Item(name: $0, section: entry.section) }
            }
            self.init(items: items)
        }
    }

    /// Whether a name already in key form is at home.
    public func holds(_ key: String) -> Bool { byKey[key] != nil }

    /// The item a name already in key form names.
    public func item(_ key: String) -> Item? { byKey[key].map { items[$0] } }

    public var isEmpty: Bool { items.isEmpty }

    /// A line outside comments with `key = value` on it.
    private static func looksLikeTOML(_ contents: String) -> Bool {
        contents.split(whereSeparator: \.isNewline).contains { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            return !text.hasPrefix("#") && text.contains("=")
        }
    }

    /// `500%g`, `500 g`, `12`; nil for `unlimited` or words.
    static func measured(_ written: String) -> Quantity? {
        let quantity = ShoppingListFile.quantity(written)
        return quantity.numbers == nil ? nil : quantity
    }
}
