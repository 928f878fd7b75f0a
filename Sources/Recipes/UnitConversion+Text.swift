import Foundation

/// Temperatures and quantities written in a recipe's text, shown in the
/// system: `180 °C`, `180°C`, `350°F`, `350 degrees F`, `180C`, `Gas 4`,
/// `gas mark ½`, `thermostat 6`, `180 degrés`, `180 Grad`, `180 grados`,
/// `180 gradi`, ranges (`180-200 °C`, `350 to 375°F`), and `25 cl`,
/// `2 cups`, `1 lb` in the steps.
///
/// Rules: a scale written out (`°C`, `F`, `Celsius`) is that scale; degrees
/// in French, German, Spanish or Italian words are Celsius; a bare `180°`
/// or `350 degrees` is read in `bareDegrees` (the recipe's own system:
/// Fahrenheit when its quantities are US, `Recipe.writesUSUnits`), and the
/// conversion says so (`assumedScale`). Oven and frying temperatures (from
/// 120 °C, 250 °F) round to the roundest figure within 6.5 °F of the exact
/// one: a dial's 25 °F when one is that near, else 10, else 5 (10 °C, else
/// 5 °C): `180 °C` is `350 °F`, `170 °C` `340 °F`, `200 °C` `390 °F`, `350 °F`
/// `180 °C`; lower ones (a sugar syrup, meat) to the degree. Gas marks and
/// French thermostats are shown in degrees in both systems.
extension UnitConversion {
    public enum TemperatureScale: Sendable { case celsius, fahrenheit }

    /// One piece of text and what the view shows instead.
    public struct TextConversion: Equatable, Sendable {
        /// UTF-8 offsets in the text given.
        public var range: Range<Int>
        public var original: String
        public var replacement: String
        /// The scale a temperature written without one (`200 degrees`,
        /// `180°`) was read in: what the view assumed, to be said.
        public var assumedScale: TemperatureScale?

        public init(range: Range<Int>, original: String, replacement: String, assumedScale: TemperatureScale? = nil) {
            self.range = range
            self.original = original
            self.replacement = replacement
            self.assumedScale = assumedScale
        }

        /// How the inspector lists it: `170C → 340 °F`, `200 degrees (°C) → 390 °F`.
        public var label: String {
            "\(original)\(assumedScale.map { $0 == .celsius ? " (°C)" : " (°F)" } ?? "") → \(replacement)"
        }
    }

    /// What `text` shows in the system, left to right; nothing for what is
    /// already in it.
    public func conversions(in text: String, bareDegrees: TemperatureScale = .celsius) -> [TextConversion] {
        var found = temperatures(in: text, bareDegrees: bareDegrees)
        let taken = found.map(\.range)
        for quantity in quantities(in: text) where !taken.contains(where: { $0.overlaps(quantity.range) }) {
            found.append(quantity)
        }
        return found.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }

    // MARK: Temperatures

    // 1 low, 2 separator, 3 high, then one of: 4 space, 5 letter (°C); 6 space,
    // 7 word, 8 scale word (350 degrees F, 180 Grad); 9 space (bare 180°); 10 letter (180C).
    private static let degrees = try? NSRegularExpression(pattern: """
        (?<![\\p{L}\\p{N}.,/])(\\d{2,3})(?:(\\s*(?:-|–|to|à|a|bis|al)\\s*)(\\d{2,3}))?\
        (?:(\\s?)[°º˚]\\s?([CF])(?!\\p{L})\
        |(\\s+)(degrees?|degr[ée]s?|grad|grados?|gradi)(?:\\s+(celsius|fahrenheit|centigrade|cent[íi]grados?|centigradi|C|F)(?!\\p{L}))?(?!\\p{L})\
        |(\\s?)[°º˚](?!\\s?[CF](?!\\p{L}))\
        |([CF])(?!\\p{L}))
        """, options: [.caseInsensitive])

    // 1 gas mark, 2 thermostat.
    private static let dialMarks = try? NSRegularExpression(pattern: """
        (?<!\\p{L})(?:gas(?:\\s+mark)?\\s*(\\d{1,2}|[¼½]|1/4|1/2)|(?:thermostat|th\\.?)\\s*(\\d{1,2}))(?![\\p{L}\\p{N}])
        """, options: [.caseInsensitive])

    static let gasMarks: [String: (celsius: Double, fahrenheit: Double)] = [
        "¼": (110, 225), "1/4": (110, 225), "½": (120, 250), "1/2": (120, 250), "1": (140, 275), "2": (150, 300), "3": (170, 325),
        "4": (180, 350), "5": (190, 375), "6": (200, 400), "7": (220, 425), "8": (230, 450), "9": (240, 475), "10": (260, 500),
    ]

