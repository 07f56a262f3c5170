import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// This process's resident memory, from Linux's /proc (nil or false elsewhere, which callers
/// treat as "cannot measure here"): for tests that bound memory growth and the benchmarks'
/// memory figures.
public enum ResidentMemory {
    /// VmHWM, the peak resident set size, in bytes.
    public static func peak() -> Int? { statusField("VmHWM:") }

    /// VmRSS, the current resident set size, in bytes.
    public static func current() -> Int? { statusField("VmRSS:") }

    /// Resets the peak to the current RSS by writing "5" to /proc/self/clear_refs (Linux 4.0
    /// and later). False where that is not allowed (some containers, other systems).
    @discardableResult
    public static func resetPeak() -> Bool {
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }  // the write below already told whether it worked
        do {
            try handle.write(contentsOf: Data("5".utf8))
            return true
        } catch {
            return false
        }
    }

    /// Hands memory that malloc keeps after `free` back to the system (glibc's `malloc_trim`),
    /// so that the current RSS, and a peak measured from it, reflect live memory.
    public static func releaseFreeMemory() {
        #if canImport(Glibc)
            // malloc_trim is a glibc extension that the Glibc module does not export; look it up.
            typealias MallocTrim = @convention(c) (Int) -> Int32
            if let symbol = dlsym(nil, "malloc_trim") {
                _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
            }
        #endif
    }

    /// Runs `body` and returns its result with how far the peak RSS rose above the RSS before
    /// it; nil growth when the peak could not be reset or read.
    public static func peakGrowth<T>(during body: () throws -> T) rethrows -> (result: T, growth: Int?) {
        let before = current()
        let reset = resetPeak()
        let result = try body()
        guard reset, let before, let peak = peak() else { return (result, nil) }
        return (result, max(0, peak - before))
    }

    /// Runs `body` and returns its result and the peak RSS reached while it ran, when the peak
    /// could be reset first; otherwise the process's lifetime peak, flagged as such.
    public static func measurePeak<T>(_ body: () throws -> T) rethrows -> (result: T, peakBytes: Int?, wasReset: Bool) {
        releaseFreeMemory()
        let wasReset = resetPeak()
        let result = try body()
        return (result, peak(), wasReset)
    }

    private static func statusField(_ name: String) -> Int? {
        // No /proc (not Linux): no figure.
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            // "VmHWM:\t  123456 kB"
            let fields = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let number = fields.first.flatMap({ Int($0) }) else { return nil }
            let unit = fields.count > 1 ? fields[1].lowercased() : "kb"
            return unit == "kb" ? number * 1_024 : number
        }
        return nil
    }
}
