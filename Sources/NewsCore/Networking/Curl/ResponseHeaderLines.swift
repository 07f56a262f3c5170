import FoundationEssentials

/// Collects one response's header lines as libcurl hands them over (the status line, each
/// header, then an empty line) into a `ResponseHead`. Bounded: a server that sends headers
/// without end is refused once they pass `maxBytes`.
struct ResponseHeaderLines {
    static let maxBytes = 256 * 1024

    private(set) var byteCount = 0
    /// From the status line (`HTTP/1.1 200 OK`, `HTTP/2 404`); nil until one arrives.
    private(set) var status: Int?
    private var fields: [(name: String, value: String)] = []

    /// Adds one line (its CR LF included). Returns true when the line was the empty one that
    /// ends the head; throws when the head has grown past `maxBytes`.
    mutating func add(_ line: UnsafeRawBufferPointer) throws(NewsError) -> Bool {
        byteCount += line.count
        guard byteCount <= Self.maxBytes else {
            throw .invalidDocument("the server sent more than \(ByteCount.describe(Self.maxBytes)) of headers")
        }
        let text = String(decoding: line, as: UTF8.self).trimmingNewlines()
        if text.isEmpty { return true }
        if text.hasPrefix("HTTP/") {
            fields.removeAll()  // a new response (after 1xx): its head starts here
            let parts = text.split(separator: " ", maxSplits: 2)
            status = parts.count >= 2 ? Int(parts[1]) : nil
        } else if text.first == " " || text.first == "\t", let last = fields.indices.last {
            fields[last].value += " " + text.trimmingSpaces()  // an obsolete folded line
        } else if let colon = text.firstIndex(of: ":") {
            let name = text[..<colon].trimmingSpaces().lowercased()
            let value = text[text.index(after: colon)...].trimmingSpaces()
            if !name.isEmpty { fields.append((name, value)) }
        }
        return false
    }

    /// Starts over, for the next response on the same hop (after a 1xx).
    mutating func reset() {
        fields.removeAll()
        status = nil
    }

    /// Header names lowercased; a header sent twice has its values joined with ", ".
    var headers: [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in fields {
            if let earlier = headers[name] { headers[name] = earlier + ", " + value } else { headers[name] = value }
        }
        return headers
    }

    /// The head, with `expectedLength` only when the body arrives as the length counts it: a
    /// Content-Length with no content or transfer coding, on a response that has a body.
    func head(url: URL, method: String) -> ResponseHead {
        let headers = headers
        let status = status ?? 0
        var head = ResponseHead(status: status, headers: headers, url: url)
        let bodiless = method == "HEAD" || status == 204 || status == 304 || (100..<200).contains(status)
        if !bodiless, head.contentEncoding == nil, headers["transfer-encoding"] == nil,
            let length = headers["content-length"], !length.isEmpty, length.utf8.allSatisfy({ (0x30...0x39).contains($0) })
        {
            head.expectedLength = Int64(length)
        }
        return head
    }
}

/// The codings a body may arrive in. libcurl decodes gzip and deflate (we offer them, and a
/// sink counts what they inflate to as it arrives) but also brotli and zstd, whatever we
/// offered, and in Transfer-Encoding too: a few kilobytes of either can stand for gigabytes, so a
/// response in any coding not listed here is refused before a byte of its body is decoded.
enum ContentCodings {
    static let offered = "gzip, deflate"
    static let accepted: Set<String> = ["gzip", "x-gzip", "deflate", "identity"]
    static let acceptedTransfer: Set<String> = ["chunked", "gzip", "x-gzip", "deflate", "identity"]

    /// The first header value (Content-Encoding, then Transfer-Encoding) naming a coding we do
    /// not accept, lowercased, as the server wrote it; nil when every coding is accepted.
    static func refused(_ headers: [String: String]) -> String? {
        for (name, accepted) in [("content-encoding", Self.accepted), ("transfer-encoding", acceptedTransfer)] {
            guard let value = headers[name] else { continue }
            let codings = value.lowercased().split(separator: ",").map { $0.trimmingSpaces() }
            if codings.contains(where: { !$0.isEmpty && !accepted.contains($0) }) {
                return value.trimmingSpaces().lowercased()
            }
        }
        return nil
    }
}
