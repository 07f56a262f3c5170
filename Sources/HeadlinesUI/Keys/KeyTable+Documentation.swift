extension KeyTable {
    /// The key table grouped by where the keys apply, in the help screen's order and headings:
    /// what the man page lists (the README's table is `markdown()`).
    public static func documentedGroups(_ keys: KeyMap = KeyMap()) -> [(title: String, bindings: [KeyBinding])] {
        HelpRows.groups(keys.bindings).map { group in (group.title, group.bindings.filter { !$0.keys.isEmpty }) }
    }
}
