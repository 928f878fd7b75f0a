import Foundation
import RecipeExport

/// What the terminal is sent when a timer ends: the bell, and a desktop
/// notification where the terminal shows one. The timer's name comes from
/// a recipe file: it goes out as `OutgoingText` (no control reaches the
/// terminal), on one line, without the `;` that would end a field of OSC 777.
public enum TimerAlert {
    /// How the terminal shows a desktop notification.
    public enum Notification: Equatable, Sendable {
        /// `OSC 9 ; text BEL`: iTerm2, WezTerm, kitty, Ghostty.
        case osc9
        /// `OSC 777 ; notify ; title ; body BEL`: VTE (GNOME Terminal, Tilix…), foot, urxvt.
        case osc777
        /// No notification known: the bell alone (tmux, screen, xterm, the Linux console).
        case none

        /// The terminal's kind as its environment names it. Unknown
        /// terminals get none: an OSC they do not know may be shown as text.
        public init(environment: [String: String]) {
            let term = environment["TERM"] ?? ""
            let program = environment["TERM_PROGRAM"] ?? ""
            // Inside tmux or screen the sequence would reach tmux, not the terminal.
            if environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") {
                self = .none
            } else if ["iTerm.app", "WezTerm", "ghostty"].contains(program) || term == "xterm-kitty" || term == "xterm-ghostty"
                        || environment["KITTY_WINDOW_ID"] != nil {
                self = .osc9
            } else if environment["VTE_VERSION"] != nil || term.hasPrefix("foot") || term.hasPrefix("rxvt") {
                self = .osc777
            } else {
                self = .none
            }
        }
    }

    static let bell = "\u{07}"

    /// The sequences for `timer`'s end: the bell, then the notification.
    public static func sequences(for timer: CookTimer, notification: Notification) -> [String] {
        let body = notificationText(timer)
        switch notification {
        // "Roux: " first: OSC 9 followed by a digit and a `;` is a progress
        // report or a command in some terminals (ConEmu, Windows Terminal).
        case .osc9: return [bell, "\u{1B}]9;Roux: \(body)\u{07}"]
        case .osc777: return [bell, "\u{1B}]777;notify;Roux;\(body)\u{07}"]
        case .none: return [bell]
        }
    }

    /// "rise is done (Bread)": stand-ins for controls, spaces for line
    /// ends and tabs, a comma for `;`, at most 200 characters.
    static func notificationText(_ timer: CookTimer) -> String {
        var text = "\(timer.name) is done"
        if let title = timer.origin.recipeTitle, !title.isEmpty { text += " (\(title))" }
        let safe = OutgoingText.safe(text, as: .text, toTerminal: true)
        let flat = String(safe.map { $0 == "\n" || $0 == "\t" || $0 == "\r\n" ? " " : $0 == ";" ? "," : $0 })
        return flat.count > 200 ? String(flat.prefix(199)) + "…" : flat
    }
}
