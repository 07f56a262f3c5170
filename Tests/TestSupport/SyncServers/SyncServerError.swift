/// A feed server for the sync tests could not be started or refreshed.
public enum SyncServerError: Error, CustomStringConvertible {
    /// A script in Tests/SyncServers failed; `detail` carries what it wrote.
    case scriptFailed(script: String, detail: String)

    public var description: String {
        switch self {
        case .scriptFailed(let script, let detail):
            return "Tests/SyncServers/\(script) failed: \(detail)"
        }
    }
}
