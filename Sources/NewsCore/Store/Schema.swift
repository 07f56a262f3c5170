/// The cache's whole layout, version by version. A file's `PRAGMA user_version` says which
/// steps it has had; opening runs the missing ones in order, all in one transaction.
/// Never edit a step that has shipped: add the next one.
enum Schema {
    /// `PRAGMA application_id`: "HDLN". A database without it (and not empty) is not ours.
    static let applicationID: Int64 = 0x4844_4C4E

    struct Migration: Sendable {
        let version: Int
        let sql: String
        /// A count that is not 0 when the step's work is there already (columns cannot be added
        /// `IF NOT EXISTS`): a file whose version was set back is then upgraded harmlessly.
        var appliedCheck: String? = nil
    }

    static let steps: [Migration] = [
        version1, version2, version3, version4, version5, version6, version7, version8, version9, version10, version11, version12, version13, version14,
        version15,
    ]
    static var latest: Int { steps.count }

    /// Sources, their articles and refresh records, and the saved-image index.
    static let version1 = Migration(
        version: 1,
        sql: """
            PRAGMA application_id = \(applicationID);

            CREATE TABLE source (
                id            INTEGER PRIMARY KEY,
                key           TEXT NOT NULL UNIQUE,   -- the caller's SourceKey
                title         TEXT,                   -- the feed's own title, from its last edition
                refreshed_at  REAL,                   -- when the last refresh ended (Unix time)
                outcome       TEXT,                   -- 'updated', 'not-modified' or 'failed'
                error         TEXT,                   -- the failure, one sentence
                succeeded_at  REAL,                   -- the last refresh that got an answer
                etag          TEXT,
                last_modified TEXT,
                retry_after   REAL,                   -- not to be asked again before this time
                removed_at    REAL                    -- first found missing from the config
            );

            CREATE TABLE article (
                id          INTEGER PRIMARY KEY,
                source_id   INTEGER NOT NULL REFERENCES source(id) ON DELETE CASCADE,
                identity    TEXT NOT NULL,            -- Article.identity: "g:" + GUID, else "u:" + URL
                url         TEXT NOT NULL,
                sort_time   REAL NOT NULL,            -- published, else first seen: the list order
                first_seen  REAL NOT NULL,
                published   REAL,
                read        INTEGER NOT NULL DEFAULT 0,
                starred     INTEGER NOT NULL DEFAULT 0,
                hash        INTEGER NOT NULL,         -- of the fields below: unchanged items are skipped unread
                title       TEXT NOT NULL,
                source_name TEXT,
                author      TEXT,
                summary     TEXT,
                image_url   TEXT,
                guid        TEXT,
                content     TEXT,
                body_kind   TEXT,                     -- 'html' or 'text'
                body        TEXT,                     -- last, so lists never read its overflow pages
                UNIQUE (source_id, identity)
            );
            CREATE INDEX article_by_source ON article(source_id, sort_time DESC, id DESC);
            CREATE INDEX article_by_time ON article(sort_time DESC, id DESC);
            CREATE INDEX article_by_url ON article(source_id, url);
            CREATE INDEX article_starred ON article(sort_time DESC, id DESC) WHERE starred = 1;
            CREATE INDEX article_unread ON article(source_id) WHERE read = 0;

            -- The articles of each source's latest edition: never pruned while there. A narrow
            -- table of its own, so that items coming and going rewrite a few small pages, not rows.
            CREATE TABLE feed_item (
                source_id  INTEGER NOT NULL,
                article_id INTEGER NOT NULL,
                PRIMARY KEY (source_id, article_id)
            ) WITHOUT ROWID;
            CREATE TRIGGER article_left_feed AFTER DELETE ON article BEGIN
                DELETE FROM feed_item WHERE source_id = old.source_id AND article_id = old.id;
            END;

            CREATE TABLE saved_image (
                article_id INTEGER PRIMARY KEY REFERENCES article(id) ON DELETE CASCADE,
                path       TEXT NOT NULL,
                saved_at   REAL NOT NULL
            );
            """)

