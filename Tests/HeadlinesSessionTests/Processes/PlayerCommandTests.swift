import Foundation
import Testing
@testable import HeadlinesSession

/// `p`'s command: the file is one argument, wherever `%f` puts it, and last without it.
@Suite("PlayerCommand")
struct PlayerCommandTests {
    static let file = URL(fileURLWithPath: "/home/me/Podcasts/The Show/$(rm -rf ~); ep 1.mp3")

    @Test func theFileTakesThePlaceOfPercentFInsideItsWord() {
        #expect(PlayerCommand.arguments(["mpv", "%f"], file: Self.file) == ["mpv", Self.file.path])
        #expect(PlayerCommand.arguments(["mpv", "--audio-file=%f", "-v"], file: Self.file) == ["mpv", "--audio-file=" + Self.file.path, "-v"])
        #expect(Self.file.path == "/home/me/Podcasts/The Show/$(rm -rf ~); ep 1.mp3")
    }

    @Test func withoutPercentFTheFileComesLast() {
        #expect(PlayerCommand.arguments(["vlc", "-I", "dummy"], file: Self.file) == ["vlc", "-I", "dummy", Self.file.path])
    }
}
