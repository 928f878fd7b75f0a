import RichText

/// A visual line: the `line`-th wrapped line of paragraph `paragraph`.
public struct LinePosition: Hashable, Comparable, Sendable {
    public var paragraph: Int
    public var line: Int

    public init(paragraph: Int, line: Int) {
        self.paragraph = paragraph
        self.line = line
    }

    public static func < (lhs: LinePosition, rhs: LinePosition) -> Bool {
        (lhs.paragraph, lhs.line) < (rhs.paragraph, rhs.line)
    }
}

/// A row of the viewport.
public struct VisibleLine: Equatable, Sendable {
    public var position: LinePosition
    public var fragment: LineFragment
    /// The logical line (paragraph) number, 1-based, on a paragraph's first
    /// visual line; nil on wrapped continuations.
    public var lineNumber: Int?
    /// A heading whose section is collapsed: draw a marker after it.
    public var isCollapsedHeading: Bool
    /// The first line of a heading, collapsed or not (its section can fold).
    public var isHeading: Bool
    /// The paragraph layout's generation (`ParagraphLayout.generation`).
    public var generation: Int
}

extension TextLayoutManager {
    public func fragment(at position: LinePosition) -> LineFragment {
        let lines = layout(ofParagraph: position.paragraph).lines
        return lines[min(max(0, position.line), lines.count - 1)]
    }

    /// `count` visual lines from `start` on, skipping collapsed sections.
    /// A paragraph's layout is looked up once for all its lines.
    public func lines(from start: LinePosition, count: Int) -> [VisibleLine] {
        var result: [VisibleLine] = []
        result.reserveCapacity(max(0, count))
        var current = clamped(start)
        while result.count < count {
            let paragraph = current.paragraph
            let collapsed = collapsedHeadings.contains(paragraph)
            let paragraphLayout = layout(ofParagraph: paragraph)
            let lines = paragraphLayout.lines
            let last = collapsed ? 0 : lines.count - 1
            var line = current.line
            while line <= last, result.count < count {
                result.append(VisibleLine(
                    position: LinePosition(paragraph: paragraph, line: line), fragment: lines[line],
                    lineNumber: line == 0 ? paragraph + 1 : nil, isCollapsedHeading: line == 0 && collapsed,
                    isHeading: line == 0 && paragraphLayout.headingLevel != nil, generation: paragraphLayout.generation))
                line += 1
            }
            let following = collapsed ? sectionEnd(ofHeading: paragraph) : paragraph + 1
            guard following < paragraphCount else { break }
            current = LinePosition(paragraph: following, line: 0)
        }
        return result
    }

    /// The visual line after `position`, or nil at the end of the document.
    public func next(after position: LinePosition) -> LinePosition? {
        if !collapsedHeadings.contains(position.paragraph),
           position.line + 1 < lineCount(ofParagraph: position.paragraph) {
            return LinePosition(paragraph: position.paragraph, line: position.line + 1)
        }
        let following = collapsedHeadings.contains(position.paragraph)
            ? sectionEnd(ofHeading: position.paragraph) : position.paragraph + 1
        return following < paragraphCount ? LinePosition(paragraph: following, line: 0) : nil
    }

    /// The visual line before `position`, or nil at the start of the document.
    public func previous(before position: LinePosition) -> LinePosition? {
        if position.line > 0 { return LinePosition(paragraph: position.paragraph, line: position.line - 1) }
        guard position.paragraph > 0 else { return nil }
        let paragraph = visibleParagraph(atOrBefore: position.paragraph - 1)
        if collapsedHeadings.contains(paragraph) { return LinePosition(paragraph: paragraph, line: 0) }
        return LinePosition(paragraph: paragraph, line: lineCount(ofParagraph: paragraph) - 1)
    }

