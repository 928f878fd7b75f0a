import Foundation

/// A duration written in a step's words, for a kitchen timer: `bake 25
/// minutes`, `20 à 25 min`, `1 h 30`, `1h30`, `1½ hours`, `1 1/2 hours`,
/// `45 Sekunden`, `10 minutos`, `2 ore`, `1 hour and 15 minutes`.
///
/// Rules: a number (with a decimal comma or point, a vulgar fraction, or
/// `1/2`) followed by a unit word of English, French, German, Spanish or
/// Italian; a range (`20-25`, `20 to 25`, `20 à 25`, `20 bis 25`, `20 a
/// 25`) takes its lower end as the time (the cook looks first at the
/// shorter time; the longer stays in the name); after hours, a number alone
/// below 60 is minutes (`1 h 30`, `1h30 à 180 °C`); `m` counts only glued
/// to its number (`45m`: a spaced `m` is more often metres). Words for
/// numbers (`an hour`, `une demi-heure`) are not read.
public struct WrittenDuration: Equatable, Sendable {
    /// UTF-8 offsets of the mention in the text given.
    public var range: Range<Int>
    /// The time, in seconds: a range's lower end.
    public var seconds: Int
    /// A range's upper end, in seconds.
    public var upperSeconds: Int?
    /// The words as written (`20 à 25 min`).
    public var text: String

    public init(range: Range<Int>, seconds: Int, upperSeconds: Int? = nil, text: String) {
        self.range = range
        self.seconds = seconds
        self.upperSeconds = upperSeconds
        self.text = text
    }

    /// The longest timer read: two days (a rise overnight is shorter; a
    /// larger number is no timer, and keeps the arithmetic far from overflow).
    public static let longest = 48 * 3_600

    /// Every duration written in `text`, left to right.
    public static func all(in text: String) -> [WrittenDuration] {
        let tokens = DurationTokens(text).tokens
        var found: [WrittenDuration] = []
        var index = 0
        while index < tokens.count {
            if let (duration, next) = read(at: index, in: tokens, text: text) {
                found.append(duration)
                index = next
            } else {
                index += 1
            }
        }
        return found
    }

    /// The first duration in `text`, if it holds one.
    public static func first(in text: String) -> WrittenDuration? {
        all(in: text).first
    }

    private static let rangeWords: Set<String> = ["to", "à", "a", "bis", "al", "or", "ou", "o", "oder"]
    private static let andWords: Set<String> = ["and", "et", "und", "y", "e"]

    /// A duration starting at the number `tokens[start]`, and the token after it.
    private static func read(at start: Int, in tokens: [DurationTokens.Token], text: String) -> (WrittenDuration, Int)? {
        guard case .number(let low) = tokens[start].kind, !tokens[start].followsLetter else { return nil }
        var index = start + 1
        var high: Double?
        // A range: `20-25`, `20 à 25`.
        if index + 1 < tokens.count, case .number(let upper) = tokens[index + 1].kind, tokens[index].isRangeJoint(rangeWords) {
            high = upper
            index += 2
        }
        guard index < tokens.count, let unit = tokens[index].unitSeconds(gluedTo: tokens[index - 1]) else { return nil }
        var seconds = low * unit
        var upper = high.map { $0 * unit }
        var lastUnit = unit
        var end = tokens[index].range.upperBound
        index += 1
        // `1 h 30`, `1 hour and 15 minutes`, `1 min 30 s`: smaller units after.
        while index < tokens.count {
            var next = index
            if tokens[next].isWord(in: andWords) { next += 1 }
            guard next < tokens.count, case .number(let more) = tokens[next].kind else { break }
            if next + 1 < tokens.count, let smaller = tokens[next + 1].unitSeconds(gluedTo: tokens[next]), smaller < lastUnit {
                seconds += more * smaller
                upper = upper.map { $0 + more * smaller }
                lastUnit = smaller
                end = tokens[next + 1].range.upperBound
                index = next + 2
            } else if lastUnit == 3_600, next == index, more < 60, more == more.rounded(),
                      next + 1 == tokens.count || tokens[next + 1].endsBareMinutes {
                // A bare number after hours: minutes (`1 h 30`, `1h30`).
                seconds += more * 60
                upper = upper.map { $0 + more * 60 }
                end = tokens[next].range.upperBound
                index = next + 1
                break
            } else {
                break
            }
        }
        guard seconds >= 1, seconds <= Double(longest), (upper ?? 0) <= Double(longest) else { return nil }
        let range = tokens[start].range.lowerBound ..< end
        let written = String(decoding: Array(text.utf8)[range], as: UTF8.self)
        let upperSeconds = upper.map { Int($0.rounded()) }.flatMap { $0 > Int(seconds.rounded()) ? $0 : nil }
        return (WrittenDuration(range: range, seconds: Int(seconds.rounded()), upperSeconds: upperSeconds, text: written), index)
    }

    /// The unit words, lowercased, and their seconds: English, French,
    /// German, Spanish, Italian and Hebrew (`10 דקות`, `~{1%שעה}`).
    static let units: [String: Double] = {
        var table: [String: Double] = [:]
        for word in ["s", "sec", "secs", "second", "seconds", "seconde", "secondes", "sekunde", "sekunden", "sek", "segundo", "segundos",
                     "seg", "secondo", "secondi", "שנייה", "שניה", "שניות"] { table[word] = 1 }
        for word in ["min", "mins", "minute", "minutes", "minuten", "mn", "minuto", "minutos", "minuti", "דקה", "דקות"] { table[word] = 60 }
        for word in ["h", "hr", "hrs", "hour", "hours", "heure", "heures", "std", "stunde", "stunden", "hora", "horas", "ora", "ore",
                     "שעה", "שעות"] {
            table[word] = 3_600
        }
        return table
    }()

    /// Units that count only glued to their number.
    static let gluedUnits: [String: Double] = ["m": 60]
}
