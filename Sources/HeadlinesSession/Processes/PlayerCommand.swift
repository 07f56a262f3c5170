import FoundationEssentials
import Glibc
import NewsCore

/// How `p` plays a downloaded enclosure: the config's `player` (`mpv %f`), already split into
/// words without a shell. The file is always one argument, and the player has the terminal
/// while it runs (its keys, its progress line), as a terminal browser does.
package enum PlayerCommand {
    package typealias Failure = CommandPipe.Failure

    /// `player` with the file's path in place of `%f` (inside its word, as `browser`'s `%u`, so
    /// the path stays one argument); without `%f` the path comes last. Inside a longer word the
    /// path goes in as it is: a path cannot be percent-encoded, and none needs it, since the
    /// download's folder and file names are folded to letters, digits, spaces and `-_.`
    /// (`PodcastFolder`) before a feed's text can reach a shell through them.
    package static func arguments(_ player: [String], file: URL) -> [String] {
        let path = file.path
        return CommandPlaceholder.fill(player, "%f", with: path, insideAWord: { $0 }) ?? player + [path]
    }

    /// Runs `words` (a program found on the PATH by `env`, and its arguments); returns when it has ended well.
    package static func run(_ words: [String]) async throws(Failure) {
        guard let path = words.first, !path.isEmpty else { throw Failure(message: "No player is set: add player = mpv %f to the config.") }
        // Its name without its folder: the sentence has to fit in the status bar.
        let program = path.split(separator: "/").last.map(String.init) ?? path
        try await CommandPipe.run(words, input: nil, name: program, role: "player")
    }
}
