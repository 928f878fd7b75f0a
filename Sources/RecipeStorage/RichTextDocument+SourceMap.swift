public import RichText

extension RichTextDocument {
    /// Lines of the text already written in a file (set by whoever read or
    /// saved it), kept in step with every change.
    public var sourceMap: TextSourceMap? {
        get { changeFollower as? TextSourceMap }
        // Taken out while it changes, so appending a block to a large map
        // does not copy it.
        _modify {
            var map = changeFollower as? TextSourceMap
            changeFollower = nil
            defer { changeFollower = map }
            yield &map
        }
        set { changeFollower = newValue }
    }
}
