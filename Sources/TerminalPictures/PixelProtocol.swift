/// The ways a terminal draws pixels in its cells, which libchafa writes:
/// kitty's graphics protocol, iTerm2's inline images and DEC sixels.
public enum PixelProtocol: String, Sendable, CaseIterable {
    case kitty, iterm2, sixels

    /// What Roux asks the terminal at start to learn which it draws: kitty's
    /// graphics query (a 1×1 picture, id 31, only queried, never shown),
    /// then the primary device attributes, which every terminal answers, so
    /// that the kitty answer, when it comes, comes before them.
    public static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"

    /// Whether the terminal is asked at all: not inside tmux or screen
    /// (they answer for themselves and pass no pixels on), nor on the Linux
    /// console or a VT terminal, whose parsers would print the query's
    /// letters, nor on a terminal that cannot draw the editor.
    public static func asks(environment: [String: String]) -> Bool {
        !isMultiplexed(environment) && !["linux", "vt", "dumb"].contains { (environment["TERM"] ?? "dumb").hasPrefix($0) }
    }

    /// Inside tmux or GNU screen, which draw in cells only.
    static func isMultiplexed(_ environment: [String: String]) -> Bool {
        ["TMUX", "STY"].contains { !(environment[$0] ?? "").isEmpty }
            || ["screen", "tmux"].contains { (environment["TERM"] ?? "").hasPrefix($0) }
    }

    /// The protocol a terminal draws with, from its answers to `query` and
    /// its environment: kitty's graphics when it answered the query with OK,
    /// iTerm2's images where TERM_PROGRAM or LC_TERMINAL says iTerm2 or
    /// WezTerm (which set them, and iTerm2 does not answer the query),
    /// sixels when its device attributes list 4; nil for none, and inside
    /// tmux or screen: then pictures are drawn in block symbols.
    public static func detect(kittyReply: String?, deviceAttributes: [Int]?, environment: [String: String]) -> PixelProtocol? {
        if isMultiplexed(environment) { return nil }
        if let kittyReply, kittyReply.hasPrefix("Gi=31;"), kittyReply.dropFirst("Gi=31;".count).hasPrefix("OK") { return .kitty }
        if let program = environment["TERM_PROGRAM"], program.hasPrefix("iTerm") || program == "WezTerm" { return .iterm2 }
        if environment["LC_TERMINAL"] == "iTerm2" { return .iterm2 }
        if let attributes = deviceAttributes, attributes.dropFirst().contains(4) { return .sixels }
        return nil
    }

    /// What takes the kitty picture `id` off the screen, its pixels
    /// forgotten by the terminal too (quietly: no answer comes back).
    public static func kittyErasure(id: UInt32) -> [UInt8] {
        Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
    }
}
