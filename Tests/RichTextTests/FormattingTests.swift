import Foundation
import Recipes
@testable import RichText
import RouxTestSupport
import Testing

@Suite("Formatting and the recipe definition")
struct FormattingTests {
    @Test func toggleBoldOnAndOff() throws {
        var document = try SelectionMarkup.document("un [peu|] de sel")
        #expect(document.toggle(BoldAttribute.self) == .allowed)
        #expect(RunsDescription.of(document.text) == ["un ", "peu{bold}", " de sel"])
        try SelectionMarkup.select("un [peu de|] sel", in: &document)
        document.toggle(BoldAttribute.self)
        #expect(RunsDescription.of(document.text) == ["un ", "peu de{bold}", " sel"])
        document.toggle(BoldAttribute.self)
        #expect(RunsDescription.of(document.text) == ["un peu de sel"])
    }

    @Test func boldAtACaretAppliesToTheNextTypedText() throws {
        var document = try SelectionMarkup.document("a|")
        document.toggle(BoldAttribute.self)
        #expect(document.isSetThroughoutSelection(BoldAttribute.self))
        document.insert("b")
        document.insert("c")
        #expect(RunsDescription.of(document.text) == ["a", "bc{bold}"])
    }

    /// Bold chosen at a caret right after cookware (or a timer, an image)
    /// keeps only what typing there would inherit: the new letters are not
    /// part of the cookware, as they are not without the bold.
    @Test func boldAtACaretAfterCookwareDoesNotExtendIt() throws {
        var document = try SelectionMarkup.document("une casserole|")
        var cookware = AttributeContainer()
        cookware[CookwareAttribute.self] = "casserole"
        document.addAttributes(cookware, toUTF8Offsets: [4 ..< 13])
        document.toggle(BoldAttribute.self)
        document.insert("s")
        #expect(document.text.runs.filter { $0[CookwareAttribute.self] != nil }.map { String(document.text.characters[$0.range]) }
            == ["casserole"])
        #expect(RunsDescription.of(document.text).last == "s{bold}")
    }

    @Test func foregroundColourIsRefusedBecauseIngredientsOwnIt() throws {
        var document = try SelectionMarkup.document("du [beurre|]")
        let verdict = document.verdict(setting: ForegroundColorAttribute.self, to: .ansi(.white))
        #expect(verdict == .refused("colour is set by the ingredient"))
        #expect(document.setAttribute(ForegroundColorAttribute.self, to: .ansi(.white)) == verdict)
        #expect(RunsDescription.of(document.text) == ["du beurre"])
        #expect(document.verdict(toggling: BoldAttribute.self) == .allowed)
        #expect(document.verdict(setting: BackgroundColorAttribute.self, to: .ansi(.yellow)) == .allowed)
    }

    @Test func theRichTextDefinitionAllowsColour() throws {
        var document = try SelectionMarkup.document("du [beurre|]", definition: .richText)
        #expect(document.setAttribute(ForegroundColorAttribute.self, to: .rgb(red: 255, green: 128, blue: 0)) == .allowed)
        #expect(RunsDescription.of(document.text) == ["du ", "beurre{foregroundColor=rgb(255,128,0)}"])
        #expect(document.verdict(setting: IngredientAttribute.self, to: IngredientID("beurre"))
            == .refused("ingredient is not part of Rich text formatting"))
    }

    @Test func settingTheDefaultColourRemovesIt() throws {
        var document = try SelectionMarkup.document("[fond|]")
        document.setAttribute(BackgroundColorAttribute.self, to: .ansi(.yellow))
        document.setAttribute(BackgroundColorAttribute.self, to: .default)
        #expect(RunsDescription.of(document.text) == ["fond"])
    }

    @Test func headingLevelsOutsideOneToSixAreRefused() throws {
        var document = try SelectionMarkup.document("Titre|\nCorps")
        #expect(document.setParagraphAttribute(HeadingLevelAttribute.self, to: 7) == .refused("headings go from level 1 to 6"))
        #expect(document.setParagraphAttribute(HeadingLevelAttribute.self, to: 2) == .allowed)
        #expect(RunsDescription.of(document.text) == ["Titre\n{heading=2}", "Corps"])
    }

    @Test func aCaretOnTheLastEmptyLineFormatsTheTextTypedThere() throws {
        // The empty last line has no character to hold a heading: what is typed there takes it.
        var document = try SelectionMarkup.document("Titre\n|")
        #expect(document.setParagraphAttribute(HeadingLevelAttribute.self, to: 1) == .allowed)
        #expect(document.finalParagraphAttributes.headingLevel == 1)
        document.insert("Corps")
        #expect(RunsDescription.of(document.text) == ["Titre\n", "Corps{heading=1}"])
        var middle = try SelectionMarkup.document("un\n|\ntrois")
        middle.setParagraphAttribute(BaseWritingDirectionAttribute.self, to: .rightToLeft)
        #expect(RunsDescription.of(middle.text) == ["un\n", "\n{direction=rtl}", "trois"])
    }

    @Test func loadingDropsAttributesOutsideTheScopeAndAppliesConstraints() throws {
        var text = AttributedString("lien beurre vert")
        text[try #require(text.range(of: "lien"))].languageIdentifier = "fr"
        text[try #require(text.range(of: "beurre"))].ingredient = IngredientID("beurre")
        text[try #require(text.range(of: "vert"))].foregroundColor = .ansi(.green)
        text[try #require(text.range(of: "vert"))].bold = false
        let document = RichTextDocument(text: text, definition: .recipe)
        #expect(RunsDescription.of(document.text) == ["lien ", "beurre{foregroundColor=green ingredient=beurre}", " vert"])
        #expect(document.text.runs.allSatisfy { $0.languageIdentifier == nil })
    }

    /// Marking skips re-checking the cookware-and-timer colours because an
    /// ingredient settles them (`AttributeConstraint.settledBy`): over words
    /// that are cookware, timers, both or neither, in as many pieces as a
    /// large mark uses, every run is left as the definition wants it.
    @Test(arguments: [3, RichTextDocument.piecewiseMarkThreshold / 4 + 1])
    func markingOverCookwareAndTimersLeavesRunsAsTheConstraintsWant(copies: Int) {
        let words = ["poêle", "minutes", "four", "sel"]
        var text = AttributedString()
        for copy in 0 ..< copies {
            for (index, word) in words.enumerated() {
                var piece = AttributedString(word)
                if index == 0 || index == 2 { piece.cookware = word }
                if index == 1 || index == 2 { piece.timer = "\(copy)" }
                text += piece + AttributedString(" ")
            }
        }
        var document = RichTextDocument(text: text, definition: .recipe)
        var offsets: [Range<Int>] = []
        var start = 0
        for _ in 0 ..< copies {
            for word in words {
                offsets.append(start ..< start + word.utf8.count)
                start += word.utf8.count + 1
            }
        }
        var mark = AttributeContainer()
        mark.ingredient = IngredientID("x")
        document.addAttributes(mark, toUTF8Offsets: offsets)
        for run in document.text.runs {
            #expect(document.definition.constrained(run.attributes) == run.attributes, "\(String(document.text[run.range].characters))")
        }
        let marked = document.text.runs.filter { $0.ingredient != nil }
        #expect(marked.reduce(0) { $0 + document.text[$1.range].characters.count } == copies * words.joined().count)
        #expect(marked.allSatisfy { $0.foregroundColor == .green })
    }
}
