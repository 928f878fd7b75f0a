/// Line numbers as YAML counts them, turned into lines of the file. The
/// YAML reader breaks lines at "\n", "\r\n", a lone "\r", NEL, LS and PS;
/// a file's lines end only at "\n". Without this a front matter holding a
/// lone "\r" would report (and cut its entries at) lines that are not there.
struct YAMLLineNumbers {
    /// The file line (from 1) of each YAML line (index + 1).
    private let fileLines: [Int]

    init(_ source: String) {
        var lines = [1]
        var fileLine = 1
        var afterCR = false
        for scalar in source.unicodeScalars {
            switch scalar {
            case "\n":
                fileLine += 1
                if afterCR { lines[lines.count - 1] = fileLine } else { lines.append(fileLine) }
            case "\r", "\u{85}", "\u{2028}", "\u{2029}":
                lines.append(fileLine)
            default:
                break
            }
            afterCR = scalar == "\r"
        }
        fileLines = lines
    }

    /// The file line of YAML line `line` (both from 1); lines past the end stay past it.
    func fileLine(_ line: Int) -> Int {
        guard line >= 1 else { return 1 }
        guard line <= fileLines.count else { return fileLines[fileLines.count - 1] + line - fileLines.count }
        return fileLines[line - 1]
    }
}
