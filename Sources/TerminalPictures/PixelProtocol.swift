/// The ways a terminal draws pixels in its cells, which libchafa writes:
/// kitty's graphics protocol, iTerm2's inline images and DEC sixels.
public enum PixelProtocol: String, Sendable, CaseIterable {
    case kitty, iterm2, sixels

    /// What Roux asks the terminal at start to learn which it draws: kitty's
    /// graphics query (a 1×1 picture, id 31, only queried, never shown),
    /// then the primary device attributes, which every terminal answers, so
    /// that the kitty answer, when it comes, comes before them.
    public static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"

    /// The protocol a terminal draws with, from its answers to `query` and
    /// its environment: kitty's graphics when it answered the query with OK,
    /// iTerm2's images where TERM_PROGRAM says iTerm (which does not answer
    /// the query), sixels when its device attributes list 4; nil for none:
    /// then pictures are drawn in block symbols.
    public static func detect(kittyReply: String?, deviceAttributes: [Int]?, environment: [String: String]) -> PixelProtocol? {
        if let kittyReply, kittyReply.hasPrefix("Gi=31;"), kittyReply.dropFirst("Gi=31;".count).hasPrefix("OK") { return .kitty }
        if let program = environment["TERM_PROGRAM"], program.hasPrefix("iTerm") { return .iterm2 }
        // A terminal inside tmux or screen answers for them, and they pass no pixels on.
        if let attributes = deviceAttributes, attributes.dropFirst().contains(4) { return .sixels }
        return nil
    }
}
