extension ParagraphLayout {
    /// The same layout for the paragraph moved by `delta` bytes and renumbered:
    /// an edit before a paragraph moves it without changing how it looks.
    func translated(by delta: Int, paragraph newIndex: Int) -> ParagraphLayout {
        guard delta != 0 || newIndex != paragraph else { return self }
        var moved = self
        moved.paragraph = newIndex
        moved.range = range.lowerBound + delta ..< range.upperBound + delta
        guard case .built(let built) = lines.storage else {
            preconditionFailure("a paragraph wrapped in pieces is moved with the text (WrappedParagraph.moved)")
        }
        moved.lines = LineFragments(built.map { line in
            var line = line
            line.paragraph = newIndex
            line.range = line.range.lowerBound + delta ..< line.range.upperBound + delta
            if let range = line.attachment?.range { line.attachment?.range = range.lowerBound + delta ..< range.upperBound + delta }
            for index in line.graphemes.indices {
                let range = line.graphemes[index].range
                line.graphemes[index].range = range.lowerBound + delta ..< range.upperBound + delta
            }
            return line
        })
        return moved
    }
}
