import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
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
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = answerTimeout
        configuration.timeoutIntervalForResource = wholeTimeout
        configuration.httpAdditionalHeaders = ["Accept": "text/html,application/xhtml+xml", "User-Agent": "roux (recipe import)"]
        let download = PageDownload(limit: WebPageRecipe.largestPage)
        let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        session.dataTask(with: url).resume()
        // The session's own timeouts end it; this only guards against one that never reports.
        guard download.finished.wait(timeout: .now() + wholeTimeout + 5) == .success else { throw .fetch("no answer in \(Int(wholeTimeout)) s") }
        return try download.result()
    }
}

/// One page's download: its bytes as they come, stopped past the limit,
/// an answer that is not a page (a 404, a redirect elsewhere than the
/// web) a failure.
private final class PageDownload: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let limit: Int
    private let lock = NSLock()
    private var data = Data()
    private var failure: WebPageImport.Failure?
    let finished = DispatchSemaphore(value: 0)

    init(limit: Int) {
        self.limit = limit
    }

    func result() throws(WebPageImport.Failure) -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        if let failure { throw failure }
        return Array(data)
    }

    private func fail(_ failure: WebPageImport.Failure) {
        lock.lock()
        if self.failure == nil { self.failure = failure }
        lock.unlock()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        if let http = response as? HTTPURLResponse, !(200 ..< 300).contains(http.statusCode) {
            fail(.fetch("the server answered \(http.statusCode) \(HTTPURLResponse.localizedString(forStatusCode: http.statusCode))"))
            return completionHandler(.cancel)
        }
        if response.expectedContentLength > Int64(limit) {
            fail(.tooLarge)
            return completionHandler(.cancel)
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        self.data.append(data)
        let tooLarge = self.data.count > limit
        lock.unlock()
        if tooLarge {
            fail(.tooLarge)
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // A page may move, but only to another web address.
        guard let scheme = request.url?.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            fail(.fetch("the page redirects to \(request.url?.absoluteString ?? "nothing"), which is no web address"))
            return completionHandler(nil)
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error { fail(.fetch(error.localizedDescription)) }
        finished.signal()
    }
}