    /// Full-text search over every article's title, summary and full text (as plain text).
    /// Merges only note new and changed articles in `search_pending`: indexing a thousand
    /// articles costs several times the merge itself, so it happens after, in small batches,
    /// and before any search (`ArticleStore.indexForSearch`). The articles already stored
    /// are all pending after the upgrade.
    static let version2 = Migration(
        version: 2,
        sql: """
            CREATE VIRTUAL TABLE article_text USING fts5(
                title, summary, body,
                tokenize = 'unicode61 remove_diacritics 2'
            );
            CREATE TABLE search_pending (
                article_id INTEGER PRIMARY KEY   -- new or changed since it was last indexed
            );
            CREATE TRIGGER article_deleted AFTER DELETE ON article BEGIN
                DELETE FROM article_text WHERE rowid = old.id;
                DELETE FROM search_pending WHERE article_id = old.id;
            END;
            INSERT INTO search_pending (article_id) SELECT id FROM article;
            """)

    /// The feed a source's web page named, asked for directly from then on (with the feed's
    /// own validators), and when the page was last read. Validators stored before this step
    /// may be a page's, which answered 304 while its feed went unread: they are dropped, so
    /// each source is fetched whole once.
    static let version3 = Migration(
        version: 3,
        sql: """
            ALTER TABLE source ADD COLUMN feed_url TEXT;
            ALTER TABLE source ADD COLUMN feed_found_at REAL;
            UPDATE source SET etag = NULL, last_modified = NULL;
            """)

    /// Search in every script: runs of Chinese, Japanese, Korean and Thai are indexed as pairs
    /// of characters (`ScriptBigrams`), so the index is written anew: emptied, and every article
    /// pending (indexed in batches before the next search, as after version 2).
    static let version4 = Migration(
        version: 4,
        sql: """
            DELETE FROM article_text;
            INSERT OR IGNORE INTO search_pending (article_id) SELECT id FROM article;
            """)

    /// Feed servers (Tiny Tiny RSS, Fever): each server's sync record and cursor, its feeds as
    /// sources, its articles' ids, and the outbox of marks made here and not yet sent. A trigger
    /// puts every change of a server article's read or starred mark in the outbox, whichever
    /// code made it, except while a sync writes the server's own marks (`sync_writing` holds a row).
    /// Written to run again harmlessly (`IF NOT EXISTS`), as step 4 can.
    static let version5 = Migration(
        version: 5,
        sql: """
            CREATE TABLE IF NOT EXISTS server (
                id            INTEGER PRIMARY KEY,
                name          TEXT NOT NULL UNIQUE,   -- the config's [server "Name"]
                cursor        INTEGER,                -- the highest article id the last whole sync stored
                synced_at     REAL,                   -- the last sync that reached the server
                offline_since REAL,                   -- the first failed sync since then
                error         TEXT                    -- the last failure, one sentence
            );
            CREATE TABLE IF NOT EXISTS server_feed (
                source_id INTEGER PRIMARY KEY REFERENCES source(id) ON DELETE CASCADE,
                server_id INTEGER NOT NULL REFERENCES server(id) ON DELETE CASCADE,
                remote_id INTEGER NOT NULL,
                category  TEXT,                       -- its category or group on the server
                UNIQUE (server_id, remote_id)
            );
            CREATE TABLE IF NOT EXISTS server_article (
                article_id INTEGER PRIMARY KEY REFERENCES article(id) ON DELETE CASCADE,
                server_id  INTEGER NOT NULL REFERENCES server(id) ON DELETE CASCADE,
                remote_id  INTEGER NOT NULL,
                UNIQUE (server_id, remote_id)
            );
            CREATE TABLE IF NOT EXISTS mark_outbox (
                server_id INTEGER NOT NULL REFERENCES server(id) ON DELETE CASCADE,
                remote_id INTEGER NOT NULL,
                field     TEXT NOT NULL,              -- 'read' or 'starred'
                value     INTEGER NOT NULL,
                PRIMARY KEY (server_id, remote_id, field)
            ) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS sync_writing (server_id INTEGER);
            CREATE TRIGGER IF NOT EXISTS article_read_outbox AFTER UPDATE OF read ON article
                WHEN old.read != new.read AND NOT EXISTS (SELECT 1 FROM sync_writing) BEGIN
                INSERT OR REPLACE INTO mark_outbox (server_id, remote_id, field, value)
                    SELECT server_id, remote_id, 'read', new.read FROM server_article WHERE article_id = new.id;
            END;
            CREATE TRIGGER IF NOT EXISTS article_starred_outbox AFTER UPDATE OF starred ON article
                WHEN old.starred != new.starred AND NOT EXISTS (SELECT 1 FROM sync_writing) BEGIN
                INSERT OR REPLACE INTO mark_outbox (server_id, remote_id, field, value)
                    SELECT server_id, remote_id, 'starred', new.starred FROM server_article WHERE article_id = new.id;
            END;
            """)

