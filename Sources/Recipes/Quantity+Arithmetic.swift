import Foundation

/// Adding and scaling quantities with the unit table: masses add to masses
/// and volumes to volumes whatever their units (`500 g + 1 kg` = `1.5 kg`),
/// counted units only to themselves, and results are shown in a unit a cook
/// reads (kilograms from 1000 g, spoons up to cups).
extension Quantity {
    /// `quantities` of one ingredient added up: one quantity per dimension
    /// or unit, in order of first appearance; amounts that are not numbers
    /// are kept as written, each once. One quantity comes back as written.
    public static func total(_ quantities: [Quantity], units: UnitTable = .standard) -> [Quantity] {
        var groups: [(key: String, members: [Quantity])] = []
        var texts: [Quantity] = []
        for written in quantities {
            let quantity = written.measured(units: units)
            guard quantity.numbers != nil else {
                if !texts.contains(quantity) { texts.append(quantity) }
                continue
            }
            let key = groupKey(of: quantity, units: units)
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].members.append(quantity)
            } else {
                groups.append((key, [quantity]))
            }
        }
        return groups.map { group in
            guard group.members.count > 1 else { return group.members[0] }
            let sum = combined(group.members, factor: 1, units: units)
            return inMeasuredUnits(sum, members: group.members, units: units) ?? sum
        } + texts
    }

    /// Quantities added when they share a unit and are numbers; else side by
    /// side in one quantity ("1 cup + 100 g").
    package static func combinedTotal(_ quantities: [Quantity]) -> Quantity? {
        let totals = total(quantities)
        guard let first = totals.first else { return nil }
        return totals.count == 1 ? first : Quantity(amount: totals.map(\.description).joined(separator: " + "))
    }

    /// A US volume or mass sum that is no fraction a cook measures (1 cup
    /// and 2 tsp: 1.04 cups) said in the units it was measured in, each
    /// added up: `1 cup + 2 tsp`, `1 lb + 7 oz`, `3 1/2 tsp` (not 1.17 tbsp),
    /// `1 cup + 1/8 tsp` (not 1 cup: nothing written is lost to rounding).
    /// Nil when the sum is exactly such a fraction, a range, or not US.
    private static func inMeasuredUnits(_ sum: Quantity, members: [Quantity], units: UnitTable) -> Quantity? {
        guard let unit = sum.unit.flatMap(units.unit(named:)), unit.system == .us, unit.dimension != nil,
              let numbers = sum.numbers, numbers.low == numbers.high else { return nil }
        var byUnit: [(unit: UnitTable.Unit, amount: Double)] = []
        for member in members {
            guard let measured = member.unit.flatMap(units.unit(named:)), let value = member.numbers,
                  value.low == value.high else { return nil }
            if let index = byUnit.firstIndex(where: { $0.unit.name == measured.name }) {
                byUnit[index].amount += value.high
            } else {
                byUnit.append((measured, value.high))
            }
        }
        // The exact sum, not the rounded one shown: 1 cup + 11 tbsp is not 1 2/3 cups (a teaspoon short).
        let exact = byUnit.reduce(0) { $0 + $1.amount * $1.unit.inBase } / unit.inBase
        guard !KitchenNumber.isExactFraction(exact) else { return nil }
        var parts: [String] = []
        for (measured, amount) in byUnit.sorted(by: { $0.unit.inBase > $1.unit.inBase }) {
            let shown = KitchenNumber.format(amount, unit: measured, written: measured.name)
            parts.append(shown + " " + units.spelling(of: measured, for: Quantity(amount: shown).value ?? amount))
        }
        return Quantity(amount: parts.joined(separator: " + "))
    }

    /// This quantity for `factor` times the servings. Fixed quantities
    /// (`{=1%tsp}`) and amounts that are not numbers stay as they are;
    /// ranges scale both ends; the unit may become a more readable one
    /// (`600 g` × 2 = `1.2 kg`, `1/4 cup` × 1/4 = `1 tbsp`).
    public func scaled(by factor: Double, units: UnitTable = .standard) -> Quantity {
        let quantity = measured(units: units)
        guard factor != 1, factor.isFinite, factor > 0, !isFixed, quantity.numbers != nil else { return self }
        return Self.combined([quantity], factor: factor, units: units)
    }

    /// The quantity with a unit written inside its amount read out of it
    /// ("2 cups" written `{2 cups}`, "2 sprigs" → 2, "sprigs"); the file
    /// keeps it as written.
    func measured(units: UnitTable) -> Quantity {
        guard unit == nil, numbers == nil, let (number, rest) = Self.parse(prefixOf: Substring(amount), units: units) else { return self }
        if number.unit != nil {
            return rest.allSatisfy(\.isWhitespace) ? Quantity(amount: number.amount, unit: number.unit, isFixed: isFixed) : self
        }
        guard rest.first == " ", rest.contains(where: \.isLetter), !rest.contains(where: \.isNumber) else { return self }
        return Quantity(amount: number.amount, unit: rest.trimmingCharacters(in: .whitespaces), isFixed: isFixed)
    }

    /// What this quantity adds up with: its dimension, its unit, or nothing.
    static func groupKey(of quantity: Quantity, units: UnitTable) -> String {
        guard let written = quantity.unit, !written.isEmpty else { return "" }
        guard let unit = units.unit(named: written) else { return "unit:" + written.lowercased() }
        return unit.dimension.map { "dimension:" + $0.rawValue } ?? "unit:" + unit.name
    }

    /// Members of one group (same key) added, times `factor`.
    private static func combined(_ members: [Quantity], factor: Double, units: UnitTable) -> Quantity {
        var low = 0.0
        var high = 0.0
        let known = members.map { $0.unit.flatMap(units.unit(named:)) }
        if let first = known.first ?? nil, let dimension = first.dimension {
            for (member, unit) in zip(members, known) {
                let numbers = member.numbers ?? (0, 0)
                let worth = unit?.inBase ?? 1
                low += numbers.low * worth
                high += numbers.high * worth
            }
            low *= factor
            high *= factor
            let sameUnit = known.allSatisfy { $0?.name == first.name }
            let system: UnitTable.System = known.allSatisfy({ $0?.system == .us }) ? .us : .metric
            var shown = sameUnit && !units.isOnLadder(first) ? first : units.readableUnit(for: high, dimension: dimension, system: system)
            // A US measure the author's unit holds stays in it when the
            // readable unit would need a fraction no measure has: 4 tsp twice
            // is 8 tsp, not 2 2/3 tbsp (but 4 tbsp is 1/4 cup); 2 1/2-3 tsp,
            // not 0.833-1 tbsp.
            if sameUnit, first.system == .us, shown.name != first.name,
               Self.isMeasurable(high / first.inBase, in: first), Self.isMeasurable(low / first.inBase, in: first),
               !Self.isMeasurable(high / shown.inBase, in: shown) || !Self.isMeasurable(low / shown.inBase, in: shown) {
                shown = first
            }
            let amount = format(low / shown.inBase, high / shown.inBase, unit: shown, written: shown.name)
            return Quantity(amount: amount, unit: units.spelling(of: shown, for: Self.shownValue(amount, high / shown.inBase),
                                                                 like: writtenAlike(members)))
        }
        for member in members {
            let numbers = member.numbers ?? (0, 0)
            low += numbers.low
            high += numbers.high
        }
        low *= factor
        high *= factor
        let unit = known.first ?? nil
        let amount = format(low, high, unit: unit, written: members[0].unit)
        let written = unit.map { units.spelling(of: $0, for: Self.shownValue(amount, high), like: writtenAlike(members)) } ?? members[0].unit
        return Quantity(amount: amount, unit: written)
    }

    /// The members' unit as written when all are written in one script (a
    /// total's unit is then spelt in it); nil when they mix scripts, so a
    /// sum does not depend on which came first.
    private static func writtenAlike(_ members: [Quantity]) -> String? {
        let blocks = Set(members.map { $0.unit?.unicodeScalars.first.map { $0.value >> 7 } })
        return blocks.count == 1 ? members.first?.unit : nil
    }

    /// The value an amount shows (its upper end), which decides its unit's
    /// plural: "1 cup", never "1 cups" for 1.003.
    private static func shownValue(_ amount: String, _ exact: Double) -> Double {
        Quantity(amount: amount).value ?? exact
    }

    /// Whether a US measure holds `value` of `unit`: wholes, halves and
    /// quarters, and thirds of a cup.
    private static func isMeasurable(_ value: Double, in unit: UnitTable.Unit) -> Bool {
        let parts: [Double] = unit.name == "cup" ? [0, 0.25, 1.0 / 3, 0.5, 2.0 / 3, 0.75, 1] : [0, 0.25, 0.5, 0.75, 1]
        let fraction = value - value.rounded(.down)
        return parts.contains { abs(fraction - $0) <= 0.02 }
    }

    private static func format(_ low: Double, _ high: Double, unit: UnitTable.Unit?, written: String?) -> String {
        var highText = KitchenNumber.format(high, unit: unit, written: written)
        var lowText = KitchenNumber.format(low, unit: unit, written: written)
        // One range in one style: an end in decimals makes the other's fraction a decimal too.
        if lowText.contains("/"), highText.contains(".") { lowText = KitchenNumber.decimal(low) }
        if highText.contains("/"), lowText.contains(".") { highText = KitchenNumber.decimal(high) }
        return lowText == highText ? highText : "\(lowText)-\(highText)"
    }
}

