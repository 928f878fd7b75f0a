import Foundation

/// A time a recipe takes (its `time`, `prep time`, `cook time`), in whole
/// minutes: read from what cooks write (`45 minutes`, `1 hour 30 min`,
/// `1h30m`, `1:30`, `90`) or from ISO 8601 (`PT1H30M`, schema.org's form),
/// and written either way.
public struct CookingDuration: Equatable, Sendable {
    public var minutes: Int

    public init(minutes: Int) {
        self.minutes = minutes
    }

    /// The longest time read: a week. Longer is no cooking time (a typo or
    /// a hostile page), and it keeps the arithmetic far from overflow.
    static let longest = 7 * 24 * 60

    /// Reads a time as a cook writes it, or as ISO 8601; nil for text that
    /// is not one ("overnight", "a while"). A number alone is minutes;
    /// seconds are rounded up to a minute.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !trimmed.isEmpty, trimmed.utf8.count <= 100 else { return nil }
        if trimmed.hasPrefix("p"), let minutes = Self.iso8601Minutes(trimmed) {
            self.init(minutes: minutes)
            return
        }
        let clock = trimmed.split(separator: ":", omittingEmptySubsequences: false)
        if clock.count == 2, let hours = Int(clock[0]), let minutes = Int(clock[1]), hours >= 0, (0 ..< 60).contains(minutes) {
            guard hours * 60 + minutes <= Self.longest else { return nil }
            self.init(minutes: hours * 60 + minutes)
            return
        }
        guard let minutes = Self.spokenMinutes(trimmed) else { return nil }
        self.init(minutes: minutes)
    }

    /// `PT1H30M`, `P1DT2H`, `PT45M`, `PT0.5H`, `PT90S`: days, hours,
    /// minutes and seconds (years, months and weeks are no cooking time).
    private static func iso8601Minutes(_ text: String) -> Int? {
        var seconds = 0.0
        var number = ""
        var inTime = false
        var sawPart = false
        for character in text.dropFirst() {
            switch character {
            case "t" where !inTime && number.isEmpty: inTime = true
            case "0" ... "9", ".", ",": number.append(character == "," ? "." : character)
            case "d", "h", "m", "s":
                guard let value = Double(number), value >= 0 else { return nil }
                // Days before T, the rest after it ("P1M" is a month).
                switch (character, inTime) {
                case ("d", false): seconds += value * 86_400
                case ("h", true): seconds += value * 3_600
                case ("m", true): seconds += value * 60
                case ("s", true): seconds += value
                default: return nil
                }
                number = ""
                sawPart = true
            default: return nil
            }
        }
        guard sawPart, number.isEmpty else { return nil }
        return minutes(fromSeconds: seconds)
    }

    private static func minutes(fromSeconds seconds: Double) -> Int? {
        guard seconds.isFinite, seconds <= Double(longest * 60) else { return nil }
        return Int((seconds / 60).rounded(.up))
    }

    /// Days, which a recipe's time may take (a timer may not): the other
    /// units are the timers' own (`WrittenDuration.units`), one table.
    private static let dayWords: Set<String> = ["d", "day", "days", "jour", "jours", "tag", "tage", "día", "días", "giorno", "giorni", "יום", "ימים"]

    /// The seconds of a unit word: a day, or a timer's unit (`m` too, which
    /// a timer reads only glued to its number).
    private static func unitSeconds(of word: String) -> Double? {
        if dayWords.contains(word) { return 86_400 }
        return WrittenDuration.units[word] ?? WrittenDuration.gluedUnits[word]
    }

    /// `1 hour 30 minutes`, `1h30m`, `1 h 30`, `45 min`, `2½ hours`,
    /// `90`: numbers each followed by a unit (a last bare number after
    /// hours is minutes; a number alone is minutes). `and` and commas
    /// between are allowed; any other word makes it no time.
    private static func spokenMinutes(_ text: String) -> Int? {
        var tokens: [(number: Double?, word: String)] = []
        var current = ""
        var isNumber = false
        func flush() {
            guard !current.isEmpty else { return }
            if isNumber {
                tokens.append((Double(current), ""))
            } else {
                tokens.append((nil, current))
            }
            current = ""
        }
        for character in text {
            if let fraction = Quantity.vulgarFractions[character] {
                flush()
                if let last = tokens.last, let whole = last.number, last.word.isEmpty {
                    tokens[tokens.count - 1].number = whole + fraction
                } else {
                    tokens.append((fraction, ""))
                }
                continue
            }
            let digit = character.isASCII && (character.isNumber || character == ".")
            if character.isWhitespace || character == "," || character == "-" {
                flush()
                continue
            }
            if digit != isNumber { flush() }
            isNumber = digit
            current.append(character)
        }
        flush()
        var seconds = 0.0
        var pending: Double?
        var lastUnit = Double.infinity
        for token in tokens {
            if let number = token.number {
                guard pending == nil else { return nil }
                pending = number
                continue
            }
            if token.word == "and" || token.word == "et" || token.word == "und" { continue }
            guard let value = pending, let unit = unitSeconds(of: token.word) else { return nil }
            seconds += value * unit
            lastUnit = unit
            pending = nil
        }
        if let value = pending {
            // "1 h 30": the minutes after hours; "90": minutes.
            guard lastUnit == .infinity || lastUnit == 3_600 else { return nil }
            seconds += value * 60
        }
        guard !tokens.isEmpty else { return nil }
        return minutes(fromSeconds: seconds)
    }

    /// ISO 8601, as schema.org writes it: `PT1H30M`, `PT45M`, `PT0M`.
    public var iso8601: String {
        let hours = minutes / 60
        let rest = minutes % 60
        if hours == 0 { return "PT\(rest)M" }
        return rest == 0 ? "PT\(hours)H" : "PT\(hours)H\(rest)M"
    }

    /// As the Cooklang conventions advise writing it, without plurals or a
    /// language: `1h30m`, `45m`, `2h`.
    public var written: String {
        let hours = minutes / 60
        let rest = minutes % 60
        if hours == 0 { return "\(rest)m" }
        return rest == 0 ? "\(hours)h" : "\(hours)h\(rest)m"
    }
}
