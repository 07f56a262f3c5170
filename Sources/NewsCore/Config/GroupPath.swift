/// A source's `group =` read as a path of folders: `/` separates them (`News/World` is the folder
/// World inside News, as OPML nests them), and a folder whose own name holds a `/` writes it `\/`
/// (and a backslash `\\`), so that an OPML folder titled "Group/With/Slash" comes back from
/// `--import-opml` then `--export-opml` as one folder, not three.
public enum GroupPath {
    /// The folders of `group`, outermost first: unescaped, trimmed, empty ones dropped.
    public static func folders(_ group: String) -> [String] {
        var folders = [""]
        read(group) { character, separates in
            if separates { folders.append("") } else { folders[folders.count - 1].append(character) }
        }
        return folders.map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// The `group =` value for `folders`, outermost first: each name's `\` and `/` escaped.
    public static func group(_ folders: [String]) -> String {
        folders.map { folder in
            var escaped = ""
            for character in folder {
                if character == "\\" || character == "/" { escaped.append("\\") }
                escaped.append(character)
            }
            return escaped
        }.joined(separator: "/")
    }

    /// The group as a heading shows it: as written, without the escapes' backslashes.
    public static func heading(_ group: String) -> String {
        var heading = ""
        read(group) { character, _ in heading.append(character) }
        return heading
    }

    /// Calls `body` with each character of `group` as it stands for itself, and whether it
    /// separates folders. Only `\/` and `\\` are escapes; any other backslash is itself.
    private static func read(_ group: String, _ body: (Character, _ separates: Bool) -> Void) {
        var escaped = false
        for character in group {
            if escaped {
                if character != "/" && character != "\\" { body("\\", false) }
                body(character, false)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                body(character, character == "/")
            }
        }
        if escaped { body("\\", false) }
    }
}