    func temperatures(in text: String, bareDegrees: TemperatureScale) -> [TextConversion] {
        let whole = NSRange(text.startIndex ..< text.endIndex, in: text)
        var found: [TextConversion] = []
        func group(_ match: NSTextCheckingResult, _ index: Int) -> String? {
            Range(match.range(at: index), in: text).map { String(text[$0]) }
        }
        for match in Self.degrees?.matches(in: text, range: whole) ?? [] {
            guard let range = Range(match.range, in: text), let lowText = group(match, 1), let low = Double(lowText) else { continue }
            let scale: TemperatureScale
            var space = " "
            var assumed = false
            if let letter = group(match, 5) {
                scale = letter.uppercased() == "F" ? .fahrenheit : .celsius
                space = group(match, 4) ?? ""
            } else if let word = group(match, 7) {
                let named = group(match, 8)?.lowercased()
                if let named { scale = named.hasPrefix("f") ? .fahrenheit : .celsius }
                else if word.lowercased().hasPrefix("degree") {
                    scale = bareDegrees
                    assumed = true
                } else {
                    scale = .celsius
                }
            } else if let glued = group(match, 10) {
                // "180C", "350F"; "2C" is more likely two cups.
                guard low >= 100 else { continue }
                scale = glued.uppercased() == "F" ? .fahrenheit : .celsius
                space = ""
            } else {
                scale = bareDegrees
                assumed = true
                space = group(match, 9) ?? ""
            }
            let target: TemperatureScale = system == .metric ? .celsius : .fahrenheit
            guard scale != target else { continue }
            var shown = Self.temperatureText(low, from: scale)
            if let separator = group(match, 2), let high = group(match, 3).flatMap(Double.init) {
                shown += separator + Self.temperatureText(high, from: scale)
            }
            shown += space + (target == .celsius ? "°C" : "°F")
            found.append(TextConversion(range: Self.offsets(range, in: text), original: String(text[range]), replacement: shown,
                                        assumedScale: assumed ? scale : nil))
        }
        for match in Self.dialMarks?.matches(in: text, range: whole) ?? [] {
            guard let range = Range(match.range, in: text) else { continue }
            let degrees: (celsius: Double, fahrenheit: Double)
            if let mark = group(match, 1), let known = Self.gasMarks[mark] {
                degrees = known
            } else if let thermostat = group(match, 2).flatMap(Double.init), (1 ... 10).contains(thermostat) {
                degrees = (thermostat * 30, Double(Self.temperatureText(thermostat * 30, from: .celsius)) ?? 0)
            } else {
                continue
            }
            let shown = system == .metric ? "\(KitchenNumber.decimal(degrees.celsius)) °C" : "\(KitchenNumber.decimal(degrees.fahrenheit)) °F"
            found.append(TextConversion(range: Self.offsets(range, in: text), original: String(text[range]), replacement: shown))
        }
        return found
    }

    /// `degrees` of `scale` in the other scale, as a recipe would write it
    /// (see the rules above). A dial's 25 °F everywhere moved 170 °C, a
    /// frying temperature, 12 °F too hot; 5 °F everywhere would write
    /// 180 °C as 355 °F, which no recipe does.
    static func temperatureText(_ degrees: Double, from scale: TemperatureScale) -> String {
        let (exact, isOven, steps, limit): (Double, Bool, [Double], Double) = switch scale {
        case .celsius: (degrees * 9 / 5 + 32, degrees >= 120, [25, 10, 5], maximumMove)
        case .fahrenheit: ((degrees - 32) * 5 / 9, degrees >= 250, [10, 5], maximumMove * 5 / 9)
        }
        guard isOven else { return KitchenNumber.decimal(exact.rounded()) }
        let rounded = steps.lazy.map { (exact / $0).rounded() * $0 }.first { abs($0 - exact) <= limit }
        return KitchenNumber.decimal(rounded ?? exact.rounded())
    }

    /// How far, in °F, rounding may move an oven's temperature.
    static let maximumMove = 6.5

    // MARK: Quantities

    /// Masses and volumes written in the text (`25 cl`, `1 1/2 cups`), the
    /// ingredient read after them (`1 cup flour, sifted`) for its density.
    func quantities(in text: String) -> [TextConversion] {
        var found: [TextConversion] = []
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let startsNumber = (character.isASCII && character.isNumber) || Quantity.vulgarFractions[character] != nil
            let before = index > text.startIndex ? text[text.index(before: index)] : " "
            guard startsNumber, !before.isLetter, !before.isNumber, !".,/-".contains(before),
                  let (quantity, rest) = Quantity.parse(prefixOf: text[index...], units: units),
                  let unit = quantity.unit.flatMap(units.unit(named:)) else {
                index = text.index(after: index)
                continue
            }
            // A counted unit only of what weighs it (`1 stick butter`, not `2 sticks celery`).
            let weighs = { (name: String) in
                unit.dimension != nil ? densities.gramsPerMillilitre(of: name) != nil : densities.grams(inOne: unit.name, of: name) != nil
            }
            let named = ingredient(after: rest, having: weighs)
            guard unit.dimension != nil || named != nil else {
                index = text.index(after: index)
                continue
            }
            let shown = converted(quantity, ingredient: named)
            if shown != quantity {
                let range = index ..< rest.startIndex
                found.append(TextConversion(range: Self.offsets(range, in: text), original: String(text[range]), replacement: shown.description))
            }
            index = rest.startIndex
        }
        return found
    }

    /// The ingredient named after a quantity in the text, for its density
    /// (or its weight, `having` says): the longest of its next three words
    /// that has one (`2 cups plain flour and…` is flour), past a connector
    /// (`of`, `de`, `d'`).
    private func ingredient(after rest: Substring, having weighs: (String) -> Bool) -> String? {
        let connectors: Set<String> = ["of", "de", "d'", "du", "des", "di", "del", "de la", "von"]
        let phrase = rest.prefix { !",;:.()[]!?".contains($0) && !$0.isNumber }
        var words = phrase.split(whereSeparator: \.isWhitespace).map(String.init)
        while let first = words.first, connectors.contains(first.lowercased()) { words.removeFirst() }
        if let first = words.first, first.lowercased().hasPrefix("d'") || first.lowercased().hasPrefix("d’") {
            words[0] = String(first.dropFirst(2))
        }
        for count in stride(from: min(3, words.count), through: 1, by: -1) {
            let name = words.prefix(count).joined(separator: " ")
            if weighs(name) { return name }
        }
        return nil
    }

    private static func offsets(_ range: Range<String.Index>, in text: String) -> Range<Int> {
        text.utf8.distance(from: text.startIndex, to: range.lowerBound) ..< text.utf8.distance(from: text.startIndex, to: range.upperBound)
    }
}
