import Recipes
import Testing

/// Durations written in a step's words, as a timer reads them.
@Suite("Durations written in the text")
struct WrittenDurationTests {
    /// A step, the words read as its durations, and their seconds (a
    /// range's lower end, then its upper end).
    static let table: [(text: String, found: [String], seconds: [Int], upper: [Int?])] = [
        ("Bake 25 minutes.", ["25 minutes"], [1_500], [nil]),
        ("Cuire 20 à 25 min au four.", ["20 à 25 min"], [1_200], [1_500]),
        ("Simmer 20-25 mins", ["20-25 mins"], [1_200], [1_500]),
        ("Simmer 20–25 minutes", ["20–25 minutes"], [1_200], [1_500]),
        ("Braise 2 to 3 hours", ["2 to 3 hours"], [7_200], [10_800]),
        ("Cuire 1 h 30 à 180 °C.", ["1 h 30"], [5_400], [nil]),
        ("Cuire 1h30", ["1h30"], [5_400], [nil]),
        ("Roast 1 hour 15 minutes", ["1 hour 15 minutes"], [4_500], [nil]),
        ("Roast 1 hour and 15 minutes", ["1 hour and 15 minutes"], [4_500], [nil]),
        ("Let it rise 1½ hours", ["1½ hours"], [5_400], [nil]),
        ("Let it rise 1 ½ hours", ["1 ½ hours"], [5_400], [nil]),
        ("Let it rise 1 1/2 hours", ["1 1/2 hours"], [5_400], [nil]),
        ("Rest ½ hour", ["½ hour"], [1_800], [nil]),
        ("1,5 Stunden gehen lassen", ["1,5 Stunden"], [5_400], [nil]),
        ("10 Min. backen, dann 45 Sekunden ruhen", ["10 Min", "45 Sekunden"], [600, 45], [nil, nil]),
        ("Hornear 10 minutos, luego 2 horas", ["10 minutos", "2 horas"], [600, 7_200], [nil, nil]),
        ("Cuocere 20 a 25 minuti, poi riposare 1 ora", ["20 a 25 minuti", "1 ora"], [1_200, 3_600], [1_500, nil]),
        ("Blanch 30s, then 45m in the oven", ["30s", "45m"], [30, 2_700], [nil, nil]),
        ("Whisk 1 min 30 s", ["1 min 30 s"], [90], [nil]),
        ("Compter 5 mn", ["5 mn"], [300], [nil]),
        ("Cook 3 Std. lang", ["3 Std"], [10_800], [nil]),
        ("לשים 10 דקות, ומתפיחים 1 שעה", ["10 דקות", "1 שעה"], [600, 3_600], [nil, nil]),
        ("אופים 20-25 דקות ומצננים 30 שניות", ["20-25 דקות", "30 שניות"], [1_200, 30], [1_500, nil]),
        ("1 שעה", ["1 שעה"], [3_600], [nil]),
    ]

    /// What is no duration: other units, no unit, numbers in words, a spaced `m`.
    static let nothing = [
        "Serves 4 people", "Add 200 g flour and 2 eggs", "Preheat to 180 °C", "Cut into 2 m strips", "Rest for an hour",
        "Step A4 minutes", "Bake 0 minutes", "Leave 100 hours", "",
    ]

    @Test(arguments: table.indices)
    func readsTheDuration(_ index: Int) {
        let row = Self.table[index]
        let found = WrittenDuration.all(in: row.text)
        #expect(found.map(\.text) == row.found, "\(row.text)")
        #expect(found.map(\.seconds) == row.seconds, "\(row.text)")
        #expect(found.map(\.upperSeconds) == row.upper, "\(row.text)")
    }

    @Test(arguments: nothing)
    func readsNoDuration(_ text: String) {
        #expect(WrittenDuration.all(in: text).isEmpty, "\(text)")
    }

    /// A timer's name: a word of the part of the sentence holding the
    /// duration, not the sentence (two timers did not fit a status line).
    @Test(arguments: [
        ("Fry in a hot pan for 2 minutes per side.", ["Fry"]),
        ("Tip: let the batter rest 10 minutes.", ["batter"]),
        ("Bake 1 h 30 then rest 20 à 25 min.", ["Bake", "rest"]),
        ("Knead the dough 10 minutes, then let it rise 1 hour.", ["Knead", "rise"]),
        ("Cuire 20 à 25 min au four.", ["Cuire"]),
        ("Faire cuire 10 minutes puis laisser reposer 1 heure.", ["cuire", "reposer"]),
        ("1,5 Stunden gehen lassen", ["gehen"]),
        ("Hornear 10 minutos. Luego 2 horas", ["Hornear", "2 horas"]),
        ("Fry in a pan at 180°C, 2 minutes a side.", ["Fry"]),
        ("2 minutes a side", ["2 minutes"]),
        ("Donaudampfschifffahrtsgesellschaft 10 Minuten", ["Donaudampfschif…"]),
        ("לשים 10 דקות, מוסיפים סוכר ומתפיחים במשך 1 שעה.", ["לשים", "מוסיפים"]),
    ])
    func namesATimerByAWord(_ text: String, _ names: [String]) {
        #expect(WrittenDuration.all(in: text).map { WrittenDuration.name(around: $0.range, in: text) } == names, "\(text)")
    }

    @Test func rangesAreUTF8OffsetsOfTheText() throws {
        let text = "Laisser gonfler — 1½ heure à 25 °C"
        let found = try #require(WrittenDuration.first(in: text))
        #expect(String(decoding: Array(text.utf8)[found.range], as: UTF8.self) == "1½ heure")
        #expect(found.seconds == 5_400)
    }
}
