/// An error a person reads: its `message` is one clear sentence, ready for the status bar or
/// stderr. Every error type that can reach a person conforms where it is declared, so the
/// interface needs no list of types to word them.
public protocol ReadableError: Error {
    var message: String { get }
}
