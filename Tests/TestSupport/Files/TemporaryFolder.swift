import Foundation

/// A fresh, empty folder of its own under $TMPDIR (only this user may enter it), for one test or
/// one benchmark run; removed with everything in it when the last reference goes, or by `remove()`.
public final class TemporaryFolder: Sendable {
    public let url: URL

    /// `label` names the folder (`headlines-<label>-<UUID>`), so a leftover one says whose it was.
    public init(_ label: String = "test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("headlines-\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
        )
    }

    deinit { remove() }

    public var path: String { url.path }

    /// `name` inside the folder (nothing is created).
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Everything in the folder, hidden files included, sorted.
    public func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()  // gone already: nothing
    }

    /// The size of the file `name`, or nil when there is none.
    public func size(of name: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: file(name).path)[.size] as? NSNumber)?.intValue  // absent: nil
    }

    /// Writes `data` to the file `name` and returns its URL.
    @discardableResult
    public func write(_ data: Data, to name: String) throws -> URL {
        let target = file(name)
        try data.write(to: target)
        return target
    }

    /// Removes the folder and everything in it now. Idempotent.
    public func remove() {
        try? FileManager.default.removeItem(at: url)  // best effort: already gone is fine, and the OS cleans TMPDIR too
    }
}
