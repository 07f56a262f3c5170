import HeadlinesSession

/// How a notice looks in the status bar.
extension Notice {
    var style: Style {
        switch kind {
        case .info, .question: return .statusBar
        case .success: return Style(.success, reverse: true)
        case .error: return Style(.error, bold: true, reverse: true)
        }
    }
}
