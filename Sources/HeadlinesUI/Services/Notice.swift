/// A one-line message for the status bar.
public struct Notice: Equatable, Sendable {
    public enum Kind: Sendable { case info, success, error }
    public var text: String
    public var kind: Kind

    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }

    var style: Style {
        switch kind {
        case .info: return .statusBar
        case .success: return Style(.success, reverse: true)
        case .error: return Style(.error, bold: true, reverse: true)
        }
    }
}
