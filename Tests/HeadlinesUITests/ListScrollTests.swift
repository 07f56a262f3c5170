import Testing
@testable import HeadlinesUI
import NewsCore

@Suite("ListScroll")
struct ListScrollTests {
    @Test("an empty list has selection and top 0, whatever is asked")
    func empty() {
        var scroll = ListScroll()
        scroll.select(5)
        scroll.move(by: -3)
        #expect(scroll.selection == 0)
        #expect(scroll.fit(rows: 10) == 0)
        #expect(scroll.top == 0)
        #expect(scroll.count == 0)
    }

    @Test("the selection stays within 0..<count")
    func bounds() {
        var scroll = ListScroll()
        scroll.setCount(10)
        scroll.select(-4)
        #expect(scroll.selection == 0)
        scroll.select(10)
        #expect(scroll.selection == 9)
        scroll.move(by: -3)
        #expect(scroll.selection == 6)
        scroll.move(by: 100)
        #expect(scroll.selection == 9)
        scroll.move(by: -100)
        #expect(scroll.selection == 0)
        scroll.setCount(-5)
        #expect(scroll.count == 0)
        #expect(scroll.selection == 0)
    }

    @Test("fit scrolls only as far as needed")
    func fitMinimal() {
        var scroll = ListScroll()
        scroll.setCount(100)
        #expect(scroll.fit(rows: 10) == 0)
        scroll.select(9)
        #expect(scroll.fit(rows: 10) == 0)
        scroll.select(10)
        #expect(scroll.fit(rows: 10) == 1)
        scroll.select(5)
        #expect(scroll.fit(rows: 10) == 1)
        scroll.select(0)
        #expect(scroll.fit(rows: 10) == 0)
        scroll.select(99)
        #expect(scroll.fit(rows: 10) == 90)
        // A taller window shows the end of the list without blank rows below it.
        #expect(scroll.fit(rows: 30) == 70)
        #expect(scroll.fit(rows: 200) == 0)
        #expect(scroll.fit(rows: 0) == 0)
    }

    @Test("setCount shrinking keeps the selection and the top in range")
    func shrink() {
        var scroll = ListScroll()
        scroll.setCount(100)
        scroll.select(80)
        #expect(scroll.fit(rows: 10) == 71)
        scroll.setCount(50)
        #expect(scroll.selection == 49)
        #expect(scroll.top <= 49)
        #expect(scroll.fit(rows: 10) == 40)
        scroll.setCount(5)
        #expect(scroll.selection == 4)
        #expect(scroll.fit(rows: 10) == 0)
        scroll.setCount(0)
        #expect(scroll.selection == 0)
        #expect(scroll.top == 0)
        scroll.setCount(20)
        #expect(scroll.selection == 0)
    }

    @Test("growing keeps the selection where it was")
    func grow() {
        var scroll = ListScroll()
        scroll.setCount(10)
        scroll.select(7)
        scroll.setCount(1000)
        #expect(scroll.selection == 7)
    }

    @Test("fit keeps the selection visible for random lists, windows and moves", arguments: [1, 2, 3, 42, 2026] as [UInt64])
    func randomSequences(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var scroll = ListScroll()
        for step in 0..<2_000 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0: scroll.setCount(Int.random(in: 0...300, using: &random))
            case 1: scroll.select(Int.random(in: -10...310, using: &random))
            case 2: scroll.select(scroll.count - 1)
            case 3: scroll.select(0)
            default: scroll.move(by: Int.random(in: -60...60, using: &random))
            }
            let rows = Int.random(in: 1...60, using: &random)
            let top = scroll.fit(rows: rows)
            let context = "seed \(seed) step \(step): count \(scroll.count) rows \(rows) selection \(scroll.selection) top \(top)"
            #expect(top == scroll.top, "\(context)")
            if scroll.count == 0 {
                #expect(scroll.selection == 0 && top == 0, "\(context)")
                continue
            }
            #expect((0..<scroll.count).contains(scroll.selection), "\(context)")
            #expect(top >= 0 && top <= max(0, scroll.count - rows), "\(context)")
            #expect(top <= scroll.selection && scroll.selection < top + rows, "\(context)")
            if scroll.count <= rows { #expect(top == 0, "\(context)") }
        }
    }

    @Test("fitting a second time changes nothing")
    func fitIdempotent() {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            var scroll = ListScroll()
            scroll.setCount(Int.random(in: 1...100, using: &random))
            scroll.select(Int.random(in: 0...99, using: &random))
            let rows = Int.random(in: 1...40, using: &random)
            let first = scroll.fit(rows: rows)
            #expect(scroll.fit(rows: rows) == first)
        }
    }
}
