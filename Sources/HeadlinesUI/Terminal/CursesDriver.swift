import CNCursesW
import CTerminalGuard
import CSystem
import FoundationEssentials
import Glibc
import HeadlinesSession
import NewsCore
import HeadlinesKeys

/// The one place that calls curses. Everything else draws into a `Canvas`; the driver copies
/// what changed since the last frame to the terminal (`wnoutrefresh` + `doupdate`), reads
/// keys, follows the terminal's size, and gives the terminal back.
@MainActor
package final class CursesDriver {
    package struct StartError: Error, CustomStringConvertible {
        package let description: String
    }

    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private let outputFD: Int32
    package let inputFD: Int32
    private let palette: Palette
    /// Pairs for pictures' palette colours, after the roles' pairs.
    private var pictureColours = ColourPairs(first: 0, capacity: 0)
    private var previous: Canvas?
    private var wchars: [wchar_t] = []
    package private(set) var isSuspended = false
    /// The title set last (`set-title`); nil while the terminal keeps its own.
    private var title: String?
    /// The sequence that restores the terminal after a crash (the title's pop is added once one is set).
    private var restoreSequence = ""
    private var isShutDown = false
    /// False when the locale's character set is not UTF-8 (`LANG=C`): only ASCII is drawn then.
    package let isUnicode: Bool
    /// How this terminal shows pictures in pixels (asked at start); nil: pictures are cells.
    package private(set) var pixelDisplay: PixelDisplay?
    private var pixelPainter: PixelPainter?
    /// Pasted text read apart from typed keys, across reads.
    private var paste = BracketedPaste()
    /// Whether the terminal is asked to report the mouse (`mouse`); turned off while another
    /// program has the terminal, and on again after.
    private var mouseReporting = false

    /// Starts curses on the terminal at `inputFD`/`outputFD` (standard input and output
    /// normally; a pseudo-terminal in the benchmark).
    /// `colours`: the config's `color` lines, applied when colour is on. `imageProtocol`: the
    /// `image-protocol` setting; the terminal is asked what it shows unless it is `cells`.
    package init(
        inputFD: Int32 = 0, outputFD: Int32 = 1, useColor: Bool, colours: ColourScheme = ColourScheme(),
        environment: [String: String] = [:], imageProtocol: ImageProtocolSetting = .cells
    ) throws {
        setlocale(LC_ALL, "")
        isUnicode = String(cString: nl_langinfo(nl_item(CODESET))) == "UTF-8"
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
        // A terminal that cannot place the cursor (TERM=dumb) would show one frozen line.
        guard hl_terminfo_string("cup") != nil else {
            endwin()
            delscreen(screen)
            tg_restore_tty_modes()
            let name = ProcessInfo.processInfo.environment["TERM"] ?? ""
            throw StartError(
                description: "The terminal “\(name)” cannot move the cursor, so the interface cannot run here; use --print to print the headlines.")
        }
        cbreak()
        noecho()
        nonl()
        keypad(window, true)
        // The mouse's reports are read by `KeyDecoder`: curses would take the start of one for
        // its own mouse key (`kmous`) and leave the rest as typed characters.
        keyok(KEY_MOUSE, false)
        nodelay(window, true)
        set_escdelay(25)
        curs_set(0)
        // Ctrl-S and Ctrl-Q are keys here, not the tty's "stop output" and "start it again" (cbreak
        // leaves flow control on, and Ctrl-S froze the screen). def_prog_mode makes it part of the
        // mode curses puts back after a browser's turn or a stop; the saved modes restore it on exit.
        _ = sys_disable_flow_control(outputFD)
        def_prog_mode()
        let colourTerm = environment["COLORTERM"]?.lowercased()
        let hasColour = useColor && has_colors()
        // COLORS is known only once colour is started, and the palette maps the config's colours to it.
        if hasColour { start_color() }
        palette = Palette(
            enabled: hasColour, scheme: colours, terminalColours: Int(hl_colors()),
            trueColour: colourTerm == "truecolor" || colourTerm == "24bit"
        )
        palette.install()
        if palette.enabled && hl_colors() >= 256 {
            let first = Int32(Palette.firstFreePair)
            pictureColours = ColourPairs(first: first, capacity: max(0, Int(hl_color_pairs()) - Int(first)))
        }
        // Whatever the crash, the terminal comes back: leave the alternate screen, show the cursor.
        let sequence =
            BracketedPaste.disable + MouseReporting.disable
            + [hl_terminfo_string("rmcup"), hl_terminfo_string("cnorm"), hl_terminfo_string("sgr0")]
            .compactMap { $0.map { String(cString: $0) } }.joined()
        restoreSequence = sequence
        tg_set_restore_sequence(sequence)
        tg_install_crash_handlers()
        if isUnicode && PixelDisplayChoice.shouldProbe(imageProtocol, environment: environment) {
            pixelDisplay = probePixels(imageProtocol, environment: environment)
            pixelPainter = pixelDisplay.map(PixelPainter.init)
        }
        setBracketedPaste(true)
    }

    /// Asks the terminal to mark pasted text (`BracketedPaste`), or to stop before another
    /// program has it. A terminal that knows nothing of it ignores the request.
    private func setBracketedPaste(_ on: Bool) {
        _ = DescriptorWriter.writeAll(outputFD, on ? BracketedPaste.enable : BracketedPaste.disable)  // the terminal gone: the input's end says so
    }

    /// Asks the terminal to report the mouse (`MouseReporting`), or to stop; `mouse` read
    /// again with the config turns it on or off.
    package func setMouseReporting(_ on: Bool) {
        guard on != mouseReporting, !isShutDown else { return }
        mouseReporting = on
        guard !isSuspended else { return }  // resume sends it
        _ = DescriptorWriter.writeAll(outputFD, on ? MouseReporting.enable : MouseReporting.disable)  // the terminal gone: the input's end says so
    }

    /// Asks the terminal what it can show (`GraphicsProbe`), waiting for its answers at most
    /// `probeDeadline`; keys typed meanwhile are handed to curses, to be read as usual.
    private func probePixels(_ setting: ImageProtocolSetting, environment: [String: String]) -> PixelDisplay? {
        let failed = GraphicsProbe.query.withUnsafeBytes { DescriptorWriter.writeAll(outputFD, $0) }
        guard failed == nil else { return nil }
        var input: [UInt8] = []
        var answers = GraphicsAnswers()
        var keys: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + Self.probeDeadline
        while !answers.complete {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { break }
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let count = buffer.withUnsafeMutableBufferPointer { sys_read_within(inputFD, $0.baseAddress, UInt($0.count), milliseconds) }
            guard count >= 0 else { break }  // the input is gone; the loop will find out
            input += buffer.prefix(count)
            let read = GraphicsProbe.read(input)
            answers = read.answers
            keys = read.keys
        }
        // Pushed back last first: curses hands back what was pushed last first.
        for scalar in String(decoding: keys, as: UTF8.self).unicodeScalars.reversed() {
            unget_wch(wchar_t(bitPattern: scalar.value))
        }
        var windowCell: PixelSize?
        var pixelWidth: Int32 = 0, pixelHeight: Int32 = 0
        sys_window_pixels(outputFD, &pixelWidth, &pixelHeight)
        let (width, height) = size
        if pixelWidth > 0, pixelHeight > 0, width > 0, height > 0 {
            windowCell = PixelSize(width: Int(pixelWidth) / width, height: Int(pixelHeight) / height)
        }
        return PixelDisplayChoice.choose(setting, answers: answers, environment: environment, windowCell: windowCell)
    }

    /// How long the terminal's answers are awaited at start. A terminal answers DA1 within a
    /// millisecond or two, and the wait ends there; only one that never answers costs this.
    /// 100 ms was too short for a link of 150 ms (ssh far away) and for kitty just started on a
    /// busy machine (its software OpenGL: CI saw it): the pictures fell back to cells, and the
    /// late answers arrived as typed keys.
    static let probeDeadline = Duration.milliseconds(400)

    /// The terminal's size in cells.
    package var size: (width: Int, height: Int) {
        (Int(getmaxx(window)), Int(getmaxy(window)))
    }

    /// The colours curses offers (`COLORS`); 0 without colour. Pictures in 24-bit colour do not
    /// depend on it (see `TrueColourCells`).
    package var colourCount: Int { palette.enabled ? Int(hl_colors()) : 0 }

    /// Copies `canvas` to the terminal, writing only the runs `FrameDiff` finds changed, then
    /// paints the 24-bit cells of the rows it wrote.
    package func present(_ canvas: Canvas) {
        guard !isSuspended, !isShutDown else { return }
        var canvas = canvas
        if palette.hasExactLooks { canvas.restyle(palette.exact) }
        var old = previous.flatMap { $0.width == canvas.width && $0.height == canvas.height ? $0 : nil }
        if old == nil { werase(window) }
        pictureColours.beginFrame()
        let picture = pixelPainter == nil ? nil : canvas.pixelPicture
        // Rows a picture drawn into the cells leaves are written again, which erases it there.
        let rewritten = pixelPainter?.rowsToRewrite(next: picture) ?? []
        for row in rewritten where row >= 0 && row < canvas.height { wredrawln(window, Int32(row), 1) }
        var runs = FrameDiff.runs(from: old, to: canvas)
        var reclaimed = false
        for run in runs where !Self.isRecolouring(run, from: old) && write(run) { reclaimed = true }
        if reclaimed && old != nil {
            // A pair was redefined while cells of an earlier frame may still show it: repaint all,
            // so every cell on screen is drawn with a pair of this frame.
            old = nil
            werase(window)
            pictureColours.beginFrame()
            runs = FrameDiff.runs(from: nil, to: canvas)
            for run in runs { _ = write(run) }
        }
        previous = canvas
        wnoutrefresh(window)
        doupdate()
        let written = old == nil ? Array(0..<canvas.height) : Self.rows(of: runs)
        paintTrueColour(canvas, rows: written)
        if var painter = pixelPainter {
            let bytes = painter.bytes(next: picture, written: Set(written + rewritten), repainted: old == nil)
            pixelPainter = painter
            // A failed write means the terminal is gone; the input's end will say so.
            if !bytes.isEmpty { _ = bytes.withUnsafeBytes { DescriptorWriter.writeAll(outputFD, $0) } }
        }
    }

    /// Takes a picture in pixels off the screen before the terminal is given away.
    private func clearPixels() {
        guard var painter = pixelPainter else { return }
        let bytes = painter.bytesToClear()
        pixelPainter = painter
        if !bytes.isEmpty { _ = bytes.withUnsafeBytes { DescriptorWriter.writeAll(outputFD, $0) } }  // the terminal gone: nothing to clear
    }

    /// Whether `run` only changes the colours of 24-bit cells: curses holds the same `▀` there
    /// already, and the 24-bit pass paints the colours.
    private static func isRecolouring(_ run: FrameRun, from old: Canvas?) -> Bool {
        guard let old, run.columns == 1, TrueColourCells.isTrueColour(run.style) else { return false }
        let before = old[run.x, run.y]
        return TrueColourCells.isTrueColour(before.style) && before.text == run.text
    }

    private static func rows(of runs: [FrameRun]) -> [Int] {
        var rows: [Int] = []
        for run in runs where rows.last != run.y { rows.append(run.y) }
        return rows
    }

    private func paintTrueColour(_ canvas: Canvas, rows: [Int]) {
        let bytes = TrueColourCells.bytes(canvas, rows: rows)
        guard !bytes.isEmpty else { return }
        // A failed write means the terminal is gone; the input's end will say so.
        _ = bytes.withUnsafeBytes { DescriptorWriter.writeAll(outputFD, $0) }
    }

    /// Writes one run; true when a colour pair had to be taken back from earlier cells.
    private func write(_ run: FrameRun) -> Bool {
        wchars.removeAll(keepingCapacity: true)
        if isUnicode {
            for scalar in run.text.unicodeScalars { wchars.append(wchar_t(bitPattern: scalar.value)) }
        } else {
            for character in run.text {
                let text = ASCIIFallback.text(for: String(character), columns: TextWidth.of(character))
                for scalar in text.unicodeScalars { wchars.append(wchar_t(bitPattern: scalar.value)) }
            }
        }
        guard !wchars.isEmpty else { return false }
        let (attributes, rolePair) = palette.attributes(for: run.style)
        var pair = Int32(rolePair)
        var reclaimed = false
        if let colours = ColourPairs.Colours(run.style) {
            switch pictureColours.assign(colours) {
            case .existing(let number): pair = number
            case .new(let number, let taken):
                hl_init_pair(number, Int32(colours.foreground), Int32(colours.background))
                pair = number
                reclaimed = taken
            case .none: pair = 0
            }
        }
        let count = Int32(wchars.count)
        wchars.append(0)
        _ = wchars.withUnsafeBufferPointer { buffer in
            hl_put_run_pair(window, Int32(run.y), Int32(run.x), buffer.baseAddress, count, attributes, pair)
        }
        return reclaimed
    }

    /// Forgets what is on the screen so the next frame repaints everything (Ctrl-L).
    package func invalidate() {
        previous = nil
        clearok(window, true)
    }

    /// Reads every key waiting, without blocking. What arrived together is decoded together, so
    /// the bytes of an escape sequence curses does not know make one key (see `KeyDecoder`).
    package func readKeys() -> [Key] {
        var input: [CursesInput] = []
        var character: wint_t = 0
        while true {
            let result = wget_wch(window, &character)
            if result == hl_err() { break }
            input.append(result == hl_key_code_yes() ? .keyCode(Int32(character)) : .character(UInt32(character)))
        }
        return paste.keys(from: input)
    }

    /// True when standard input has hung up (the terminal went away). Not merely "nothing
    /// waiting": a single invalid UTF-8 byte (an Alt key of an 8-bit-meta terminal) is read and
    /// dropped by curses, leaving nothing, and that quit with 129 as if the terminal had gone.
    package var inputClosed: Bool { sys_input_hung_up(inputFD) == 1 }

    /// Follows a size change: reads the tty's size and tells curses.
    package func updateSize() {
        var rows: Int32 = 0
        var columns: Int32 = 0
        sys_window_size(outputFD, &rows, &columns)
        if rows > 0 && columns > 0 { resizeterm(rows, columns) }
        previous = nil
    }

    /// Gives the terminal to another program (a terminal browser) until `resume`.
    package func suspend() {
        guard !isSuspended, !isShutDown else { return }
        isSuspended = true
        clearPixels()
        setBracketedPaste(false)
        if mouseReporting { _ = DescriptorWriter.writeAll(outputFD, MouseReporting.disable) }  // the terminal gone: nothing to give back
        curs_set(1)
        endwin()
    }

    package func resume() {
        guard isSuspended, !isShutDown else { return }
        isSuspended = false
        reset_prog_mode()
        setBracketedPaste(true)
        if mouseReporting { _ = DescriptorWriter.writeAll(outputFD, MouseReporting.enable) }  // the terminal gone: the input's end says so
        curs_set(0)
        updateSize()
        invalidate()
    }

    /// Puts the terminal back in our mode after the process was stopped and continued (`kill
    /// -STOP`, then `fg`): the shell set its own modes meanwhile (echo, line by line), and
    /// wrote over the screen.
    package func restoreAfterStop() {
        guard !isSuspended, !isShutDown else { return }
        reset_prog_mode()
        keypad(window, false)  // curses skips a call that changes nothing: flip to resend
        keypad(window, true)
        setBracketedPaste(true)
        if mouseReporting { _ = DescriptorWriter.writeAll(outputFD, MouseReporting.enable) }  // the terminal gone: the input's end says so
        curs_set(1)
        curs_set(0)
        updateSize()
        invalidate()
    }

    /// Names the terminal's window `text` (`set-title`). The first time, the terminal's own
    /// title is saved, to come back at exit (or after a crash).
    package func setTitle(_ text: String) {
        guard !isShutDown, text != title else { return }
        var bytes = ""
        if title == nil {
            bytes += TerminalTitle.push
            tg_set_restore_sequence(restoreSequence + TerminalTitle.pop)
        }
        title = text
        bytes += TerminalTitle.set(text)
        _ = DescriptorWriter.writeAll(outputFD, bytes)  // a failed write means the terminal is gone; the input's end says so
    }

    /// Gives the terminal its own title back (`set-title` turned off by a config read again).
    package func clearTitle() {
        guard !isShutDown, title != nil else { return }
        title = nil
        tg_set_restore_sequence(restoreSequence)
        _ = DescriptorWriter.writeAll(outputFD, TerminalTitle.pop)
    }

    /// Rings the terminal's bell (`bell`).
    package func ringBell() {
        guard !isShutDown, !isSuspended else { return }
        beep()
    }

    /// Restores the terminal: normal screen, cursor shown, tty modes as they were, its own title.
    package func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        if !isSuspended {
            clearPixels()
            setBracketedPaste(false)
            if mouseReporting { _ = DescriptorWriter.writeAll(outputFD, MouseReporting.disable) }  // the terminal gone: nothing to give back
            curs_set(1)
            endwin()
        }
        if title != nil { _ = DescriptorWriter.writeAll(outputFD, TerminalTitle.pop) }  // the terminal gone: nothing to restore
        tg_restore_tty_modes()
        delscreen(screen)
    }
}
