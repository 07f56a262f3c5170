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
        document(
            (1...count).map { index in
                Entry(
                    title: "\(prefix) \(index)", url: "https://example.com/\(prefix.lowercased().replacingOccurrences(of: " ", with: "-"))/\(index)",
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
