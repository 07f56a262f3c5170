/// One row of the key table: an action, the keys that trigger it, where, and what it does.
public struct KeyBinding: Sendable, Equatable {
    public var action: Action
    public var keys: [Key]
    public var scope: KeyScope
    /// One line for the help screen and the README.
    public var help: String
    /// A word or two for the status bar's hints ("refresh"); nil when the action is never hinted.
    public var hint: String?

    public init(_ action: Action, _ keys: [Key], _ scope: KeyScope, _ help: String, hint: String? = nil) {
        self.action = action
        self.keys = keys
        self.scope = scope
        self.help = help
        self.hint = hint
    }
}
