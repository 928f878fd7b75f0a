import Foundation
import RichText

// Until the terminal editor lands (issue 5), `roux` shows what the engine holds:
// each recipe's text with its attribute runs. `--mark WORD` marks every whole-word,
// case-insensitive occurrence of WORD as an ingredient, the seed's Ctrl-E.

func usage() -> Never {
    print("usage: roux [PATH] [--mark WORD]...   (PATH: a recipe file or a folder; default: the current folder)")
    exit(0)
}

var path = "."
var marks: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help": usage()
    case "--mark":
        guard let word = arguments.popFirst() else { usage() }
        marks.append(word)
    default: path = argument
    }
}

var isFolder: ObjCBool = false
guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
    FileHandle.standardError.write(Data("roux: \(path): no such file or folder\n".utf8))
    exit(1)
}
let files: [String] = isFolder.boolValue
    ? ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [])
        .filter { $0.hasSuffix(".md") || $0.hasSuffix(".cook") || $0.hasSuffix(".txt") }
        .sorted()
        .map { (path as NSString).appendingPathComponent($0) }
    : [path]

for file in files {
    guard let data = FileManager.default.contents(atPath: file) else {
        FileHandle.standardError.write(Data("roux: \(file): cannot read\n".utf8))
        continue
    }
    // Invalid UTF-8 becomes U+FFFD here; the recipe format (issue 4) will warn first.
    var document = RichTextDocument(text: AttributedString(String(decoding: data, as: UTF8.self)))
    for word in marks {
        var ingredient = AttributeContainer()
        ingredient[IngredientAttribute.self] = IngredientID(word.lowercased())
        document.addAttributes(ingredient, toMatchesOf: TextSearch(word, caseInsensitive: true, wholeWords: true))
    }
    print("== \(file)")
    for run in document.text.runs {
        let piece = String(document.text.characters[run.range])
        print(RunPrinter.line(piece: piece, attributes: run.attributes))
    }
}
