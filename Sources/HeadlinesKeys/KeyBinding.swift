/// One row of the key table: an action, the keys that trigger it, where, and what it does.
package struct KeyBinding: Sendable, Equatable {
    package var action: Action
    package var keys: [Key]
    package var scope: KeyScope
    /// One line for the help screen and the README.
    package var help: String
    /// A word or two for the status bar's hints ("refresh"); nil when the action is never hinted.
    package var hint: String?

    package init(_ action: Action, _ keys: [Key], _ scope: KeyScope, _ help: String, hint: String? = nil) {
        self.action = action
        self.keys = keys
        self.scope = scope
        self.help = help
        self.hint = hint
    }
}
