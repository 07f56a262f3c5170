import FoundationEssentials

/// Articles brought from another reader's cache (newsboat's, `--import-newsboat`), with the
/// reader's marks on them.
extension ArticleStore {
    /// Merges `edition` into `source` as a refresh would (one writer), then marks read the
    /// articles whose identities are in `read` and starred those in `starred`. The source is not
    /// recorded as refreshed: its first real refresh asks its feed as for a new source.
    /// Returns how many articles were new, and how many were marked read and starred.
    public func importEdition(
        _ edition: Edition, into source: SourceKey, read: Set<String>, starred: Set<String>, at now: Date = Date()
    ) throws -> (added: Int, read: Int, starred: Int) {
        let merged = try merge(edition, into: source, at: now)
        func json(_ identities: Set<String>) -> String {
            "[" + identities.sorted().map { JSONStringLiteral.quoted($0) }.joined(separator: ",") + "]"
        }
        return try writing { db in
            let condition = "source_id = (SELECT id FROM source WHERE key = ?) AND identity IN (SELECT value FROM json_each(?))"
            let marked = try db.run("UPDATE article SET read = 1 WHERE \(condition)", source.rawValue, json(read))
            let flagged = try db.run("UPDATE article SET starred = 1 WHERE \(condition)", source.rawValue, json(starred))
            try db.run(
                "UPDATE source SET refreshed_at = NULL, succeeded_at = NULL, outcome = NULL, etag = NULL, last_modified = NULL WHERE key = ?",
                source.rawValue)
            return (merged.added.count, marked, flagged)
        }
    }
}
