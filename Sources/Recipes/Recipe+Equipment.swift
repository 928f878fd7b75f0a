public import Foundation
import RichText

extension Recipe {
    /// What a recipe's steps use besides ingredients: its cookware and its
    /// timers, each once, in the order the text first names them.
    public struct Equipment: Equatable, Sendable {
        public var cookware: [String] = []
        /// Each timer as shown: its duration, after its name when it has one ("rise: 1 h").
        public var timers: [String] = []

        public var isEmpty: Bool { cookware.isEmpty && timers.isEmpty }
    }

    public var equipment: Equipment {
        Self.equipment(in: document.text[document.text.startIndex ..< document.text.endIndex])
    }

    /// The equipment named in part of a text.
    public static func equipment(in text: AttributedSubstring) -> Equipment {
        var result = Equipment()
        var seenCookware = Set<String>()
        var seenTimers = Set<String>()
        var timer: (name: String, duration: String)?
        func closeTimer() {
            guard let current = timer else { return }
            let shown = current.name.isEmpty ? current.duration : "\(current.name): \(current.duration)"
            if seenTimers.insert(shown).inserted { result.timers.append(shown) }
            timer = nil
        }
        for run in text.runs {
            if let name = run.cookware, seenCookware.insert(name).inserted { result.cookware.append(name) }
            if let name = run.timer {
                let piece = String(text.characters[run.range])
                // A timer split into runs (part of it bold) is still one timer.
                if let current = timer, current.name == name { timer?.duration += piece } else {
                    closeTimer()
                    timer = (name, piece)
                }
            } else {
                closeTimer()
            }
        }
        closeTimer()
        return result
    }
}
