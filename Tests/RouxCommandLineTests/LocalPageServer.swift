import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny web server on 127.0.0.1 for the tests of `roux import URL`: no
/// test reaches the network. It answers each request for a path with that
/// path's canned answer (404 for any other), one connection at a time,
/// until stopped, and keeps the paths it was asked for.
final class LocalPageServer: @unchecked Sendable {
    struct Answer {
        var status: String = "200 OK"
        var headers: [String] = ["Content-Type: text/html; charset=utf-8"]
        var body: [UInt8]
        /// Content-Length as sent (a server may claim more than it sends).
        var claimedLength: Int?
    }

    let port: UInt16
    private let listener: Int32
    private let answers: [String: Answer]
    private let lock = NSLock()
    private var asked: [String] = []

    var requestedPaths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return asked
    }

    init(answers: [String: Answer]) throws {
        self.answers = answers
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, size) } }
        guard listener >= 0, bound == 0, listen(listener, 8) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        var actual = sockaddr_in()
        var length = size
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        port = UInt16(bigEndian: actual.sin_port)
        self.listener = listener
        Thread { [self] in serve() }.start()
    }

    func address(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            answer(client)
            close(client)
        }
    }

    private func answer(_ client: Int32) {
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while request.count < 65_536, !request.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
            let count = recv(client, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            request += buffer[0 ..< count]
        }
        let firstLine = String(decoding: request.prefix { $0 != 0x0D }, as: UTF8.self).split(separator: " ")
        let path = firstLine.count > 1 ? String(firstLine[1]) : ""
        lock.lock()
        asked.append(path)
        lock.unlock()
        let answer = answers[path] ?? Answer(status: "404 Not Found", body: Array("<html>Not here</html>".utf8))
        let head = "HTTP/1.1 \(answer.status)\r\n" + answer.headers.map { $0 + "\r\n" }.joined()
            + "Content-Length: \(answer.claimedLength ?? answer.body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Array(head.utf8) + answer.body
        // MSG_NOSIGNAL: a client gone is no SIGPIPE for the test process.
        _ = bytes.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}
