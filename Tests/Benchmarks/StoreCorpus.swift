import Foundation
import NewsCore
import TestSupport

/// Articles for the store benchmark, the same on every run: words drawn from a made-up
/// vocabulary with a Zipf-like spread (a few words everywhere, most rare), as in real text.
/// One article in `cjkEvery` is Chinese or Japanese: words of two or three characters from a
/// made-up vocabulary of the same spread, written without spaces, as those languages are.
struct StoreCorpus {
    private var generator: SplitMix64
    let vocabulary: [String]
    /// Words of two or three Han or kana characters, by the same ranks as `vocabulary`.
    let cjkVocabulary: [String]
    static let cjkEvery = 5
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
        // 200 common characters: enough for a vocabulary of 20,000 distinct two- and three-character words.
        let characters = Array(
            "的一是不了人我在有他这中大来上国个到说们为子和你地出道也时年得就那要下以生会自着去之过家学对可她里后小么心多天而能好都然没日于起还发成事只作当想看文无开手十用主行方又如前所本见经头面公同三已老从动两长知民样现分将外但身些与高意进把法此实回二理美点月明其种声全工己话儿者向情部正名定女问力机给等几很业最间新什打便位因重被走电四第门相次东政海口使教西再平真听世气信北少关并内加化由却代军产入先山五太水万市眼体别处总才场师书比住员九笑性通目华报立马命张活难神数件安表原车白应路期叫死常提感金何更反合放做系计或司利受光王果亲界及今京务制解各任至清物台象记边共风战干接它许八特觉望直服毛林题建南度统色字请交爱让认算论百达必管求造语ひらがなカタカナあいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん"
        )
        var cjkGenerator = SplitMix64(seed: seed ^ 0x434A_4B)
        var cjkWords: [String] = []
        var cjkSeen = Set<String>()
        while cjkWords.count < words.count {
            let word = String((0..<cjkGenerator.int(2...3)).map { _ in cjkGenerator.pick(characters) })
            if cjkSeen.insert(word).inserted { cjkWords.append(word) }
        }
        cjkVocabulary = cjkWords
        var total = 0.0
        cumulative = words.indices.map { index in
            total += 1 / Double(index + 10)
            return total
        }
    }

    /// The word of rank `rank` (0 is the most common).
    func word(rank: Int) -> String { vocabulary[rank] }

    mutating func words(_ count: Int) -> String {
        (0..<count).map { _ in vocabulary[nextRank()] }.joined(separator: " ")
    }

    /// CJK text: its words run together, a full stop every eight or so.
    mutating func cjkWords(_ count: Int) -> String {
        (0..<count).map { index in cjkVocabulary[nextRank()] + (index % 8 == 7 ? "。" : "") }.joined()
    }

    private mutating func nextRank() -> Int {
        let target = Double(generator.next() >> 11) / Double(1 << 53) * (cumulative.last ?? 1)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Article `number` of `source`: a title of 8 words, a summary of 30, an HTML body of 120.
    mutating func article(_ number: Int, source: Int, date: Date) -> Article {
        if number % Self.cjkEvery == 0 {
            let paragraphs = (0..<3).map { _ in "<p>\(cjkWords(40))</p>" }.joined()
            return Article(
                sourceName: "Source \(source)", title: cjkWords(8), description: cjkWords(30),
                url: URL(string: "https://source\(source).example/articles/\(number)")!,
                publishedAt: date, guid: "s\(source)-\(number)", body: .html(paragraphs))
        }
        let paragraphs = (0..<3).map { _ in "<p>\(words(40))</p>" }.joined()
        return Article(
            sourceName: "Source \(source)", title: words(8).capitalized, description: words(30),
            url: URL(string: "https://source\(source).example/articles/\(number)")!,
            publishedAt: date, guid: "s\(source)-\(number)", body: .html(paragraphs))
    }
}
