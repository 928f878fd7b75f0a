import CYaml
package import Yams

/// YAML composed as Yams composes it, once libyaml's events show that its
/// aliases stay within bounds: a few hundred bytes of nested aliases
/// (`b: &b [*a, *a, …]` twelve levels down) stand for billions of values,
/// and whatever walks them (the JSON export, Yams hashing a key) never
/// ends. Every front matter is read through here, so every command and
/// the editor refuse such a file with the same message.
///
/// Counted: the values aliases bring in (an alias of a list of ten
/// scalars brings eleven), the bytes of their scalars (an alias of a long
/// text repeated is as costly as many values) and the depth of nesting,
/// aliases expanded.
/// Values written out are not limited: their number grows only with the
/// file's size.
package enum BoundedYAML {
    /// Far more than any recipe's front matter repeats through aliases.
    static let aliasedValueLimit = 100_000
    static let aliasedByteLimit = 1_000_000
    /// Far deeper than any recipe's front matter nests; Yams composes
    /// recursively, and so does what walks its nodes.
    static let depthLimit = 100

    /// Why the YAML is not composed, and the line (1-based, in the YAML) of
    /// the alias or nesting that crossed the bound.
    package struct TooLarge: Error, Equatable {
        package var line: Int
        package var column: Int
        package var message: String
    }

    /// Values counted so far, for tests: the bound holds when this stays
    /// near the limit whatever the aliases would expand to.
    struct Count: Equatable {
        var aliasedValues = 0
        var aliasedBytes = 0
        var events = 0
    }

    /// The document's root node, or nil for an empty document. Throws
    /// `TooLarge`, or Yams's `YamlError` for YAML that is not valid.
    package static func compose(_ yaml: String) throws -> Node? {
        if let tooLarge = check(yaml).tooLarge { throw tooLarge }
        return try Yams.compose(yaml: yaml)
    }

    /// Walks libyaml's events once: each anchored value's size and height
    /// are known when it ends, so an alias adds them without expanding
    /// anything. Stops at the first bound crossed; a syntax error stops it
    /// too and is left to Yams to report.
    static func check(_ yaml: String) -> (tooLarge: TooLarge?, count: Count) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return (nil, Count()) }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(yaml.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var walk = Walk()
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                let done = event.type == YAML_STREAM_END_EVENT
                if let tooLarge = walk.take(event) { return (tooLarge, walk.count) }
                if done { break }
            }
            return (nil, walk.count)
        }
    }

    /// The state of the walk: open collections and the anchors seen.
    private struct Walk {
        struct Open {
            var anchor: String?
            /// Values and scalar bytes counted before it opened.
            var valuesBefore: Int
            var bytesBefore: Int
            /// Its deepest descendant's depth so far.
            var deepest: Int
        }

        struct Anchored {
            var values: Int
            var bytes: Int
            var height: Int
        }

        var count = Count()
        /// Every value so far, written or aliased, and their scalars' bytes.
        var values = 0
        var bytes = 0
        var open: [Open] = []
        var anchors: [String: Anchored] = [:]

        mutating func take(_ event: yaml_event_t) -> TooLarge? {
            count.events += 1
            let line = Int(event.start_mark.line) + 1
            let column = Int(event.start_mark.column) + 1
            switch event.type {
            case YAML_SCALAR_EVENT:
                values += 1
                let length = Int(event.data.scalar.length)
                bytes += length
                if let anchor = Self.name(event.data.scalar.anchor) { anchors[anchor] = Anchored(values: 1, bytes: length, height: 1) }
                return reach(open.count + 1, line: line, column: column)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                values += 1
                let anchor = Self.name(event.type == YAML_SEQUENCE_START_EVENT
                                       ? event.data.sequence_start.anchor : event.data.mapping_start.anchor)
                open.append(Open(anchor: anchor, valuesBefore: values - 1, bytesBefore: bytes, deepest: open.count + 1))
                return reach(open.count, line: line, column: column)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let closed = open.popLast() else { return nil }
                if let last = open.indices.last { open[last].deepest = max(open[last].deepest, closed.deepest) }
                if let anchor = closed.anchor {
                    anchors[anchor] = Anchored(values: values - closed.valuesBefore, bytes: bytes - closed.bytesBefore,
                                               height: closed.deepest - open.count)
                }
                return nil
            case YAML_ALIAS_EVENT:
                // An undefined alias is Yams's to report.
                guard let name = Self.name(event.data.alias.anchor), let anchored = anchors[name] else { return nil }
                values += anchored.values
                bytes += anchored.bytes
                count.aliasedValues += anchored.values
                count.aliasedBytes += anchored.bytes
                if count.aliasedValues > BoundedYAML.aliasedValueLimit {
                    return TooLarge(line: line, column: column,
                                    message: "aliases repeat more than \(BoundedYAML.aliasedValueLimit) values (at *\(name))")
                }
                if count.aliasedBytes > BoundedYAML.aliasedByteLimit {
                    return TooLarge(line: line, column: column,
                                    message: "aliases repeat more than \(BoundedYAML.aliasedByteLimit) bytes of text (at *\(name))")
                }
                return reach(open.count + anchored.height, line: line, column: column)
            default:
                return nil
            }
        }

        /// Notes a value `depth` deep (1: the root) in every open collection.
        private mutating func reach(_ depth: Int, line: Int, column: Int) -> TooLarge? {
            // The parents learn it when this collection ends.
            if let last = open.indices.last { open[last].deepest = max(open[last].deepest, depth) }
            guard depth > BoundedYAML.depthLimit else { return nil }
            return TooLarge(line: line, column: column, message: "values nest more than \(BoundedYAML.depthLimit) deep")
        }

        private static func name(_ anchor: UnsafeMutablePointer<yaml_char_t>?) -> String? {
            anchor.map { String(cString: $0) }
        }
    }
}