extension UnitTable {
    /// Units a total moves between to stay readable, per dimension and
    /// system, smallest first, with the value (in the dimension's base)
    /// from which each is used.
    private func ladder(_ dimension: Dimension, _ system: System) -> [(unit: String, from: Double)] {
        switch (dimension, system) {
        case (.mass, .us): [("oz", 0), ("lb", 16 * (unit(canonical: "oz")?.inBase ?? 28.35))]
        case (.volume, .us):
            [("tsp", 0), ("tbsp", unit(canonical: "tbsp")?.inBase ?? 14.8), ("cup", (unit(canonical: "cup")?.inBase ?? 236.6) / 4)]
        case (.mass, _): [("mg", 0), ("g", 1), ("kg", 1000)]
        case (.volume, _): [("ml", 0), ("l", 1000)]
        }
    }

    func isOnLadder(_ unit: Unit) -> Bool {
        guard let dimension = unit.dimension else { return false }
        return ladder(dimension, unit.system == .us ? .us : .metric).contains { $0.unit == unit.name }
    }

    /// The unit to show `base` grams or millilitres in.
    func readableUnit(for base: Double, dimension: Dimension, system: System) -> Unit {
        if dimension == .volume, system == .us, let cup = unit(canonical: "cup"), base < cup.inBase - 1e-9,
           base >= cup.inBase / 4 - 1e-9, KitchenNumber.fraction(base / cup.inBase, eighths: false, tolerance: 0.02) == nil,
           let tablespoon = unit(canonical: "tbsp") {
            // 6 tbsp, not 3/8 cup: under a cup, cups only for the fractions cups are measured in.
            return tablespoon
        }
        let steps = ladder(dimension, system)
        let name = steps.last(where: { base >= $0.from - 1e-9 })?.unit ?? steps[0].unit
        return unit(canonical: name) ?? table[0]
    }

