import Foundation
@testable import NewsCore
import Testing

@Suite struct PreviewCacheTests {
    static let size = PixelSize(width: 10, height: 10)
    /// 300 bytes each.
    static func image(_ shade: UInt8) -> RGBImage { RGBImage(width: 10, height: 10, filledWith: RGB(shade, shade, shade)) }
    static func url(_ name: String) -> URL { URL(string: "https://example.com/\(name).jpg")! }

    @Test func aStoredPreviewComesBackForTheSameURLAndSize() async {
        let cache = PreviewCache(byteLimit: 1_000)
        await cache.store(Self.image(1), for: Self.url("a"), size: Self.size)
        #expect(await cache.image(for: Self.url("a"), size: Self.size) == Self.image(1))
        #expect(await cache.image(for: Self.url("a"), size: PixelSize(width: 20, height: 10)) == nil)
        #expect(await cache.image(for: Self.url("b"), size: Self.size) == nil)
    }

    @Test func theLeastRecentlyUsedGoesFirst() async {
        let cache = PreviewCache(byteLimit: 900)  // room for three
        for name in ["a", "b", "c"] { await cache.store(Self.image(1), for: Self.url(name), size: Self.size) }
        _ = await cache.image(for: Self.url("a"), size: Self.size)  // a is now the most recent
        await cache.store(Self.image(2), for: Self.url("d"), size: Self.size)
        #expect(await cache.image(for: Self.url("b"), size: Self.size) == nil)
        #expect(await cache.keysByRecency.map(\.url) == [Self.url("d"), Self.url("a"), Self.url("c")])
        #expect(await cache.totalBytes == 900)
    }

    @Test func storingAgainReplacesAndCountsBytesOnce() async {
        let cache = PreviewCache(byteLimit: 1_000)
        await cache.store(Self.image(1), for: Self.url("a"), size: Self.size)
        await cache.store(Self.image(2), for: Self.url("a"), size: Self.size)
        #expect(await cache.count == 1)
        #expect(await cache.totalBytes == 300)
        #expect(await cache.image(for: Self.url("a"), size: Self.size) == Self.image(2))
    }

    @Test func anImageLargerThanTheLimitIsNotKept() async {
        let cache = PreviewCache(byteLimit: 299)
        await cache.store(Self.image(1), for: Self.url("a"), size: Self.size)
        #expect(await cache.count == 0)
        #expect(await cache.totalBytes == 0)
    }

    @Test func manyStoresStayWithinTheLimit() async {
        let cache = PreviewCache(byteLimit: 3_000)
        for index in 0..<100 {
            await cache.store(RGBImage(width: index % 7 + 1, height: 10, filledWith: .white), for: Self.url("\(index)"), size: Self.size)
            #expect(await cache.totalBytes <= 3_000)
        }
        #expect(await cache.image(for: Self.url("99"), size: Self.size) != nil)
        await cache.removeAll()
        #expect(await cache.count == 0)
        #expect(await cache.totalBytes == 0)
        #expect(await cache.keysByRecency.isEmpty)
    }

    @Test func theRecencyListKeepsItsLinksWhateverIsRemoved() {
        var list = RecencyList<Int>()
        for key in 0..<5 { list.touch(key) }
        list.remove(2)  // middle
        list.remove(4)  // newest
        list.remove(0)  // oldest
        list.touch(1)
        #expect(list.keysNewestFirst == [1, 3])
        #expect(list.oldest == 3 && list.newest == 1 && list.count == 2)
    }
}
