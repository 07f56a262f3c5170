import Testing
@testable import HeadlinesUI
@testable import HeadlinesSession

/// A passing message is never cut: the facts give way, then it takes a second row.
@Suite("Status bar messages")
struct StatusBarTests {
    static func render(_ message: String?, width: Int, right: String = "240 articles · updated 10:12") -> Canvas {
        var canvas = Canvas(width: width, height: 6)
        canvas.write("body", x: 0, y: 4)
        canvas.statusMessage = message.map { Notice($0) }
        StatusBar.render(left: "⏎ read · ? help", right: right, into: &canvas, y: 5)
        return canvas
    }

    @Test func aShortMessageKeepsTheFacts() {
        let canvas = Self.render("Starred.", width: 60)
        #expect(canvas.line(5).hasPrefix(" Starred."))
        #expect(canvas.line(5).contains("240 articles · updated 10:12"))
        #expect(!canvas.line(5).contains("help"))
        #expect(canvas.line(4).hasPrefix("body"))
    }

    @Test func theFactsGiveWayToALongerMessage() {
        let message = "Saved ~/Downloads/headlines/a-long-file-name.png"
        let canvas = Self.render(message, width: 60)
        #expect(canvas.line(5) == TextLayout.pad(" " + message, to: 60))
        #expect(canvas.line(4).hasPrefix("body"))
    }

    @Test func whatStillDoesNotFitGoesOnASecondLine() {
        let message = "Not saved: the server answered 404 for https://example.com/images/chart.png"
        let canvas = Self.render(message, width: 44)
        let shown = (canvas.line(4) + canvas.line(5)).split(separator: " ").joined(separator: " ")
        #expect(shown == message)
        #expect(!canvas.text.contains("…"))
    }

    @Test func withoutAMessageTheHintsShow() {
        let canvas = Self.render(nil, width: 60)
        #expect(canvas.line(5).hasPrefix(" ⏎ read · ? help"))
    }
}

/// A passing message ends itself; a question ("Mark 3,452 articles read? y/n") waits for its answer.
@Suite("Status message lifetimes")
@MainActor
struct StatusMessageLifetimeTests {
    @Test func aMessagePassesButAQuestionStays() {
        let context = ScreenContext(app: nil)
        context.show(Notice("Saved."))
        #expect(context.scope.isRunning(.statusMessage))
        context.show(Notice("Mark 3,452 articles read? y/n", kind: .question))
        #expect(!context.scope.isRunning(.statusMessage))
        #expect(context.message?.text == "Mark 3,452 articles read? y/n")
    }
}