    /// The unit's name, or its plural spelling ("cups", "cloves",
    /// "gousses") when there is more than one; abbreviations do not change.
    /// Where the author wrote the unit in another script than Latin
    /// (`written`: `2 כפות`, `400 גרם`), its spelling in that script, so a
    /// scaled Hebrew recipe stays Hebrew (`4 כפות`, `800 גרם`).
    func spelling(of unit: Unit, for value: Double, like written: String? = nil) -> String {
        if let written, let own = Self.spelling(of: unit, inTheScriptOf: written, plural: value > 1 + 1e-9) { return own }
        guard value > 1 + 1e-9 else { return unit.name }
        for suffix in ["s", "es"] where unit.spellings.contains(unit.name + suffix) {
            return unit.name + suffix
        }
        return unit.name
    }

    /// The unit's spellings in the script of `written` when that is not
    /// Latin (the block of its first letter): the first as the singular, the
    /// next as the plural when it has a Hebrew plural's ending (כף|כפות;
    /// not ק"ג|קילו, two names of one kilogram). Nil for a Latin word, or a
    /// unit with no spelling in that script.
    static func spelling(of unit: Unit, inTheScriptOf written: String, plural: Bool) -> String? {
        guard let first = written.unicodeScalars.first, first.value >= 0x0370, first.properties.isAlphabetic else { return nil }
        let block = first.value >> 7
        let own = unit.spellings.filter { $0.unicodeScalars.first.map { $0.value >> 7 == block } ?? false }
        guard let singular = own.first else { return nil }
        guard plural, own.count > 1, ["ות", "ים", "י"].contains(where: { own[1].hasSuffix($0) }) else { return singular }
        return own[1]
    }
}
