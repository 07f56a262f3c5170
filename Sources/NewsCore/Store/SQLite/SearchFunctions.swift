import CSQLite

/// The SQL functions that give an article's search columns as `SearchIndex` writes them, for
/// the triggers that remove its entries from the contentless index (`Schema.version14`):
/// `hl_indexed_title(title)`, `hl_indexed_summary(summary, content)` and
/// `hl_indexed_body(body_kind, body, full_text_html)`. Registered on every connection, as
/// `FilterFunctions` are: a connection without them cannot change an indexed article (the
/// trigger fails with "no such function"), never leaves stale words behind.
enum SearchFunctions {
    static func register(on db: OpaquePointer) {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        sqlite3_create_function_v2(db, "hl_indexed_title", 1, flags, nil, titleFunction, nil, nil, nil)
        sqlite3_create_function_v2(db, "hl_indexed_summary", 2, flags, nil, summaryFunction, nil, nil, nil)
        sqlite3_create_function_v2(db, "hl_indexed_body", 3, flags, nil, bodyFunction, nil, nil, nil)
    }
}

/// A text argument as a string; NULL as nil.
private func text(_ arguments: UnsafeMutablePointer<OpaquePointer?>, _ index: Int) -> String? {
    guard let bytes = sqlite3_value_text(arguments[index]) else { return nil }
    return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(arguments[index]))), as: UTF8.self)
}

private func result(_ context: OpaquePointer?, _ text: String) {
    var text = text
    text.withUTF8 { bytes in
        bytes.withMemoryRebound(to: CChar.self) { chars in
            guard let start = chars.baseAddress else { return sqlite3_result_text(context, "", 0, hl_sqlite_transient()) }
            sqlite3_result_text64(context, start, sqlite3_uint64(chars.count), hl_sqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }
}

private let titleFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, arguments in
    guard let arguments else { return sqlite3_result_error(context, "hl_indexed_title: no arguments", -1) }
    result(context, SearchIndex.title(text(arguments, 0)))
}

private let summaryFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, arguments in
    guard let arguments else { return sqlite3_result_error(context, "hl_indexed_summary: no arguments", -1) }
    result(context, SearchIndex.summary(text(arguments, 0), content: text(arguments, 1)))
}

private let bodyFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, arguments in
    guard let arguments else { return sqlite3_result_error(context, "hl_indexed_body: no arguments", -1) }
    result(context, SearchIndex.body(kind: text(arguments, 0), text: text(arguments, 1), fullText: text(arguments, 2)))
}
