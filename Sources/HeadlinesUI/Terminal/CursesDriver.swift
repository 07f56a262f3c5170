import CNCursesW
import CTerminalGuard
import Foundation

/// The one place that calls curses. Everything else draws into a `Canvas`; the driver copies
/// what changed since the last frame to the terminal (`wnoutrefresh` + `doupdate`), reads
/// keys, follows the terminal's size, and gives the terminal back.
@MainActor
public final class CursesDriver {
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let outputFD: Int32
    public let inputFD: Int32
    private let palette: Palette
    private var previous: Canvas?
    private var wchars: [wchar_t] = []
    public private(set) var isSuspended = false
    private var isShutDown = false

    /// Starts curses on the terminal at `inputFD`/`outputFD` (standard input and output
    /// normally; a pseudo-terminal in the benchmark).
    public init(inputFD: Int32 = 0, outputFD: Int32 = 1, useColor: Bool) throws {
        setlocale(LC_ALL, "")
        tg_save_tty_modes(outputFD)
        guard let output = fdopen(dup(outputFD), "w"), let input = fdopen(dup(inputFD), "r") else {
            throw StartError(description: "The terminal could not be opened.")
        }
        guard let screen = newterm(nil, output, input) else {
            throw StartError(description: "The terminal type “\(ProcessInfo.processInfo.environment["TERM"] ?? "")” is not known to curses.")
        }
        self.screen = screen
        self.outputFD = outputFD
        self.inputFD = inputFD
        set_term(screen)
        guard let window = hl_stdscr() else {
            endwin()
            throw StartError(description: "curses did not create a screen.")
        }
        self.window = window
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        nodelay(window, true)
        set_escdelay(25)
        curs_set(0)
        palette = Palette(enabled: useColor && has_colors())
        palette.install()
        // Whatever the crash, the terminal comes back: leave the alternate screen, show the cursor.
        let sequence = [hl_terminfo_string("rmcup"), hl_terminfo_string("cnorm"), hl_terminfo_string("sgr0")]
            .compactMap { $0.map { String(cString: $0) } }.joined()
        tg_set_restore_sequence(sequence)
        tg_install_crash_handlers()
    }

    /// The terminal's size in cells.
    public var size: (width: Int, height: Int) {
        (Int(getmaxx(window)), Int(getmaxy(window)))
    }

    /// Copies `canvas` to the terminal, touching only the cells that changed.
    public func present(_ canvas: Canvas) {
        guard !isSuspended, !isShutDown else { return }
        let old = previous.flatMap { $0.width == canvas.width && $0.height == canvas.height ? $0 : nil }
        if old == nil { werase(window) }
        for y in 0..<canvas.height {
            var x = 0
            while x < canvas.width {
                let cell = canvas[x, y]
                if let old, old[x, y] == cell {
                    x += 1
                    continue
                }
                if !cell.text.isEmpty { put(cell, x: x, y: y) }
                x += 1
            }
        }
        previous = canvas
        wnoutrefresh(window)
        doupdate()
    }

    private func put(_ cell: Canvas.Cell, x: Int, y: Int) {
        wchars.removeAll(keepingCapacity: true)
        for scalar in cell.text.unicodeScalars { wchars.append(wchar_t(bitPattern: scalar.value)) }
        wchars.append(0)
        let (attributes, pair) = palette.attributes(for: cell.style)
        _ = wchars.withUnsafeBufferPointer { buffer in
            hl_put_cell(window, Int32(y), Int32(x), buffer.baseAddress, attributes, pair)
        }
    }

    /// Forgets what is on the screen so the next frame repaints everything (Ctrl-L).
    public func invalidate() {
        previous = nil
        clearok(window, true)
    }

    /// Reads every key waiting, without blocking.
    public func readKeys() -> [Key] {
        var keys: [Key] = []
        var character: wint_t = 0
        while true {
            let result = wget_wch(window, &character)
            if result == hl_err() { break }
            if result == hl_key_code_yes() {
                keys.append(KeyCodes.key(forCode: Int32(character)))
            } else {
                keys.append(Key.from(codePoint: UInt32(character)))
            }
        }
        return keys
    }

    /// True when standard input has reached its end (the terminal went away).
    public var inputClosed: Bool { hl_bytes_available(inputFD) == 0 }

    /// Follows a size change: reads the tty's size and tells curses.
    public func updateSize() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        hl_tty_size(outputFD, &rows, &columns)
        if rows > 0 && columns > 0 { resizeterm(rows, columns) }
        previous = nil
    }

    /// Gives the terminal to another program (a terminal browser) until `resume`.
    public func suspend() {
        guard !isSuspended, !isShutDown else { return }
        isSuspended = true
        curs_set(1)
        endwin()
    }

    public func resume() {
        guard isSuspended, !isShutDown else { return }
        isSuspended = false
        reset_prog_mode()
        curs_set(0)
        updateSize()
        invalidate()
    }

    /// Restores the terminal: normal screen, cursor shown, tty modes as they were.
    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        if !isSuspended {
            curs_set(1)
            endwin()
        }
        tg_restore_tty_modes()
        delscreen(screen)
    }
}
