/// A one-line message for the status bar.
package struct Notice: Equatable, Sendable {
    /// A question ("… y/n") stays until the key that answers it; the others pass after a few seconds.
    package enum Kind: Sendable { case info, success, error, question }
    package var text: String
    package var kind: Kind

    package init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}