    /// `position` moved by `lines` visual lines (negative: up), stopping at the document's ends.
    public func position(_ position: LinePosition, movedBy lines: Int) -> LinePosition {
        var current = clamped(position)
        guard lines > 0 else {
            for _ in 0 ..< -lines {
                guard let moved = previous(before: current) else { break }
                current = moved
            }
            return current
        }
        // Forward a paragraph at a time: one layout lookup per paragraph.
        var remaining = lines
        while remaining > 0 {
            let paragraph = current.paragraph
            let collapsed = collapsedHeadings.contains(paragraph)
            let last = collapsed ? 0 : lineCount(ofParagraph: paragraph) - 1
            if current.line + remaining <= last { return LinePosition(paragraph: paragraph, line: current.line + remaining) }
            remaining -= last - current.line + 1
            let following = collapsed ? sectionEnd(ofHeading: paragraph) : paragraph + 1
            guard following < paragraphCount else { return LinePosition(paragraph: paragraph, line: last) }
            current = LinePosition(paragraph: following, line: 0)
        }
        return current
    }

    /// The last visual line of the document.
    public var lastLine: LinePosition {
        let paragraph = visibleParagraph(atOrBefore: paragraphCount - 1)
        if collapsedHeadings.contains(paragraph) { return LinePosition(paragraph: paragraph, line: 0) }
        return LinePosition(paragraph: paragraph, line: lineCount(ofParagraph: paragraph) - 1)
    }

    /// A valid, visible position: inside the document and not in a collapsed section.
    public func clamped(_ position: LinePosition) -> LinePosition {
        let paragraph = visibleParagraph(atOrBefore: min(max(0, position.paragraph), paragraphCount - 1))
        if paragraph != position.paragraph || collapsedHeadings.contains(paragraph) {
            return LinePosition(paragraph: paragraph, line: 0)
        }
        let count = lineCount(ofParagraph: paragraph)
        return LinePosition(paragraph: paragraph, line: min(max(0, position.line), count - 1))
    }

    // MARK: Collapsible sections

    /// Collapses or expands the section under a heading; false when the
    /// paragraph is not a heading.
    @discardableResult
    public func toggleCollapsed(heading paragraph: Int) -> Bool {
        guard headingLevel(ofParagraph: paragraph) != nil else { return false }
        if collapsedHeadings.remove(paragraph) == nil { collapsedHeadings.insert(paragraph) }
        return true
    }

    public func expandAll() {
        collapsedHeadings.removeAll()
    }

    /// The collapsed heading hiding `paragraph`, if any.
    public func collapsedHeading(hiding paragraph: Int) -> Int? {
        collapsedHeadings.filter { $0 < paragraph && sectionEnd(ofHeading: $0) > paragraph }.min()
    }

    func headingLevel(ofParagraph paragraph: Int) -> Int? {
        let range = range(ofParagraph: paragraph)
        guard range.lowerBound < text.utf8.count else { return nil }
        return text.runs[text.utf8.index(text.startIndex, offsetBy: range.lowerBound)].headingLevel
    }

    /// The first paragraph after the section a heading starts: the next
    /// heading of the same or a higher level, or the end. Walks the runs of the
    /// heading attribute only, so a long section is one step, not one per paragraph.
    func sectionEnd(ofHeading heading: Int) -> Int {
        if let known = sectionEnds[heading] { return known }
        guard let level = headingLevel(ofParagraph: heading) else { return heading + 1 }
        var end = paragraphCount
        let start = paragraphs.start(ofParagraph: heading) + paragraphs.length(ofParagraph: heading)
        if start < text.utf8.count {
            let from = text.utf8.index(text.startIndex, offsetBy: start)
            for (runLevel, range) in text[from...].runs[\.headingLevel] {
                if let runLevel, runLevel <= level {
                    end = paragraph(containing: text.utf8Offset(of: range.lowerBound))
                    break
                }
            }
        }
        sectionEnds[heading] = end
        return end
    }

    /// `paragraph` if it is visible, else the collapsed heading hiding it.
    private func visibleParagraph(atOrBefore paragraph: Int) -> Int {
        collapsedHeading(hiding: paragraph) ?? paragraph
    }
}
