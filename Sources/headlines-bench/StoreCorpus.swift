import Foundation
import NewsCore
import TestSupport

/// Articles for the store benchmark, the same on every run: words drawn from a made-up
/// vocabulary with a Zipf-like spread (a few words everywhere, most rare), as in real text.
struct StoreCorpus {
    private var generator: SplitMix64
    let vocabulary: [String]
    /// Cumulative weights of `vocabulary` (word i weighs 1 / (i + 10)).
    private let cumulative: [Double]

    init(seed: UInt64 = 0x5354_4F52_4542_454E) {
        generator = SplitMix64(seed: seed)
        let syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ber", "dan", "gor", "hil", "jun", "pel", "quor", "zan"]
        var words: [String] = []
        var seen = Set<String>()
        var wordGenerator = SplitMix64(seed: seed ^ 0xABCD)
        while words.count < 20_000 {
            let word = (0..<wordGenerator.int(2...4)).map { _ in wordGenerator.pick(syllables) }.joined()
            if seen.insert(word).inserted { words.append(word) }
        }
        vocabulary = words
        var total = 0.0
        cumulative = words.indices.map { index in
            total += 1 / Double(index + 10)
            return total
        }
    }

    /// The word of rank `rank` (0 is the most common).
    func word(rank: Int) -> String { vocabulary[rank] }

    mutating func words(_ count: Int) -> String {
        (0..<count).map { _ in nextWord() }.joined(separator: " ")
    }

    private mutating func nextWord() -> String {
        let target = Double(generator.next() >> 11) / Double(1 << 53) * (cumulative.last ?? 1)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return vocabulary[low]
    }

    /// Article `number` of `source`: a title of 8 words, a summary of 30, an HTML body of 120.
    mutating func article(_ number: Int, source: Int, date: Date) -> Article {
        let paragraphs = (0..<3).map { _ in "<p>\(words(40))</p>" }.joined()
        return Article(
            sourceName: "Source \(source)", title: words(8).capitalized, description: words(30),
            url: URL(string: "https://source\(source).example/articles/\(number)")!,
            publishedAt: date, guid: "s\(source)-\(number)", body: .html(paragraphs))
    }
}