    /// The search index with the body as its first column: FTS5 writes the column's number
    /// before a word's positions in every column but the first (two bytes a word and article),
    /// and the body holds most of the words, so the index is about a fifth smaller. The pairs of
    /// version 4 grew the index by 35% of what `unicode61` alone makes; in this layout, by 28%.
    /// Ranking weighs the columns by name (`SearchRanking`), so the order is the same. Written
    /// anew as in version 4.
    static let version6 = Migration(
        version: 6,
        sql: """
            DROP TABLE article_text;
            CREATE VIRTUAL TABLE article_text USING fts5(
                body, summary, title,
                tokenize = 'unicode61 remove_diacritics 2'
            );
            INSERT OR IGNORE INTO search_pending (article_id) SELECT id FROM article;
            """)

    /// Enclosures (a podcast's episode): the file's link, MIME type, size in bytes and duration
    /// in seconds, all nullable; and where each was downloaded, as `saved_image` for images. After the body: lists read the body already, so these cost no
    /// page more; and an article without one stores nothing (NULLs at a row's end take no space).
    static let version7 = Migration(
        version: 7,
        sql: """
            ALTER TABLE article ADD COLUMN enclosure_url TEXT;
            ALTER TABLE article ADD COLUMN enclosure_type TEXT;
            ALTER TABLE article ADD COLUMN enclosure_size INTEGER;
            ALTER TABLE article ADD COLUMN enclosure_duration INTEGER;
            CREATE TABLE IF NOT EXISTS saved_enclosure (
                article_id INTEGER PRIMARY KEY REFERENCES article(id) ON DELETE CASCADE,
                path       TEXT NOT NULL,
                saved_at   REAL NOT NULL
            );
            """,
        appliedCheck: "SELECT count(*) FROM pragma_table_info('article') WHERE name = 'enclosure_url'")

    /// When a downloaded enclosure was played (`P`), for the lists' mark; and every article indexed
    /// again, its text now case folded in full (`CaseFolding`: `ß` as `ss`), as queries are.
    static let version8 = Migration(
        version: 8,
        sql: """
            ALTER TABLE saved_enclosure ADD COLUMN played_at REAL;
            INSERT OR IGNORE INTO search_pending (article_id) SELECT id FROM article;
            """,
        appliedCheck: "SELECT count(*) FROM pragma_table_info('saved_enclosure') WHERE name = 'played_at'")

    /// Full texts read from articles' pages (`x`, `full-text = yes`), one per article, in a table
    /// of their own: a refresh rewrites what the feed sent and never touches them, and lists never
    /// read them. Search indexes them with the body (`SearchIndex`).
    static let version9 = Migration(
        version: 9,
        sql: """
            CREATE TABLE IF NOT EXISTS full_text (
                article_id INTEGER PRIMARY KEY REFERENCES article(id) ON DELETE CASCADE,
                page_url   TEXT NOT NULL,
                html       TEXT NOT NULL,
                fetched_at REAL NOT NULL,
                truncated  INTEGER NOT NULL DEFAULT 0
            );
            """)

