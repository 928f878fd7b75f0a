/// Cutting text into pieces of whole lines, for work done a piece per core
/// (loading, saving, building from attribute spans).
extension Substring {
    /// The text cut into pieces of whole lines, each at least `bytes` long
    /// (the last may be shorter) and ending with its newline (but the last).
    public func piecesOfWholeLines(about bytes: Int) -> [Substring] {
        var pieces: [Substring] = []
        var start = startIndex
        let utf8 = self.utf8
        while start < endIndex {
            let limit = utf8.index(start, offsetBy: bytes, limitedBy: endIndex) ?? endIndex
            guard limit < endIndex, let newline = utf8[limit...].firstIndex(of: 0x0A) else {
                pieces.append(self[start...])
                break
            }
            let end = utf8.index(after: newline)
            pieces.append(self[start ..< end])
            start = end
        }
        return pieces.isEmpty ? [self] : pieces
    }
}
