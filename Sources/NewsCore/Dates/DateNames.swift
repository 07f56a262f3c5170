/// Dates written with month and weekday names in a language other than English, rewritten with
/// the English names so `RFC822Date` reads them. Greek only for now, feedparser's table
/// (`Κυρ, 11 Ιούλ 2004 12:00:00 EST`), with the accented and unaccented spellings Greek sites use.
enum DateNames {
    /// The date with each Greek name replaced by its English one; nil when there is none.
    static func english(_ text: String) -> String? {
        var changed = false
        var result = ""
        var word = ""
        func flush() {
            if let english = greek[word] {
                result += english
                changed = true
            } else {
                result += word
            }
            word = ""
        }
        for character in text {
            if character.isLetter, !character.isASCII {
                word.append(character)
            } else {
                flush()
                result.append(character)
            }
        }
        flush()
        return changed ? result : nil
    }

    private static let greek: [String: String] = [
        "Ιαν": "Jan", "Φεβ": "Feb", "Μάώ": "Mar", "Μαώ": "Mar", "Μάρ": "Mar", "Μαρ": "Mar", "Απρ": "Apr",
        "Μάι": "May", "Μαϊ": "May", "Μαι": "May", "Ιούν": "Jun", "Ιον": "Jun", "Ιουν": "Jun",
        "Ιούλ": "Jul", "Ιολ": "Jul", "Ιουλ": "Jul", "Αύγ": "Aug", "Αυγ": "Aug", "Σεπ": "Sep",
        "Οκτ": "Oct", "Νοέ": "Nov", "Νοε": "Nov", "Δεκ": "Dec",
        "Κυρ": "Sun", "Δευ": "Mon", "Τρι": "Tue", "Τετ": "Wed", "Πεμ": "Thu", "Παρ": "Fri", "Σαβ": "Sat",
    ]
}
