import Foundation
import RichText

/// Plain text, a line per paragraph: the line is the text, nothing is markup.
struct PlainTextSyntax: LineSyntax {
    var initialState: UInt32 { 0 }

    mutating func read(_ line: UnsafeBufferPointer<UInt8>, state: UInt32, origins: Bool) -> ReadLine {
        var result = ReadLine(text: Array(line), contentRange: 0 ..< line.count)
        if origins { result.origins = line.indices.map { $0 ..< $0 + 1 } }
        return result
    }

    func state(after line: UnsafeBufferPointer<UInt8>, state: UInt32) -> UInt32 { 0 }

    /// The text; formatting has no place in plain text (the caller reports it).
    mutating func write(_ paragraph: ParagraphContent, state: UInt32, style: WriteStyle) -> [UInt8] {
        paragraph.text
    }

    func isPlainText(_ line: UnsafeBufferPointer<UInt8>, state: UInt32) -> Bool { true }

    func writeFragment(_ runs: [(text: [UInt8], attributes: AttributeContainer)], ambient: AttributeContainer) -> [UInt8]? {
        runs.flatMap(\.text)
    }
}
