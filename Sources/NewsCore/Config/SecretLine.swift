/// Recognises a config line that may hold a secret, so that no error message quotes it back.
///
/// A mistyped `password s3cr3t` or `password: s3cr3t` is not a setting, and the usual message
/// would repeat the whole line; the key word alone tells it is a secret's line.
enum SecretLine {
    /// Parts of a key word that mark a secret: password, passwd, passphrase, newsapi-key, api_key, token...
    private static let markers = ["pass", "secret", "token", "key", "auth", "credential"]

    /// Whether the first word of `text` (up to a space, tab, `:` or `=`) reads like a secret's key.
    static func looksSecret(_ text: Substring) -> Bool {
        let word = text.prefix { $0 != " " && $0 != "\t" && $0 != ":" && $0 != "=" }.lowercased()
        return markers.contains { word.contains($0) }
    }
}
