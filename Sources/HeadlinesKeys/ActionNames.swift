/// The action names `bind KEY ACTION` takes in the config file, each with what it does, for
/// the help screen and the README (a test keeps the README's list the same).
package enum ActionNames {
    /// Every action, in the key table's order (then any the table does not bind), with the help
    /// line of its first default binding.
    package static var list: [(name: String, help: String)] {
        var seen: Set<Action> = []
        var list: [(name: String, help: String)] = []
        for binding in KeyTable.defaults where seen.insert(binding.action).inserted {
            list.append((binding.action.rawValue, binding.help))
        }
        for action in Action.allCases where seen.insert(action).inserted {
            list.append((action.rawValue, ""))
        }
        return list
    }

    /// The README's line: "`back`, `help`, ...".
    package static func markdown() -> String {
        list.map { "`\($0.name)`" }.joined(separator: ", ")
    }
}
