import Foundation

/// NewsAPI-shaped documents for the end-to-end tests.
enum NewsAPIFixtures {
    struct Entry {
        var title: String
        var url: String
        var source = "Loopback Times"
        var publishedAt: String? = "2026-11-29T10:00:00Z"
        var imageURL: String?
    }

    static func document(_ entries: [Entry]) -> String {
        let articles = entries.map { entry in
            """
            {"source":{"id":null,"name":\(json(entry.source))},"author":"A. Writer","title":\(json(entry.title)),\
            "description":"Description of \(escapeOnly(entry.title))","url":\(json(entry.url)),\
            "urlToImage":\(entry.imageURL.map(json) ?? "null"),"publishedAt":\(entry.publishedAt.map(json) ?? "null"),\
            "content":"Body text."}
            """
        }
        return "{\"status\":\"ok\",\"totalResults\":\(entries.count),\"articles\":[" + articles.joined(separator: ",") + "]}"
    }

    /// `count` articles titled `<prefix> 1`, `<prefix> 2`...
    static func numbered(_ prefix: String, count: Int, imageBase: String? = nil) -> String {
        document((1...count).map { index in
            Entry(title: "\(prefix) \(index)", url: "https://example.com/\(prefix.lowercased().replacingOccurrences(of: " ", with: "-"))/\(index)",
                  imageURL: imageBase.map { "\($0)/image-\(index).png" })
        })
    }

    static func json(_ text: String) -> String {
        let data = try? JSONSerialization.data(withJSONObject: [text])  // a string always serialises
        let array = data.map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
        return String(array.dropFirst().dropLast())
    }

    private static func escapeOnly(_ text: String) -> String {
        String(json(text).dropFirst().dropLast())
    }
}

/// Small valid images for save tests.
enum ImageFixtures {
    /// A PNG signature, an IHDR chunk for `width`×`height`, and `padding` filler bytes.
    static func png(width: UInt32 = 4, height: UInt32 = 3, padding: Int = 0) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        data.append(contentsOf: Array("IHDR".utf8))
        for value in [width, height] { withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: [8, 6, 0, 0, 0, 0, 0, 0, 0])
        data.append(Data((0..<padding).map { UInt8(truncatingIfNeeded: $0 &* 7) }))
        return data
    }
}