    /// Marks a server refused (a 4xx for that mark): set aside with the server's reason, no
    /// longer sent by every sync before anything else, until a person retries or drops them
    /// (`--refused-marks`). Marking the article again replaces the row, and so sends it again.
    static let version10 = Migration(
        version: 10,
        sql: """
            ALTER TABLE mark_outbox ADD COLUMN refused TEXT;
            """,
        appliedCheck: "SELECT count(*) FROM pragma_table_info('mark_outbox') WHERE name = 'refused'")

    /// A full text read from a page that may hold no article (a front page, a list of links):
    /// kept and shown as found, marked so, where it used to be refused.
    static let version11 = Migration(
        version: 11,
        sql: """
            ALTER TABLE full_text ADD COLUMN doubtful INTEGER NOT NULL DEFAULT 0;
            """,
        appliedCheck: "SELECT count(*) FROM pragma_table_info('full_text') WHERE name = 'doubtful'")

    /// The search index without its own copy of the text it indexed (44% of the file): FTS5's
    /// contentless table, written anew (every article pending, as in version 4). Removing an
    /// article's entries then needs the text they were made from: version 14's triggers keep
    /// `SearchIndex`'s invariant. From here on, a step that changes what is indexed empties the
    /// index with FTS5's `'delete-all'` before marking every article pending.
    static let version12 = Migration(
        version: 12,
        sql: """
            DROP TRIGGER IF EXISTS article_deleted;
            DROP TABLE article_text;
            CREATE VIRTUAL TABLE article_text USING fts5(
                body, summary, title,
                content = '',
                tokenize = 'unicode61 remove_diacritics 2'
            );
            INSERT OR IGNORE INTO search_pending (article_id) SELECT id FROM article;
            """)

    /// An article's text (summary, content, body) in a table of its own, beside the row that
    /// lists read and marks change: with the text in it, a row was about 1.5 KB, two a page,
    /// so marking 100,000 read rewrote 50,000 pages and the first `/` read 150 MB to get the
    /// titles. Only the article screen, search indexing and filters on the text read it. An
    /// article may have no row here (none is the same as an empty one).
    static let version13 = Migration(
        version: 13,
        sql: """
            DROP TRIGGER IF EXISTS article_changes;
            DROP TRIGGER IF EXISTS article_goes;
            DROP TRIGGER IF EXISTS full_text_comes;
            DROP TRIGGER IF EXISTS full_text_changes;
            DROP TRIGGER IF EXISTS full_text_goes;
            CREATE TABLE article_body (
                article_id INTEGER PRIMARY KEY,       -- the article's id; deleted with it (version 14)
                summary    TEXT,
                content    TEXT,
                body_kind  TEXT,                      -- 'html' or 'text'
                body       TEXT
            );
            INSERT INTO article_body (article_id, summary, content, body_kind, body)
                SELECT id, summary, content, body_kind, body FROM article
                WHERE summary IS NOT NULL OR content IS NOT NULL OR body IS NOT NULL;
            ALTER TABLE article DROP COLUMN summary;
            ALTER TABLE article DROP COLUMN content;
            ALTER TABLE article DROP COLUMN body_kind;
            ALTER TABLE article DROP COLUMN body;
            """,
        appliedCheck: "SELECT count(*) FROM sqlite_master WHERE name = 'article_body'")

