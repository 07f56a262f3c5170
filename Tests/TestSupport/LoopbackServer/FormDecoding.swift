import Foundation

/// `a=1&b=2` (a query or a form body) decoded, in order, repeated names kept: what the loopback
/// API servers read their parameters with.
public enum FormDecoding {
    public static func pairs(_ text: String) -> [(String, String)] {
        text.split(separator: "&").map { part in
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            func decode(_ value: Substring) -> String { value.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(value) }
            return (decode(pair[0]), pair.count > 1 ? decode(pair[1]) : "")
        }
    }
}
