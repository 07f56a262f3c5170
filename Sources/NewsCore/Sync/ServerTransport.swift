import FoundationEssentials

/// Whether a server's password may go to its address. TT-RSS's `login` carries the password
/// itself and Fever's `api_key` is an unsalted MD5 of it (as good as the password to whoever
/// reads it): over `http://` anyone on the way reads either. `require-https = yes` refuses it;
/// otherwise it goes, and the person is told once per server and run (`warning`).
public enum ServerTransport {
    /// The address sends the password unencrypted.
    public static func isPlainText(_ server: ServerConfig) -> Bool {
        server.url.scheme?.lowercased() == "http"
    }

    /// The sentence to say (once per server and run, in the status bar or on stderr, and in the
    /// log) before the password goes to an `http://` address; nil for https, or when it is refused.
    public static func warning(for server: ServerConfig) -> String? {
        guard isPlainText(server), !server.requireHTTPS else { return nil }
        return "The server \(server.name)'s password travels unencrypted over http://; use https:// (or require-https = yes to refuse)."
    }

    /// Throws `.insecure` when `require-https` forbids sending the password to this address:
    /// called before the password is even read, so no request is made and no command is run.
    static func check(_ server: ServerConfig) throws(SyncError) {
        if isPlainText(server), server.requireHTTPS { throw .insecure(server: server.name) }
    }
}
