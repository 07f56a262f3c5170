import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import Testing
@testable import HeadlinesUI

/// The width table is glibc's `wcwidth` in a UTF-8 locale, which is what curses and tmux use:
/// checked against the live function for every Unicode scalar.
@Suite("Terminal width table")
struct TerminalWidthTableTests {
    typealias WidthFunction = @convention(c) (Int32) -> Int32
    typealias NewLocale = @convention(c) (Int32, UnsafePointer<CChar>, OpaquePointer?) -> OpaquePointer?
    typealias UseLocale = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias FreeLocale = @convention(c) (OpaquePointer?) -> Void

    static func symbol<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(nil, name).map { unsafeBitCast($0, to: type) }
    }

    @Test func everyScalarMeasuresAsGlibcDoes() throws {
        let wcwidth = try #require(Self.symbol("wcwidth", as: WidthFunction.self))
        let newLocale = try #require(Self.symbol("newlocale", as: NewLocale.self))
        let useLocale = try #require(Self.symbol("uselocale", as: UseLocale.self))
        let freeLocale = try #require(Self.symbol("freelocale", as: FreeLocale.self))
        let utf8 = try #require(newLocale(Int32(LC_CTYPE_MASK), "C.UTF-8", nil), "no C.UTF-8 locale")
        let previous = useLocale(utf8)  // this thread only, for the loop below (no suspension point in it)
        defer {
            _ = useLocale(previous)
            freeLocale(utf8)
        }
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            let expected = Int(wcwidth(Int32(value)))
            let ours = TextWidth.scalarWidth(scalar)
            if ours != expected, mismatches.count < 20 { mismatches.append(String(format: "U+%04X ours %d glibc %d", value, ours, expected)) }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
