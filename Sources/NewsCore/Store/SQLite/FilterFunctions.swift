import CSQLite

/// The SQLite functions filters call, registered on every connection: `hl_contains(text,
/// needle)` for `~` and `hl_regexp(text, pattern)` for `=~`. Each runs the code the Swift
/// evaluation runs (`FilterText`, `FilterRegex`), so SQL and Swift agree. A pattern is
/// compiled once per statement (kept as SQLite's auxiliary data for that argument).
enum FilterFunctions {
    static func register(on db: OpaquePointer) {
        let flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS
        sqlite3_create_function_v2(db, "hl_contains", 2, flags, nil, containsFunction, nil, nil, nil)
        sqlite3_create_function_v2(db, "hl_regexp", 2, flags, nil, regexpFunction, nil, nil, nil)
    }
}

/// The bytes of a text argument (NULL reads as empty).
private func bytes(_ value: OpaquePointer?) -> UnsafeBufferPointer<UInt8> {
    guard let text = sqlite3_value_text(value) else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value)))
}

private let containsFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, arguments in
    guard let arguments else { return sqlite3_result_int(context, 0) }
    sqlite3_result_int(context, FilterText.contains(bytes(arguments[0]), bytes(arguments[1])) ? 1 : 0)
}

private let regexpFunction: @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void = { context, _, arguments in
    guard let arguments else { return sqlite3_result_int(context, 0) }
    let regex: FilterRegex
    if let cached = sqlite3_get_auxdata(context, 1) {
        regex = Unmanaged<FilterRegex>.fromOpaque(cached).takeUnretainedValue()
    } else {
        let pattern = String(decoding: bytes(arguments[1]), as: UTF8.self)
        do {
            regex = try FilterRegex(pattern)
        } catch {
            return sqlite3_result_error(context, "the regular expression does not compile", -1)
        }
        sqlite3_set_auxdata(context, 1, Unmanaged.passRetained(regex).toOpaque()) { pointer in
            guard let pointer else { return }
            Unmanaged<FilterRegex>.fromOpaque(pointer).release()
        }
    }
    guard let text = sqlite3_value_text(arguments[0]) else { return sqlite3_result_int(context, regex.matches("") ? 1 : 0) }
    let matched = text.withMemoryRebound(to: CChar.self, capacity: Int(sqlite3_value_bytes(arguments[0])) + 1) { regex.matches(cString: $0) }
    sqlite3_result_int(context, matched ? 1 : 0)
}
