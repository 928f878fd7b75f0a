import Foundation
import Recipes
import RecipeFormats
import RichText

/// `RouxBench --corpus FOLDER…`: tries Roux's promise on recipe files
/// nobody here wrote. For every `.md` and `.cook` file: open it and save it
/// unedited (must be byte-identical), save it with every line written anew
/// (counted: identical, or only reading back the same), then type a
/// character into a few lines one at a time and save (only that line may
/// differ, and the file must read back as the document).
enum CorpusCheck {
    struct Tally {
        var files = 0
        var uneditedIdentical = 0
        var rewrittenIdentical = 0
        var rewrittenReadsBack = 0
        var edits = 0
        var editsOnlyThatLine = 0
        var editsReadBack = 0
        /// Edits that change how the lines after them read (a fence, a
        /// note's blank line): the writer reports each such line.
        var editsChangingLaterLines = 0
    }

    static let verbose = ProcessInfo.processInfo.environment["ROUX_CORPUS_VERBOSE"] != nil

    static func run(folders: [String]) {
        var tally = Tally()
        for folder in folders {
            for path in files(in: folder) { check(path, into: &tally) }
        }
        print("files \(tally.files): saved unedited byte-identical \(tally.uneditedIdentical); "
              + "every line written anew identical \(tally.rewrittenIdentical), reads back the same \(tally.rewrittenReadsBack)")
        print("edits \(tally.edits): only the edited line changed \(tally.editsOnlyThatLine), file reads back as the document \(tally.editsReadBack), "
              + "later lines read differently and the save says so \(tally.editsChangingLaterLines)")
    }

    static func files(in folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") || $0.hasSuffix(".cook") }
            .filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
            .sorted().map { (folder as NSString).appendingPathComponent($0) }
    }

    private static func check(_ path: String, into tally: inout Tally) {
        guard let original = FileManager.default.contents(atPath: path), let opened = try? RecipeFiles.open(path: path) else {
            print("cannot open \(path)")
            return
        }
        tally.files += 1
        let bytes = [UInt8](original)
        let format = opened.format
        if RecipeFiles.fileContents(opened.recipe, as: format).contents.joined() == bytes {
            tally.uneditedIdentical += 1
        } else {
            print("UNEDITED SAVE DIFFERS: \(path)")
        }
        let rewritten = Array(RecipeFiles.serialize(opened.recipe, as: format).text.utf8)
        if rewritten == bytes { tally.rewrittenIdentical += 1 }
        if readBack(rewritten, format: format, path: path).paragraphsDiffering(from: opened.recipe).isEmpty {
            tally.rewrittenReadsBack += 1
        } else {
            let differing = readBack(rewritten, format: format, path: path).paragraphsDiffering(from: opened.recipe)
            print("REWRITE READS BACK DIFFERENTLY: \(path) paragraphs \(differing.prefix(5))")
            if verbose {
                let lines = rewritten.split(separator: 0x0A, omittingEmptySubsequences: false)
                let originalLines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                let head = originalLines.count - String(opened.recipe.document.text.characters[...]).split(separator: "\n", omittingEmptySubsequences: false).count - (bytes.last == 0x0A ? 1 : 0)
                for paragraph in differing.prefix(2) where head + paragraph < lines.count {
                    print("  was:     " + String(decoding: originalLines[min(originalLines.count - 1, head + paragraph)], as: UTF8.self).debugDescription)
                    print("  written: " + String(decoding: lines[head + paragraph], as: UTF8.self).debugDescription)
                }
            }
        }
        // Type "x" in the middle of a few lines, one at a time.
        let text = opened.recipe.document.text
        let lines = String(text.characters[...]).split(separator: "\n", omittingEmptySubsequences: false)
        let headLines = lineCount(bytes) - lines.count
        let chosen = Set(stride(from: 0, to: lines.count, by: max(1, lines.count / 4)).prefix(5))
        var offset = 0
        for (number, line) in lines.enumerated() {
            defer { offset += line.utf8.count + 1 }
            guard chosen.contains(number) else { continue }
            var recipe = opened.recipe
            let middle = offset + line.utf8.count / 2
            let index = recipe.document.text.characterIndex(atUTF8Offset: middle)
            try? recipe.document.select(TextSelection(caret: index))
            recipe.document.insert("x")
            let contents = RecipeFiles.fileContents(recipe, as: format).contents
            guard let saved = contents.joined() else { continue }
            tally.edits += 1
            let before = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            let after = saved.split(separator: 0x0A, omittingEmptySubsequences: false)
            let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            if before.count == after.count, changed == [headLines + number] {
                tally.editsOnlyThatLine += 1
            } else {
                print("EDIT CHANGED OTHER LINES: \(path) line \(headLines + number + 1): changed \(changed.map { $0 + 1 }.prefix(5))")
                if verbose {
                    for index in changed.prefix(3) {
                        print("  - " + String(decoding: before[index], as: UTF8.self).debugDescription)
                        print("  + " + String(decoding: after[index], as: UTF8.self).debugDescription)
                    }
                }
            }
            let back = readBack(saved, format: format, path: path)
            let differing = back.paragraphsDiffering(from: recipe)
            if differing.isEmpty {
                tally.editsReadBack += 1
            } else if Set(differing).isSubset(of: contents.problemLines) {
                tally.editsChangingLaterLines += 1
            } else {
                print("EDITED FILE READS BACK DIFFERENTLY: \(path) line \(headLines + number + 1)")
                if verbose {
                    for paragraph in back.paragraphsDiffering(from: recipe).prefix(3) {
                        print("  saved line: " + String(decoding: after[min(after.count - 1, headLines + paragraph)], as: UTF8.self).debugDescription)
                    }
                }
            }
        }
    }

    private static func readBack(_ bytes: [UInt8], format: RecipeFormat, path: String) -> Recipe {
        format.parse(String(decoding: bytes, as: UTF8.self), path: path)
    }

    private static func lineCount(_ bytes: [UInt8]) -> Int {
        var count = bytes.count { $0 == 0x0A } + 1
        if bytes.last == 0x0A { count -= 1 }
        return count
    }
}
