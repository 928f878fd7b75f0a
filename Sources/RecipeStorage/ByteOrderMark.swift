import Foundation

/// A UTF-8 byte-order mark (EF BB BF) at a file's start: kept byte for byte
/// (`Recipe.FileStyle.hasByteOrderMark`) and left out of what is read, so a
/// first heading or front matter behind it is still seen.
package enum ByteOrderMark {
    package static let bytes: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// `contents` without its mark, and whether it had one. The text keeps
    /// its indices into `contents`, so byte offsets still count the mark.
    package static func strip(_ contents: String) -> (text: Substring, hadMark: Bool) {
        let whole = Substring(contents)
        guard whole.utf8.starts(with: bytes) else { return (whole, false) }
        return (whole[whole.utf8.index(whole.utf8.startIndex, offsetBy: 3)...], true)
    }

    package static func length(atStartOf bytes: some Collection<UInt8>) -> Int {
        bytes.starts(with: Self.bytes) ? 3 : 0
    }
}
