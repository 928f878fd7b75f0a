public import Foundation

/// A day of the calendar, as pantry files write them: `2025-06-01`,
/// `01.06.2025`, `01/06/2025` (day first, as CookCLI reads it; month first
/// only when the day-first reading is no date, `06/30/2025`), `2025.06.01`,
/// `01-06-2025`, or a TOML date. Days are counted in UTC, so the difference
/// between two is whole days whatever the time zone.
public struct PantryDate: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1 ... 9999).contains(year), (1 ... 12).contains(month), (1 ... 31).contains(day) else { return nil }
        let components = DateComponents(year: year, month: month, day: day)
        // 31.02. is no day: the calendar would roll it into March.
        guard let date = Self.calendar.date(from: components),
              Self.calendar.dateComponents([.year, .month, .day], from: date) == components else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Today where the user is (the tests give their own day instead).
    public static func today(in zone: TimeZone = .current, now: Date = Date()) -> PantryDate? {
        var local = Calendar(identifier: .gregorian)
        local.timeZone = zone
        let parts = local.dateComponents([.year, .month, .day], from: now)
        return PantryDate(year: parts.year ?? 0, month: parts.month ?? 0, day: parts.day ?? 0)
    }

    /// Reads one of the spellings above; nil for anything else.
    public init?(parsing text: String) {
        let written = text.trimmingCharacters(in: .whitespaces)
        for separator in ["-", ".", "/"] {
            let parts = written.split(separator: Character(separator), omittingEmptySubsequences: false).map { Int($0) }
            guard parts.count == 3, let first = parts[0], let second = parts[1], let third = parts[2] else { continue }
            let yearFirst = written.prefix(while: \.isNumber).count == 4
            if yearFirst {
                if let date = PantryDate(year: first, month: second, day: third) { self = date; return }
            } else if written.split(separator: Character(separator)).last?.count == 4 {
                if let date = PantryDate(year: third, month: second, day: first) { self = date; return }
                if separator == "/", let date = PantryDate(year: third, month: first, day: second) { self = date; return }
            }
        }
        return nil
    }

    /// Whole days from `self` to `other` (negative when `other` is earlier).
    public func days(until other: PantryDate) -> Int {
        guard let start = Self.calendar.date(from: DateComponents(year: year, month: month, day: day)),
              let end = Self.calendar.date(from: DateComponents(year: other.year, month: other.month, day: other.day)) else { return 0 }
        return Self.calendar.dateComponents([.day], from: start, to: end).day ?? 0
    }

    /// ISO 8601: `2025-06-01`.
    public var description: String {
        String(format: "%04d-%02d-%02d", year, month, day)
    }

    public static func < (lhs: PantryDate, rhs: PantryDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        return calendar
    }()
}
