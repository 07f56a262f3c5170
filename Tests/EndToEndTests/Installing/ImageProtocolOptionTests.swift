import Foundation
import NewsCore
import Testing
@testable import headlines

/// `--image-protocol` on the command line wins over the config's `image-protocol`, at start and
/// at each reload of the config, and a wrong name is one sentence (issue 53).
@Suite("--image-protocol")
struct ImageProtocolOptionTests {
    @Test func theOptionWinsOverTheConfig() throws {
        let options = try CommandLineOptions.parse(["--image-protocol", "cells"])
        var config = Config()
        config.settings.imageProtocol = .sixel
        #expect(try LaunchPlan.settings(options, config).imageProtocol == .cells)
        #expect(try LaunchPlan.settings(try CommandLineOptions.parse([]), config).imageProtocol == .sixel)
        #expect(try CommandLineOptions.parse(["--image-protocol=KITTY"]).imageProtocol == .kitty)
    }

    @Test func aWrongNameIsOneSentence() {
        #expect(throws: CommandLineOptions.UsageError(message: "--image-protocol takes auto, kitty, sixel, iterm2 or cells, not “png”.")) {
            try CommandLineOptions.parse(["--image-protocol", "png"])
        }
    }
}
