import FoundationEssentials

/// Where enclosures go: `podcast-dir`, else `$XDG_MUSIC_DIR/Podcasts`, else `~/Podcasts`; and in
/// it, one folder per source, named after the source (made safe: never a path from the feed).
public enum PodcastFolder {
    public static func resolve(explicit: String?, environment: [String: String]) -> URL {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? AccountHome.path()
        func expanded(_ path: String) -> String {
            path == "~" || path.hasPrefix("~/") ? home + path.dropFirst() : path
        }
        if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: expanded(explicit), isDirectory: true) }
        if let music = environment["XDG_MUSIC_DIR"], !music.isEmpty {
            return URL(fileURLWithPath: expanded(music), isDirectory: true).appendingPathComponent("Podcasts", isDirectory: true)
        }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent("Podcasts", isDirectory: true)
    }

    /// A source's folder name: its letters, digits, spaces, `-`, `_` and `.` (other characters
    /// become `-`), no leading dot, dash or space, at most 80 characters; `Podcast` when nothing is left.
    public static func folderName(_ sourceName: String) -> String {
        SafeNames.fold(sourceName, keeping: [" ", "-", "_", "."], maximum: 80) ?? "Podcast"
    }

    /// The file name from the link's last path component, made safe as a folder's name is
    /// (spaces become `-` too), at most 120 characters, the extension kept; `-2`, `-3`... before
    /// the extension on later attempts. `episode` when the link names nothing usable, and
    /// `episode.mp3` when only its extension is (a name of emoji or escapes).
    public static func fileName(_ url: URL, attempt: Int = 1) -> String {
        let component = url.lastPathComponent
        var stem = component
        var fileExtension: String?
        if let dot = component.lastIndex(of: "."), dot != component.startIndex {
            // The extension alone: letters and digits, as short as real ones are.
            let candidate = component[component.index(after: dot)...]
            fileExtension =
                candidate.count > 12 ? nil : SafeNames.fold(String(candidate), keeping: [], maximum: 12).flatMap { $0.contains("-") ? nil : $0 }
            if fileExtension != nil { stem = String(component[..<dot]) }
        }
        let base = SafeNames.fold(stem, keeping: ["-", "_", "."], maximum: 120) ?? "episode"
        let suffix = attempt > 1 ? "-\(attempt)" : ""
        return base + suffix + (fileExtension.map { "." + $0 } ?? "")
    }
}

/// Folding untrusted text into one plain name inside a folder.
enum SafeNames {
    /// Letters, digits and `keeping` stay; every other run becomes one `-`; no leading `.`, `-`
    /// or space, none trailing; runs of kept punctuation are left as they are, but `..` never
    /// appears. Nil when nothing is left.
    static func fold(_ text: String, keeping: Set<Character>, maximum: Int) -> String? {
        var folded = ""
        var count = 0
        for original in text {
            guard count < maximum else { break }
            let character = LatinLetters.composed(original)
            let plain =
                (character.isLetter || character.isNumber) && character.unicodeScalars.count == 1
                && character.unicodeScalars.allSatisfy { !$0.properties.isDefaultIgnorableCodePoint }
            var next: Character
            if plain || keeping.contains(character) {
                next = character
            } else {
                next = "-"
            }
            if folded.isEmpty, next == "." || next == "-" || next == " " { continue }
            if next == "-", folded.last == "-" { continue }
            if next == ".", folded.last == "." { continue }
            folded.append(next)
            count += 1
        }
        while let last = folded.last, last == "-" || last == " " || last == "." { folded.removeLast() }
        while folded.utf8.count > 200 { folded.removeLast() }
        return folded.isEmpty ? nil : folded
    }
}
