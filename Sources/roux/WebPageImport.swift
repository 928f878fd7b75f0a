import Foundation
import CWebFetch
import Recipes
import RecipeFormats
import RecipeExport

/// Where `roux import` gets a web page: a saved file, or an http(s)
/// address fetched once, bounded in size and time. This is the only place
/// Roux goes on the network, and only when asked for an address.
enum WebPageImport {
    /// How long a page may take: to answer, and in all.
    static let answerTimeout: TimeInterval = 15
    static let wholeTimeout: TimeInterval = 30

    enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        case tooLarge
        case fetch(String)

        var description: String {
            switch self {
            case .unreadable(let reason): reason
            case .tooLarge: "the page is over \(WebPageRecipe.largestPage) bytes; not read"
            case .fetch(let reason): "could not fetch the page: \(reason)"
            }
        }
    }

    /// An http or https address (any other scheme is no page Roux fetches).
    static func isAddress(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// The page's bytes, at most `WebPageRecipe.largestPage` of them.
    static func page(_ source: String) throws(Failure) -> [UInt8] {
        if isAddress(source) { return try fetch(source) }
        guard let handle = FileHandle(forReadingAtPath: source) else {
            throw .unreadable(FileManager.default.fileExists(atPath: source) ? "cannot be read" : "no such file")
        }
        defer { try? handle.close() }
        // One byte more than allowed tells a page too large without reading it all.
        guard let data = try? handle.read(upToCount: WebPageRecipe.largestPage + 1) else { throw .unreadable("cannot be read") }
        guard data.count <= WebPageRecipe.largestPage else { throw .tooLarge }
        return Array(data)
    }

    private static func fetch(_ address: String) throws(Failure) -> [UInt8] {
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            throw .fetch("\(address) is not an http or https address")
        }
        // libcurl is opened here, not linked: Foundation's URLSession would
        // link it, and some thirty libraries with it, into every start of the editor.
        var fetched = roux_fetch_result()
        roux_fetch(address, "roux (recipe import)",
                   "Accept: text/html,application/xhtml+xml", Int(answerTimeout), Int(wholeTimeout),
                   WebPageRecipe.largestPage, &fetched)
        defer { roux_fetch_free(&fetched) }
        switch fetched.outcome {
        case ROUX_FETCH_OK:
            guard let bytes = fetched.bytes else { return [] }
            return Array(UnsafeBufferPointer(start: bytes, count: fetched.count))
        case ROUX_FETCH_NO_LIBRARY:
            throw .fetch("libcurl is not installed (the Debian package libcurl4); save the page and import the file")
        case ROUX_FETCH_TOO_LARGE:
            throw .tooLarge
        case ROUX_FETCH_STATUS:
            let reason = Self.text(of: fetched.reason)
            throw .fetch("the server answered \(fetched.status)\(reason.isEmpty ? "" : " " + reason)")
        default:
            throw .fetch(Self.text(of: fetched.message))
        }
    }

    /// A C string kept in a fixed array of the result.
    private static func text<Storage>(of storage: Storage) -> String {
        withUnsafeBytes(of: storage) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
