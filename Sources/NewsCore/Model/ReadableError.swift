/// An error a person reads: its `message` is one clear sentence, ready for the status bar or
/// stderr. Every error type that can reach a person conforms, so the interface needs no list
/// of types to word them.
public protocol ReadableError: Error {
    var message: String { get }
}

extension NewsError: ReadableError {}
extension SaveError: ReadableError {}
extension PreviewError: ReadableError {}
extension StoreError: ReadableError {}
extension ConfigError: ReadableError {}
extension OPMLError: ReadableError {}
extension ConfigAppendError: ReadableError {}
extension NewsboatImportError: ReadableError {}
extension LogError: ReadableError {}
extension SyncError: ReadableError {}
