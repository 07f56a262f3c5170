import FoundationEssentials
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the config file from disk: a regular file of at most `maxSize` bytes of UTF-8, parsed
/// and checked; a NewsAPI key in a file that others can read is refused.
public enum ConfigFile {
    /// Far more than any hand-written config; a cap so that a wrong path (a log, a disk image) fails fast.
    public static let maxSize = 4 * 1024 * 1024

    /// The parsed file; nil when there is no file and `mustExist` is false (no config: the defaults apply).
    public static func load(
        _ url: URL, mustExist: Bool = false, environment: [String: String], knownActions: Set<String>
    ) throws(ConfigError) -> Config? {
        let display = ConfigPaths.display(url.path, environment: environment)
        guard let contents = try read(url, display: display, mustExist: mustExist, limit: maxSize) else { return nil }
        return try parse(contents, at: url, environment: environment, knownActions: knownActions)
    }

    /// Parses bytes read from `url`, refusing a key that others can read.
    static func parse(
        _ contents: Contents, at url: URL, environment: [String: String], knownActions: Set<String>
    ) throws(ConfigError) -> Config {
        let display = ConfigPaths.display(url.path, environment: environment)
        let text = try decode(contents.data, display: display)
        let config = try ConfigParser.parse(
            text, file: display, folder: url.deletingLastPathComponent(), environment: environment, knownActions: knownActions
        )
        if config.settings.newsAPIKey != nil, contents.mode & 0o077 != 0 {
            throw ConfigError(
                file: display, line: config.settings.lines["newsapi-key"],
                reason: "the file holds a NewsAPI key but others can read it (mode \(String(contents.mode & 0o777, radix: 8))): "
                    + "run chmod 600 \(Sanitizer.clean(display)), or put the key in NEWSAPI_KEY instead"
            )
        }
        if let server = config.servers.first(where: { if case .inline = $0.password { return true } else { return false } }),
            contents.mode & 0o077 != 0
        {
            throw ConfigError(
                file: display, line: server.passwordLine,
                reason: "the file holds the password of server \(ConfigText.quoted(server.name)) but others can read it "
                    + "(mode \(String(contents.mode & 0o777, radix: 8))): run chmod 600 \(display), or use password-command or password-file"
            )
        }
        return config
    }

    /// The bytes of a config file and its permission bits.
    struct Contents {
        var data: Data
        let mode: UInt32
    }

    /// The file's bytes (at most `limit`); nil when there is none and that is allowed. Checks are made on the open
    /// descriptor, so the file cannot be swapped between the check and the read.
    static func read(_ url: URL, display: String, mustExist: Bool, limit: Int) throws(ConfigError) -> Contents? {
        func failure(_ reason: String) -> ConfigError { ConfigError(file: display, line: nil, reason: reason) }
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer for ever.
        let fd = open(url.path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT, !mustExist { return nil }
            throw failure(code == ENOENT ? "no such file" : "it cannot be read: " + String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("it cannot be read: " + String(cString: strerror(errno))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw failure("it is not a regular file") }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)  // a regular file never blocks anyway
        guard Int(info.st_size) <= limit else { throw failure("it is larger than \(ByteCount.describe(limit))") }
        // The read buffer is wiped and the data sized once: a password-file's bytes are left nowhere else.
        var data = Data()
        data.reserveCapacity(Int(info.st_size) + 1)
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        defer { SecretBytes.wipe(&buffer) }
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("it cannot be read: " + String(cString: strerror(errno)))
            }
            if count == 0 { break }
            data.append(contentsOf: buffer[0..<count])
            guard data.count <= limit else { throw failure("it is larger than \(ByteCount.describe(limit))") }
        }
        return Contents(data: data, mode: UInt32(info.st_mode))
    }

    static func decode(_ data: Data, display: String) throws(ConfigError) -> String {
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ConfigError(file: display, line: nil, reason: "it is not UTF-8 text")
        }
        return text
    }
}

/// `read(2)`, named apart from the `read` above.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}
