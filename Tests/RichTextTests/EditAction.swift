import Foundation
import RichText

/// A user action in a test table, printable so a failing row names itself.
enum EditAction: Sendable, CustomStringConvertible {
    case type(String)
    case deleteBackward
    case deleteForward
    case deleteWordBackward
    case deleteWordForward
    case pastePlain(String)
    case undo
    case redo

    var description: String {
        switch self {
        case .type(let text): "type \(text.debugDescription)"
        case .deleteBackward: "delete backward"
        case .deleteForward: "delete forward"
        case .deleteWordBackward: "delete word backward"
        case .deleteWordForward: "delete word forward"
        case .pastePlain(let text): "paste \(text.debugDescription)"
        case .undo: "undo"
        case .redo: "redo"
        }
    }

    func apply(to document: inout RichTextDocument) {
        switch self {
        case .type(let text): document.insert(text)
        case .deleteBackward: document.deleteBackward()
        case .deleteForward: document.deleteForward()
        case .deleteWordBackward: document.deleteWordBackward()
        case .deleteWordForward: document.deleteWordForward()
        case .pastePlain(let text): document.paste(plainText: text)
        case .undo: document.undo()
        case .redo: document.redo()
        }
    }
}