    /// The triggers that keep `SearchIndex`'s invariant (entries only while they match the
    /// stored article; otherwise pending, without any), whoever writes: before an article's
    /// title, its text or its full text change, or any of them is deleted, its entries are
    /// removed, made again from the stored values by the `hl_indexed_*` functions
    /// (`SearchFunctions`), and the article is marked pending. A new article is pending from
    /// the start; its text goes with it.
    static let version14 = Migration(
        version: 14,
        sql: """
            DROP TRIGGER IF EXISTS article_added;
            CREATE TRIGGER article_added AFTER INSERT ON article BEGIN
                INSERT OR IGNORE INTO search_pending (article_id) VALUES (new.id);
            END;
            DROP TRIGGER IF EXISTS article_deleted;
            CREATE TRIGGER article_deleted AFTER DELETE ON article BEGIN
                DELETE FROM search_pending WHERE article_id = old.id;
                DELETE FROM article_body WHERE article_id = old.id;
            END;
            \(forgetEntries("article_changes", "BEFORE UPDATE OF title ON article", "old.id"))
            \(forgetEntries("article_goes", "BEFORE DELETE ON article", "old.id", pending: false))
            \(forgetEntries("article_body_comes", "BEFORE INSERT ON article_body", "new.article_id"))
            \(forgetEntries("article_body_changes", "BEFORE UPDATE OF summary, content, body_kind, body ON article_body", "old.article_id"))
            \(forgetEntries("article_body_goes", "BEFORE DELETE ON article_body", "old.article_id"))
            \(forgetEntries("full_text_comes", "BEFORE INSERT ON full_text", "new.article_id"))
            \(forgetEntries("full_text_changes", "BEFORE UPDATE OF html ON full_text", "old.article_id"))
            \(forgetEntries("full_text_goes", "BEFORE DELETE ON full_text", "old.article_id"))
            """)

    /// Each source's article and unread counts, kept by triggers whoever writes, so that the
    /// Sources screen reads one row a source instead of counting a million articles (issue 56).
    /// (Where ignore rules hide articles, the screen still counts what they leave.)
    static let version15 = Migration(
        version: 15,
        sql: """
            CREATE TABLE IF NOT EXISTS source_count (
                source_id INTEGER PRIMARY KEY,
                total     INTEGER NOT NULL,
                unread    INTEGER NOT NULL
            );
            DELETE FROM source_count;
            INSERT INTO source_count (source_id, total, unread)
                SELECT source_id, count(*), count(*) FILTER (WHERE read = 0) FROM article GROUP BY source_id;
            DROP TRIGGER IF EXISTS article_counted;
            CREATE TRIGGER article_counted AFTER INSERT ON article BEGIN
                INSERT INTO source_count (source_id, total, unread) VALUES (new.source_id, 1, new.read = 0)
                    ON CONFLICT (source_id) DO UPDATE SET total = total + 1, unread = unread + (new.read = 0);
            END;
            DROP TRIGGER IF EXISTS article_uncounted;
            CREATE TRIGGER article_uncounted AFTER DELETE ON article BEGIN
                UPDATE source_count SET total = total - 1, unread = unread - (old.read = 0) WHERE source_id = old.source_id;
            END;
            DROP TRIGGER IF EXISTS article_recounted;
            CREATE TRIGGER article_recounted AFTER UPDATE OF read, source_id ON article
                WHEN old.read IS NOT new.read OR old.source_id IS NOT new.source_id BEGIN
                UPDATE source_count SET total = total - 1, unread = unread - (old.read = 0) WHERE source_id = old.source_id;
                INSERT INTO source_count (source_id, total, unread) VALUES (new.source_id, 1, new.read = 0)
                    ON CONFLICT (source_id) DO UPDATE SET total = total + 1, unread = unread + (new.read = 0);
            END;
            """)

    /// A trigger that removes the entries of the article `id` names, if it has any (it is not
    /// pending), as they were made from its stored row, text and full text; then marks it
    /// pending, unless it is going. An article already gone (its text or full text deleted
    /// with it) has none left.
    static func forgetEntries(_ name: String, _ event: String, _ id: String, pending: Bool = true) -> String {
        """
        DROP TRIGGER IF EXISTS \(name);
        CREATE TRIGGER \(name) \(event)
            WHEN NOT EXISTS (SELECT 1 FROM search_pending WHERE article_id = \(id)) BEGIN
            INSERT INTO article_text (article_text, rowid, body, summary, title)
                SELECT 'delete', a.id, hl_indexed_body(b.body_kind, b.body, f.html),
                       hl_indexed_summary(b.summary, b.content), hl_indexed_title(a.title)
                FROM article a LEFT JOIN article_body b ON b.article_id = a.id
                LEFT JOIN full_text f ON f.article_id = a.id WHERE a.id = \(id);
            \(pending ? "INSERT INTO search_pending (article_id) SELECT id FROM article WHERE id = \(id);" : "")
        END;
        """
    }
}
