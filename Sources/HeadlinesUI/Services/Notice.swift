/// A one-line message for the status bar.
public struct Notice: Equatable, Sendable {
    /// A question ("… y/n") stays until the key that answers it; the others pass after a few seconds.
    public enum Kind: Sendable { case info, success, error, question }
    public var text: String
    public var kind: Kind

    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }

    var style: Style {
        switch kind {
        case .info, .question: return .statusBar
        case .success: return Style(.success, reverse: true)
        case .error: return Style(.error, bold: true, reverse: true)
        }
    }
}
