import Foundation
import RecipeFormats
import RichText
import RouxApp
import RouxTestSupport
import Testing

/// Ctrl-E in the scripts that write words together: the selection is
/// marked as it is, and its occurrences are found inside words there; where
/// words are separated by spaces a cut word still grows whole. Each case is
/// checked in the bytes saved.
@Suite("Marking where words are written together")
struct MarkingScriptsTests {
    /// A Markdown file holding the markup's text, opened with its selection,
    /// then Ctrl-E and Ctrl-S; returns the file saved and the ingredients.
    static func markAndSave(_ markup: String, name: String = "recipe.md") throws -> (saved: String, names: [String]) {
        let parsed = try SelectionMarkup.parse(markup)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roux-scripts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(name).path
        try (parsed.text + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let app = EditorController(session: EditorSession(opened: try RecipeFiles.open(path: path)), width: 100, height: 24)
        var document = app.session.document
        try SelectionMarkup.select(markup, in: &document)
        let selection = document.selection
        app.session.edit { try? $0.document.select(selection) }
        app.type(Keys.control("e") + Keys.control("s"))
        return (try String(contentsOfFile: path, encoding: .utf8), app.session.recipe.ingredients.map(\.name))
    }

    /// The front matter Roux writes for one ingredient.
    static func head(_ name: String) -> String {
        "---\ningredients:\n  - id: \(name)\n    name: \(name)\n---\n"
    }

    static func mark(_ name: String) -> String { "^[\(name)](ingredient: \"\(name)\")" }

    @Test func hebrewAfterItsPrefixLettersNotInsideALongerWord() throws {
        let (saved, names) = try Self.markAndSave("ממלאים ב[ריבה|] ומורחים עוד הריבה והריבות. מוסיפים מלח, לא מלחמה.")
        #expect(names == ["ריבה"])
        #expect(saved == Self.head("ריבה") + "ממלאים ב\(Self.mark("ריבה")) ומורחים עוד ה\(Self.mark("ריבה")) והריבות. מוסיפים מלח, לא מלחמה.\n")
        let (salt, _) = try Self.markAndSave("מוסיפים [מלח|] ומערבבים, ועוד קצת מלח והמלח. לא במלחמה.")
        #expect(salt == Self.head("מלח") + "מוסיפים \(Self.mark("מלח")) ומערבבים, ועוד קצת \(Self.mark("מלח")) וה\(Self.mark("מלח")). לא במלחמה.\n")
    }

    @Test func arabicAfterItsPrefixesAndTheArticle() throws {
        let (saved, names) = try Self.markAndSave("اهرس الحمص مع الطحينة و[ملح|]، ثم أضف الملح وبالملح وللملح. ملحمة.")
        #expect(names == ["ملح"])
        let mark = Self.mark("ملح")
        #expect(saved == Self.head("ملح") + "اهرس الحمص مع الطحينة و\(mark)، ثم أضف ال\(mark) وبال\(mark) ولل\(mark). ملحمة.\n")
    }

    @Test func japaneseAsSelectedAndFoundBesideKana() throws {
        let (saved, names) = try Self.markAndSave("[フライパン|]で丸く焼き、フライパンを洗う。")
        #expect(names == ["フライパン"])
        #expect(saved == Self.head("フライパン") + "\(Self.mark("フライパン"))で丸く焼き、\(Self.mark("フライパン"))を洗う。\n")
        // With nothing selected, the caret's run of katakana.
        let (atCaret, _) = try Self.markAndSave("フラ|イパンで丸く焼き、フライパンを洗う。")
        #expect(atCaret == saved)
        let (egg, _) = try Self.markAndSave("[卵|]と砂糖をよく泡立てます。卵を割る。")
        #expect(egg == Self.head("卵") + "\(Self.mark("卵"))と砂糖をよく泡立てます。\(Self.mark("卵"))を割る。\n")
    }

    @Test func chineseAnywhereInARunOfHan() throws {
        let (saved, names) = try Self.markAndSave("把鸡蛋和[盐|]混合，再加一点盐。")
        #expect(names == ["盐"])
        #expect(saved == Self.head("盐") + "把鸡蛋和\(Self.mark("盐"))混合，再加一点\(Self.mark("盐"))。\n")
    }

    @Test func thaiBetweenSyllablesNeverInsideOne() throws {
        // เกลือ (salt) starts with a vowel written before its consonant: กลือ is not found in it.
        let (saved, names) = try Self.markAndSave("ใส่[ไข่|]และเกลือ แล้วตีไข่ให้เข้ากัน")
        #expect(names == ["ไข่"])
        #expect(saved == Self.head("ไข่") + "ใส่\(Self.mark("ไข่"))และเกลือ แล้วตี\(Self.mark("ไข่"))ให้เข้ากัน\n")
        let (salt, _) = try Self.markAndSave("ใส่ไข่และเ[กลือ|] แล้วใส่เกลืออีก")
        #expect(salt == Self.head("เกลือ") + "ใส่ไข่และ\(Self.mark("เกลือ")) แล้วใส่\(Self.mark("เกลือ"))อีก\n")
    }

    @Test func aCutLatinWordStillGrowsWholeAndIsFoundWhole() throws {
        let (saved, names) = try Self.markAndSave("Sift the f[lou|]r, then more flour; no flourish.")
        #expect(names == ["flour"])
        #expect(saved == Self.head("flour") + "Sift the \(Self.mark("flour")), then more \(Self.mark("flour")); no flourish.\n")
    }

    @Test func inCooklangAMarkInsideAWordIsWrittenSoThatItReadsBackTheSame() throws {
        let cases = [
            ("[卵|]と砂糖を混ぜる。卵を割る。", "@卵{}と砂糖を混ぜる。@卵{}を割る。\n", ["卵", "卵"]),
            ("ממלאים ב[ריבה|] ומורחים עוד הריבה.", "ממלאים ב@ריבה{} ומורחים עוד ה@ריבה{}.\n", ["ריבה", "ריבה"]),
            ("أضف الطحينة و[ملح|].", "أضف الطحينة و@ملح{}.\n", ["ملح"]),
        ]
        for (markup, written, marks) in cases {
            let (saved, _) = try Self.markAndSave(markup, name: "recipe.cook")
            #expect(saved == written)
            let reread = CooklangFormat.parse(saved).document.text
            #expect(reread.runs[\.ingredient].compactMap { id, range in id == nil ? nil : String(reread.characters[range]) } == marks)
        }
    }
}
