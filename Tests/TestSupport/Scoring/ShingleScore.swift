/// The article-extraction benchmark's score (its `evaluate.py`, reimplemented): a text is cut
/// into words (`\w+` as Python reads it: runs of letters, digits and `_`), the words into
/// overlapping 4-word shingles, and a prediction scored against the truth by the shingles both
/// hold (counted with repeats). Each page's counts are normalised to sum to one, so a long page
/// weighs no more than a short one; precision and recall are means over pages, F1 their
/// harmonic mean.
public enum ShingleScore {
    /// One page's true positives, false positives and false negatives, normalised.
    public struct Counts: Sendable, Equatable {
        public var truePositives: Double
        public var falsePositives: Double
        public var falseNegatives: Double

        /// evaluate.py's `precision_score`.
        public var precision: Double {
            if falsePositives == 0, falseNegatives == 0 { return 1 }
            if truePositives == 0, falsePositives == 0 { return 0 }
            return truePositives / (truePositives + falsePositives)
        }

        public var recall: Double {
            if falsePositives == 0, falseNegatives == 0 { return 1 }
            if truePositives == 0, falseNegatives == 0 { return 0 }
            return truePositives / (truePositives + falseNegatives)
        }

        public var f1: Double { precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0 }
    }

    public struct Summary: Sendable {
        public var precision: Double
        public var recall: Double
        public var f1: Double
        /// The share of pages whose words are exactly the truth's.
        public var accuracy: Double
    }

    public static func counts(truth: String, prediction: String, size: Int = 4) -> Counts {
        let truthShingles = shingles(truth, size: size)
        let predictionShingles = shingles(prediction, size: size)
        var truePositives = 0.0, falsePositives = 0.0, falseNegatives = 0.0
        for key in Set(truthShingles.keys).union(predictionShingles.keys) {
            let expected = Double(truthShingles[key] ?? 0)
            let predicted = Double(predictionShingles[key] ?? 0)
            truePositives += min(expected, predicted)
            falsePositives += max(0, predicted - expected)
            falseNegatives += max(0, expected - predicted)
        }
        let sum = truePositives + falsePositives + falseNegatives
        guard sum > 0 else { return Counts(truePositives: 0, falsePositives: 0, falseNegatives: 0) }
        return Counts(truePositives: truePositives / sum, falsePositives: falsePositives / sum, falseNegatives: falseNegatives / sum)
    }

    /// Over pages: precision over those with anything predicted or true, recall likewise, as evaluate.py.
    public static func summary(_ pages: [(truth: String, prediction: String)]) -> Summary {
        let all = pages.map { counts(truth: $0.truth, prediction: $0.prediction) }
        let precisions = all.filter { $0.truePositives + $0.falsePositives > 0 }.map(\.precision)
        let recalls = all.filter { $0.truePositives + $0.falseNegatives > 0 }.map(\.recall)
        let precision = precisions.isEmpty ? 0 : precisions.reduce(0, +) / Double(precisions.count)
        let recall = recalls.isEmpty ? 0 : recalls.reduce(0, +) / Double(recalls.count)
        let exact = pages.filter { words($0.truth) == words($0.prediction) }.count
        return Summary(
            precision: precision, recall: recall, f1: precision + recall > 0 ? 2 * precision * recall / (precision + recall) : 0,
            accuracy: pages.isEmpty ? 0 : Double(exact) / Double(pages.count))
    }

    /// Python's `\w+` over `text`: what `str.isalnum()` holds for (letters Lu Ll Lt Lm Lo, and
    /// numbers Nd Nl No), and `_`, one scalar at a time.
    public static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value) || value == 0x5F
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }

    /// evaluate.py's `_ngrams`: every run of `size` words, or the whole list when it is shorter (none when empty).
    static func shingles(_ text: String, size: Int) -> [[String]: Int] {
        let tokens = words(text)
        var result: [[String]: Int] = [:]
        guard !tokens.isEmpty else { return result }
        for start in 0..<max(1, tokens.count - size + 1) {
            result[Array(tokens[start..<min(tokens.count, start + size)]), default: 0] += 1
        }
        return result
    }
}
