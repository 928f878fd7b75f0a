import Foundation
import RecipeFormats
import RecipeExport
import RichText
import TerminalUI

/// What the fuzzers check on any input (`make fuzz`, libFuzzer), and what
/// the tests check on the seeds and on every input a fuzzer ever broke
/// Roux with (`Tests/Fuzz/<target>/`). Each returns why the input breaks a
/// promise, or nil: a reader never crashes and finds nothing outside the
/// file; a file opened and saved unedited is byte for byte the file; written
/// anew, or after an edit, it reads back as the document (but for the lines
/// the save reports); the input decoder never lets a control character
/// through as text and decodes the same whatever the reads it arrives in;
/// front matter's aliases never expand past their bounds; the HTML export
/// runs nothing and the printers drive no terminal (`FuzzCheck+Output.swift`);
/// a web page's JSON-LD gives plain text only (`FuzzCheck+WebPage.swift`).
public enum FuzzCheck: String, CaseIterable, Sendable {
    case markdown
    case cooklang
    case frontMatter = "front-matter"
    case yamlAliases = "yaml-aliases"
    case input
    case html
    case printers
    case jsonLD = "json-ld"

    public func check(_ bytes: [UInt8]) -> String? {
        switch self {
        case .markdown: Self.checkFile(bytes, extension: "md")
        case .cooklang: Self.checkFile(bytes, extension: "cook")
        case .frontMatter: Self.checkFile(Array("---\n".utf8) + bytes + Array("\n---\n# Titre\nDu texte.\n".utf8), extension: "md")
        case .yamlAliases: Self.checkAliases(bytes)
        case .input: Self.checkInput(bytes)
        case .html: Self.checkHTML(bytes)
        case .printers: Self.checkPrinters(bytes)
        case .jsonLD: Self.checkJSONLD(bytes)
        }
    }

    /// Front matter with anchors and aliases: the file's promises (as
    /// `checkFile`); exported as Cooklang JSON, which expands aliases, no
    /// larger than the values the bounds let through could make: the text
    /// written and at most 1 MB repeated, each byte escaped at worst as
    /// `\u00XX`; each value, written or among the 100,000 repeated, indented
    /// at most 100 deep. An alias bomb makes gigabytes, or never ends.
    static func checkAliases(_ bytes: [UInt8]) -> String? {
        guard !bytes.contains(0), let yaml = String(validating: bytes, as: UTF8.self) else { return nil }
        let contents = "---\n" + yaml + "\n---\nDu texte.\n"
        if let problem = checkFile(Array(contents.utf8), extension: "md") { return problem }
        let json = RecipeExport.cooklangJSON(MarkdownRecipeFormat.parse(contents)).utf8.count
        let limit = 6 * (contents.utf8.count + 1_000_000) + (2 * contents.utf8.count + 100_000) * (2 * 103 + 16)
        return json > limit ? "the JSON export is \(json) bytes for \(bytes.count) of front matter" : nil
    }

    /// Where fuzz inputs are written to be opened as files: memory when there is one.
    /// Each check has its own name, as tests run checks side by side in one process.
    static func scratchPath(extension pathExtension: String) -> String {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        return base + "/roux-fuzz-\(getpid())-\(UUID().uuidString).\(pathExtension)"
    }

    static func checkFile(_ bytes: [UInt8], extension pathExtension: String) -> String? {
        // A file with a NUL byte is refused as binary; invalid UTF-8 is another path (lossy).
        guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else { return nil }
        let path = scratchPath(extension: pathExtension)
        defer { unlink(path) }
        guard (try? Data(bytes).write(to: URL(fileURLWithPath: path))) != nil else { return "cannot write \(path)" }
        let opened: RecipeFiles.Opened
        do {
            opened = try RecipeFiles.open(path: path)
        } catch {
            return "a text file did not open: \(error)"
        }
        let lines = bytes.count { $0 == 0x0A } + 1
        for warning in opened.warnings {
            guard let line = warning.split(separator: ":").dropFirst().first.flatMap({ Int($0) }), (0 ... lines).contains(line) else {
                return "a warning outside the file: \(warning)"
            }
        }
        let format = opened.format
        // Unedited: the file, byte for byte.
        guard RecipeFiles.fileContents(opened.recipe, as: format).contents.joined() == bytes else {
            return "saved unedited, the file changed"
        }
        // Every line written anew: the same document.
        let rewritten = RecipeFiles.serialize(opened.recipe, as: format).text
        let reread = format.parse(rewritten)
        if let first = reread.paragraphsDiffering(from: opened.recipe).first {
            return "written anew, paragraph \(first) reads back differently:\n\(rewritten)"
        }
        // A character typed in the middle: the lines the save does not report read back as the document.
        var edited = opened.recipe
        let text = edited.document.text
        let middle = text.characters.index(text.startIndex, offsetBy: text.characters.count / 2)
        try? edited.document.select(TextSelection(caret: middle))
        edited.document.insert("x")
        let contents = RecipeFiles.fileContents(edited, as: format).contents
        guard let saved = contents.joined() else { return "the edited file could not be written" }
        let savedText = String(decoding: saved, as: UTF8.self)
        let back = format.parse(savedText)
        let differing = Set(back.paragraphsDiffering(from: edited))
        guard differing.isSubset(of: contents.problemLines) else {
            return "edited, paragraphs \(differing.sorted()) read back differently (reported \(contents.problemLines)):\n\(savedText)"
        }
        return nil
    }

    static func checkInput(_ bytes: [UInt8]) -> String? {
        var whole = InputDecoder()
        let all = joinedText(whole.feed(bytes) + whole.flush())
        for event in all {
            if case .text(let text) = event, text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F || (0x80 ..< 0xA0).contains($0.value) }) {
                return "a control character came through as text: \(text.debugDescription)"
            }
        }
        // Whatever came before, the decoder is ready for the next key (once
        // a paste left open is closed).
        if whole.feed(Array("\u{1B}[201~a".utf8)).last != .text("a") {
            return "after these bytes and the escape delay, typing \"a\" is not read as \"a\""
        }
        // The same bytes in reads of one byte each (as a slow link sends them).
        var piecewise = InputDecoder()
        var events: [InputEvent] = []
        for byte in bytes { events += piecewise.feed([byte]) }
        events += piecewise.flush()
        // A lone ESC read alone waits for the escape delay in the editor; read with
        // what follows it is a sequence: only inputs without ESC must agree.
        if !bytes.contains(0x1B), joinedText(events) != all {
            return "read a byte at a time, the events differ: \(joinedText(events)) vs \(all)"
        }
        return nil
    }

    /// Adjacent text events as one (how many there are depends on the reads).
    static func joinedText(_ events: [InputEvent]) -> [InputEvent] {
        var result: [InputEvent] = []
        for event in events {
            if case .text(let more) = event, case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + more)
            } else {
                result.append(event)
            }
        }
        return result
    }
}
