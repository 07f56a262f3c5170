import Foundation

/// The parsed request line and headers. The server reads nothing else of a request
/// except a Content-Length body, which it discards.
struct RequestHead: Sendable {
    var method: String
    var target: String
    var path: String
    var query: String?
    var headers: [String: String]

    var contentLength: Int { headers["content-length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0 }
    var expectsContinue: Bool { headers["expect"]?.lowercased() == "100-continue" }

    /// Index just past the blank line ending the head, if `buffer` holds one yet.
    /// Searching resumes a little before `from` so a terminator split across reads is found.
    static func end(in buffer: [UInt8], searchingFrom from: Int) -> Int? {
        var i = max(0, from - 3)
        while i + 1 < buffer.count {
            if buffer[i] == 0x0A {
                if buffer[i + 1] == 0x0A { return i + 2 }  // bare LF LF
                if buffer[i + 1] == 0x0D, i + 2 < buffer.count, buffer[i + 2] == 0x0A { return i + 3 }
            }
            i += 1
        }
        return nil
    }

    /// Parses "METHOD target HTTP/x.y" and "Name: value" lines; nil when malformed.
    init?(_ bytes: ArraySlice<UInt8>) {
        // Split on LF bytes: as Characters, "\r\n" is one grapheme and would not split on "\n".
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
            String(decoding: $0.last == 0x0D ? $0.dropLast() : $0, as: UTF8.self)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first else { return nil }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/") else { return nil }
        method = String(parts[0])
        target = String(parts[1])

        // Absolute-form targets ("http://host/p?q") are reduced to their path and query.
        var origin = Substring(target)
        if let scheme = origin.range(of: "://") {
            let afterHost = origin[scheme.upperBound...]
            origin = afterHost.firstIndex(of: "/").map { afterHost[$0...] } ?? "/"
        }
        if let mark = origin.firstIndex(of: "?") {
            path = String(origin[..<mark])
            query = String(origin[origin.index(after: mark)...])
        } else {
            path = String(origin)
            query = nil
        }

        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { "\($0), \(value)" } ?? value
        }
        self.headers = headers
    }
}
