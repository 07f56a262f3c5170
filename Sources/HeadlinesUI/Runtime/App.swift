import FoundationEssentials
import Glibc
import HeadlinesSession
import HeadlinesKeys

/// The loop: keys, signals and redraw requests arrive as events on the main actor; the top
/// screen handles keys; a redraw renders the top screen into a canvas and the driver copies
/// what changed. Redraws are coalesced: one per turn of the loop; those that background work
/// asks for at most 60 a second, those that keys cause at the end of the keys' turn.
@MainActor
package final class App {
    enum Event: Sendable {
        case input
        case signal(Int32)
        case redraw
    }

    let driver: CursesDriver
    /// Builds the help screen (`KeyOutcome.openHelp`).
    let helpScreen: @MainActor () -> any Screen
    /// The keys in force: the default table with the config's bindings.
    let keys: KeyMap
    private(set) var stack: [(screen: any Screen, context: ScreenContext)] = []
    private let events: AsyncStream<Event>
    private let continuation: AsyncStream<Event>.Continuation
    private var redrawPending = false
    private var lastDraw: ContinuousClock.Instant?
    private var redrawTimer: Task<Void, Never>?
    private var exitStatus: Int32?
    private var input: InputMonitor?
    private var spareCanvas = Canvas(width: 0, height: 0)
    private var shownCanvas = Canvas(width: 0, height: 0)
    private var handlingInput = false
    private var inputDirty = false
    /// Input arrived while another program owned the terminal; listen again once it is back.
    private var inputDeferred = false
    /// Asked before quitting on `q`; may delay the quit (saves in flight) or allow it.
    package var quitGuard: (@MainActor () -> QuitDecision)?
    /// Called once per finished frame (the benchmark times key-to-frame with it).
    package var onFrame: (@MainActor () -> Void)?
    /// Run once, after the next frame is on the screen (`afterNextFrame`).
    private var afterFrame: [@MainActor () -> Void] = []
    /// `reload-config` (Ctrl-R): reads the config again; what it says is shown in the status bar.
    package var onReloadConfig: (@MainActor () -> Notice?)?
    /// Where the panes go on a screen of a size (`layout`, `layout-width`, the widths the
    /// reader dragged): one screen at a time unless the app is told otherwise.
    package var paneLayout: @MainActor (_ width: Int, _ height: Int, _ dragged: PaneSizes) -> PaneLayout = {
        width, height, _ in PaneLayout(width: width, height: height, choice: .single)
    }
    /// The panes' widths dragged with the mouse this session.
    var paneSizes = PaneSizes()
    /// What the pointer left between its events: the last click (for a double click), the divider being dragged.
    var pointer = PointerState()
    /// The pane that has the keys (Tab) while panes show side by side; nil: the top screen's.
    package internal(set) var focusedPane: PaneLayout.Pane?
    /// Opening the list's selected article in the article pane, once its keys pause.
    var follow: Task<Void, Never>?
    /// How long the list's selection must rest before the article pane follows it: holding `j`
    /// moves through the list without opening every article it passes.
    static let followPause = Duration.milliseconds(150)

    package enum QuitDecision {
        case quit
        case wait
    }

    package static let minimumSize = (width: 40, height: 10)
    static let frameInterval = Duration.milliseconds(16)

    /// `helpScreen` builds the screen `?` opens (the runtime stands below the screens).
    package init(driver: CursesDriver, keys: KeyMap = KeyMap(), helpScreen: @escaping @MainActor () -> any Screen) {
        self.driver = driver
        self.keys = keys
        self.helpScreen = helpScreen
        (events, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
    }

    /// Runs until the last screen closes, `q` quits, or a signal ends the program.
    /// Returns the exit status: 0, or 128 + the signal.
    package func run(root: any Screen) async -> Int32 {
        let continuation = self.continuation
        let input = InputMonitor(fileDescriptor: driver.inputFD) { continuation.yield(.input) }
        self.input = input
        let signals = SignalMonitor { continuation.yield(.signal($0)) }
        push(root)
        draw()
        for await event in events {
            switch event {
            case .input:
                if driver.isSuspended {
                    inputDeferred = true  // the other program reads it
                } else {
                    handleInput()
                    if exitStatus == nil { input.resume() }
                }
            case .signal(let signo):
                handleSignal(signo)
            case .redraw:
                redrawPending = false
                draw()
            }
            if exitStatus != nil { break }
        }
        input.cancel()
        signals.cancel()
        redrawTimer?.cancel()
        await closeAll()
        driver.shutdown()
        return exitStatus ?? 0
    }

    // MARK: - Screens

    package func push(_ screen: any Screen) {
        let context = ScreenContext(app: self, keys: keys, isRoot: stack.isEmpty)
        stack.append((screen, context))
        screen.didAppear(context)
        setNeedsDisplay()
    }

    /// Shows `message` in the top screen's status bar for a few seconds (see `ScreenContext.show`).
    package func show(_ message: Notice) {
        stack.last?.context.show(message)
    }

    /// Closes the top screen: its tasks are cancelled. Closing the last one quits.
    package func pop() {
        guard let top = stack.popLast() else { return }
        follow?.cancel()
        top.context.scope.close()
        if stack.isEmpty { requestQuit() }
        setNeedsDisplay()
    }

    /// Quits now with `status`, whatever is in flight.
    package func quit(status: Int32 = 0) {
        if exitStatus == nil { exitStatus = status }
        continuation.yield(.redraw)  // wake the loop so it sees the exit
    }

    /// `q` on the first screen: asks the quit guard (saves in flight may make us wait).
    package func requestQuit() {
        if let quitGuard, quitGuard() == .wait {
            setNeedsDisplay()
            return
        }
        quit(status: 0)
    }

    private func closeAll() async {
        let scopes = stack.map(\.context.scope)
        for scope in scopes { scope.close() }
        stack.removeAll()
        // Give cancelled fetches a moment to close their connections before the process goes.
        for scope in scopes { await scope.drain(timeout: .milliseconds(300)) }
    }

    // MARK: - Events

    /// Handles one key (its redraw is asked for, not done: see `receive`).
    func dispatch(_ key: Key) {
        switch key {
        case .resize:
            driver.updateSize()
            setNeedsDisplay()
            return
        case .control("c"):
            quit(status: 128 + SIGINT)
            return
        case .mouse(let event):
            handleMouse(event)
            return
        default:
            break
        }
        // A pane below the top one has the keys (Tab moved them there).
        let paneBelow = focusedPane.flatMap { sideBySide()?.entry($0) }.flatMap { $0.index < stack.count - 1 ? $0 : nil }
        guard let top = paneBelow.map({ stack[$0.index] }) ?? stack.last else { return }
        // A message lasts until the next key.
        if top.context.message != nil { top.context.show(nil) }
        switch key {
        case .unknown, .unknownSequence:
            top.context.show(Notice("unknown key"))
            return
        case .paste(let text):
            // Pasted text goes into the line being typed, character by character as typing would;
            // elsewhere it is no command (a pasted `Q` quit before).
            guard top.screen.takesPastedText else {
                top.context.show(Notice("Pasted text goes into a prompt (/, S, |); here it does nothing."))
                return
            }
            for character in PastedText.line(text) { _ = KeyRouting.outcome(for: .character(character), on: top.screen, top.context) }
            setNeedsDisplay()
            return
        default:
            break
        }
        if !top.screen.capturesText || !(key.isTyping || key.isLineEditing), keys.action(for: key, on: top.screen.kind) == .redraw {
            driver.invalidate()
            setNeedsDisplay()
            return
        }
        if !top.screen.capturesText, let action = keys.action(for: key, on: top.screen.kind), action == .nextPane || action == .previousPane {
            if let shown = sideBySide() {
                let order = shown.entries.map(\.pane)
                let current = focusedPane.flatMap { order.firstIndex(of: $0) } ?? order.count - 1
                let next = order[(current + (action == .nextPane ? 1 : order.count - 1)) % order.count]
                focusedPane = next == order.last ? nil : next
                setNeedsDisplay()
            } else {
                top.context.show(Notice("Tab moves between the list and the article where they show side by side (layout, on a wide terminal)."))
            }
            return
        }
        let outcome = KeyRouting.outcome(for: key, on: top.screen, top.context)
        if let paneBelow {
            handleInPane(outcome, at: paneBelow.index)
            return
        }
        handleOnTop(outcome, top, key: key)
    }

    /// What the top screen's answer to `key` (nil: to the mouse) does.
    func handleOnTop(_ outcome: KeyOutcome, _ top: (screen: any Screen, context: ScreenContext), key: Key?) {
        switch outcome {
        case .handled: setNeedsDisplay()
        case .ignored:
            // A key bound elsewhere says where it works ("U works in lists.").
            if let key, !top.screen.capturesText, let hint = KeyRouting.elsewhere(key, on: top.screen.kind, keys) {
                top.context.show(Notice(hint))
            }
        case .reloadConfig:
            if let notice = onReloadConfig?() { top.context.show(notice) }
            setNeedsDisplay()
        case .close:
            focusedPane = nil  // a screen opened next starts with the keys
            pop()
        case .quit: requestQuit()
        case .push(let screen):
            focusedPane = nil
            push(screen)
        case .openHelp: push(helpScreen())
        }
    }

    private func handleInput() {
        let keys = driver.readKeys()
        if keys.isEmpty {
            if driver.inputClosed {
                quit(status: 128 + SIGHUP)  // the terminal is gone
            } else {
                // Readable, yet curses decoded nothing: bytes that are not UTF-8 (0xFF, a lone
                // 0xC3), which it drops. A key, unknown, as an unknown sequence is.
                receive([.unknownSequence])
            }
            return
        }
        receive(keys)
    }

    /// Handles keys as one turn and draws their result at once. Keys are not held to the
    /// 60-a-second cap (nobody types that fast, and a tmux paste arrives as one turn); the cap
    /// applies to redraws that work in the background asks for.
    package func receive(_ keys: [Key]) {
        handlingInput = true
        for key in keys {
            dispatch(key)
            if exitStatus != nil { break }
        }
        handlingInput = false
        if inputDirty && exitStatus == nil {
            inputDirty = false
            draw()
        }
    }

    private func handleSignal(_ signo: Int32) {
        if signo == SIGWINCH {
            if !driver.isSuspended { driver.updateSize() }
            setNeedsDisplay()
        } else if signo == SIGCONT {
            driver.restoreAfterStop()
            setNeedsDisplay()
        } else if signo == SIGINT || signo == SIGQUIT, driver.isSuspended {
            return  // Ctrl-C or Ctrl-\\ was meant for the program that has the terminal
        } else {
            quit(status: 128 + signo)
        }
    }

    // MARK: - Redraw

    /// Asks for one redraw; repeated calls before it happens cost nothing.
    package func setNeedsDisplay() {
        if handlingInput {
            inputDirty = true  // drawn at the end of the input turn
            return
        }
        guard !redrawPending else { return }
        redrawPending = true
        let now = ContinuousClock.now
        if let lastDraw, now - lastDraw < Self.frameInterval {
            let wait = Self.frameInterval - (now - lastDraw)
            let continuation = self.continuation
            redrawTimer = Task {
                try? await Task.sleep(for: wait)  // cancelled only when the app ends
                continuation.yield(.redraw)
            }
        } else {
            continuation.yield(.redraw)
        }
    }

    /// A redraw that answers the reader's last key (the rows `G` asked for have arrived): drawn
    /// on this turn, not held to the 60-a-second cap, which is for work in the background.
    package func setNeedsDisplayNow() {
        if handlingInput {
            inputDirty = true
            return
        }
        redrawTimer?.cancel()
        redrawPending = true
        continuation.yield(.redraw)
    }

    /// Runs `body` once the next frame has been handed to the terminal (asking for that frame).
    package func afterNextFrame(_ body: @escaping @MainActor () -> Void) {
        afterFrame.append(body)
        setNeedsDisplay()
    }

    /// Renders the top screen and hands the canvas to the driver.
    package func draw() {
        guard !driver.isSuspended else { return }
        let (width, height) = driver.size
        // Two canvases take turns: the driver keeps the one it last showed to compare against,
        // and the other is cleared and reused, so a frame allocates nothing.
        var canvas = spareCanvas
        spareCanvas = Canvas(width: 0, height: 0)
        if canvas.width == width && canvas.height == height { canvas.clear() } else { canvas = Canvas(width: width, height: height) }
        if width < Self.minimumSize.width || height < Self.minimumSize.height {
            canvas.write("Terminal too small (need \(Self.minimumSize.width)×\(Self.minimumSize.height))", x: 0, y: 0, style: .error)
        } else {
            if let shown = sideBySide() {
                let focus = focusedPane.flatMap { shown.entry($0)?.pane } ?? shown.entries.last?.pane
                for entry in shown.entries { draw(stack[entry.index], in: entry.area, focused: entry.pane == focus, into: &canvas) }
                for divider in shown.dividers {
                    for row in 0..<divider.height { canvas.write("│", x: divider.x, y: divider.y + row, style: .muted) }
                }
            } else {
                if let top = stack.last, let notice = top.screen.takeNotice() {
                    top.context.show(notice, redraw: false)  // this frame shows it
                }
                canvas.statusMessage = stack.last?.context.message
                stack.last?.screen.render(into: &canvas)
            }
        }
        driver.present(canvas)
        spareCanvas = shownCanvas
        shownCanvas = canvas
        lastDraw = .now
        onFrame?()
        let waiting = afterFrame
        afterFrame = []
        for body in waiting { body() }
    }

    // MARK: - Handing the terminal to another program

    /// Runs `body` with curses suspended and input not read (a terminal browser owns the
    /// terminal meanwhile), then repaints everything.
    package func withTerminalSuspended(_ body: () async -> Void) async {
        driver.suspend()
        await body()
        driver.resume()
        if inputDeferred {
            inputDeferred = false
            input?.resume()
        }
        setNeedsDisplay()
    }
}
