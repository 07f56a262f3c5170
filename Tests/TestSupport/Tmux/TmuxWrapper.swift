import Foundation

/// The `/bin/sh` wrapper that runs the program in the pane and records, in a private directory,
/// what the test cannot see on the screen.
///
/// Its arguments are `DIR NAME=VALUE... -- PROGRAM ARG...`, passed as separate words (tmux
/// executes a multi-word command directly, without a shell), so nothing is ever re-quoted.
/// - A child shell exports the variables, writes `stty -g` of the pane's terminal to
///   `stty-before` and its own pid to `pid`, then `exec`s the program: the program keeps that pid
///   and the pane's terminal as its controlling terminal, in the foreground process group.
/// - When the program ends, the wrapper writes `stty-after`, then `status` (the shell's `$?`:
///   the exit status, or 128+N after signal N). `status` is written last, and each file is
///   renamed into place, so a test that sees `status` sees complete files.
/// - The wrapper survives the SIGINT and SIGQUIT that keys like C-c send to the whole foreground
///   group (trapped with a command, which the program does not inherit), and afterwards keeps
///   the pane alive with a `sleep` that ignores them. Closing the server hangs the terminal up,
///   which ends that `sleep`.
enum TmuxWrapper {
    static let script = """
        dir=$1
        shift
        trap : INT QUIT
        /bin/sh -c '
        dir=$1
        shift
        while [ "$1" != "--" ]; do export "$1"; shift; done
        shift
        stty -g >"$dir/stty-before.tmp" 2>/dev/null
        mv -f "$dir/stty-before.tmp" "$dir/stty-before"
        printf "%s\\n" "$$" >"$dir/pid.tmp"
        mv -f "$dir/pid.tmp" "$dir/pid"
        exec "$@"
        ' sh "$dir" "$@"
        status=$?
        stty -g >"$dir/stty-after.tmp" 2>/dev/null
        mv -f "$dir/stty-after.tmp" "$dir/stty-after"
        printf "%s\\n" "$status" >"$dir/status.tmp"
        mv -f "$dir/status.tmp" "$dir/status"
        trap "" INT QUIT
        exec sleep 2147483647
        """

    /// The words tmux runs in the pane.
    static func paneCommand(directory: String, environment: [String: String], command: [String]) throws -> [String] {
        guard !command.isEmpty else { throw TmuxSessionError.emptyCommand }
        let assignments = try environment.keys.sorted().map { name in
            guard isValidName(name) else { throw TmuxSessionError.invalidEnvironmentName(name) }
            return "\(name)=\(environment[name]!)"
        }
        return ["/bin/sh", "-c", script, "sh", directory] + assignments + ["--"] + command
    }

    /// A portable shell variable name: a letter or `_`, then letters, digits or `_`.
    static func isValidName(_ name: String) -> Bool {
        let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_"
        guard let first = name.first, letters.contains(first) else { return false }
        return name.allSatisfy { letters.contains($0) || ("0"..."9").contains($0) }
    }

    /// The trimmed contents of one of the wrapper's files, or nil while it is missing or empty.
    static func read(_ name: String, in directory: URL) -> String? {
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
        else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
