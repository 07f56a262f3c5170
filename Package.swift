// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Headlines",
    products: [
        .executable(name: "headlines", targets: ["headlines"]),
        .library(name: "NewsCore", targets: ["NewsCore"]),
    ],
    targets: [
        // libncursesw, seen through a module map and a shim header (macros and variadics wrapped there).
        .systemLibrary(name: "CNCursesW", path: "Sources/CNCursesW"),

        // libcurl (Debian's libcurl4-openssl-dev), the HTTP transport: its headers only, the library
        // loaded with dlopen at the first transfer (a start from the cache never maps it); see ccurl.h.
        .target(name: "CCurl", path: "Sources/CCurl"),
        // SQLite 3 (the article cache), seen through a module map and a shim header.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite"),
        // glibc's iconv (no library to link): feeds in every character encoding the C library knows.
        .systemLibrary(name: "CIconv", path: "Sources/CIconv"),
        // libxml2's SAX2 parser for feeds: FoundationXML's XMLParser turns every callback into
        // Strings and dictionaries, which cost three times Python's whole parse (see the feeds
        // benchmark). Its headers only (libxml2-dev), the library loaded with dlopen at the first
        // parse (a start from the cache never maps it, nor the ICU it brings); see cxml.h.
        .target(name: "CLibXML2", path: "Sources/CLibXML2"),

        // Restores the tty on exit and on a crash (a signal handler, so plain C).
        .target(name: "CTerminalGuard", path: "Sources/CTerminalGuard"),
        // The system calls Swift cannot make: the tty's window size and bytes waiting (ioctl is
        // variadic), ignoring a signal, a spawn's close-from action, glibc's malloc arenas.
        .target(name: "CSystem", path: "Sources/CSystem"),

        // libpng and libjpeg-turbo for picture previews. A C target rather than a system library:
        // both report errors by longjmp, which only C can catch (Swift frames must not be jumped over).
        .target(
            name: "CImageDecoders",
            path: "Sources/CImageDecoders",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg")]
        ),

        // The model, decoders, networking and persistence. Knows nothing of terminals.
        .target(name: "NewsCore", dependencies: ["CCurl", "CSQLite", "CLibXML2", "CIconv", "CImageDecoders", "CSystem"], path: "Sources/NewsCore"),

        // Keys and the actions they trigger, as data: the key table the interface reads keys
        // through, and the help, the man page and the completions are written from. No terminal.
        .target(name: "HeadlinesKeys", dependencies: ["NewsCore"], path: "Sources/HeadlinesKeys"),

        // What a reading session is, with no terminal: the library of sources, marks, downloads,
        // the picture library, notices and error sentences, task scopes, child processes.
        .target(name: "HeadlinesSession", dependencies: ["NewsCore", "CSystem"], path: "Sources/HeadlinesSession"),

        // Screens, widgets, the runtime and the one terminal driver that calls curses.
        .target(
            name: "HeadlinesUI", dependencies: ["HeadlinesSession", "HeadlinesKeys", "NewsCore", "CNCursesW", "CTerminalGuard", "CSystem"],
            path: "Sources/HeadlinesUI"
        ),

        .executableTarget(
            name: "headlines",
            dependencies: ["NewsCore", "HeadlinesSession", "HeadlinesKeys", "HeadlinesUI", "CSystem"],
            path: "Sources/headlines"
        ),
        // Shared by the test targets: the loopback HTTP server, the tmux driver, fixtures.
        .target(name: "TestSupport", dependencies: ["CImageEncoders"], path: "Tests/TestSupport"),
        // Shared by the session's and the interface's tests: fixed dates and articles, a scripted
        // source, a session in a temporary folder.
        .target(
            name: "SessionTestSupport", dependencies: ["HeadlinesSession", "NewsCore", "TestSupport"], path: "Tests/SessionTestSupport"
        ),
        // PNG and JPEG writers for test fixtures and the preview benchmark (never in the app).
        .target(
            name: "CImageEncoders",
            path: "Tests/CImageEncoders",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg")]
        ),
        // A pseudo-terminal of a given size, for the redraw benchmark (ioctl is C's).
        .target(name: "CPseudoTerminal", path: "Tests/CPseudoTerminal"),
        // The benchmarks (`swift run -c release headlines-bench`): beside the tests, whose loopback
        // server, fixtures and feed servers they use; never part of the app.
        .executableTarget(
            name: "headlines-bench",
            dependencies: ["NewsCore", "HeadlinesSession", "HeadlinesKeys", "HeadlinesUI", "TestSupport", "CPseudoTerminal"],
            path: "Tests/Benchmarks"
        ),
        // One sync in a process of its own, loading what the app loads, for the `sync` benchmark.
        .executableTarget(name: "headlines-sync-probe", dependencies: ["NewsCore", "CSystem"], path: "Tests/SyncProbe"),
        // A second process for the store's tests (killed mid-transaction; writing beside them).
        .executableTarget(name: "StoreTestChild", dependencies: ["NewsCore"], path: "Tests/StoreTestChild"),
        .testTarget(
            name: "NewsCoreTests", dependencies: ["NewsCore", "TestSupport", "StoreTestChild"], path: "Tests/NewsCoreTests",
            // The article extractor's test pages, read from their folder (TestSupport's OwnPage).
            exclude: ["ArticleExtraction/Pages"]
        ),
        // The session's own tests: no curses.
        .testTarget(
            name: "HeadlinesSessionTests",
            dependencies: ["HeadlinesSession", "NewsCore", "TestSupport", "SessionTestSupport"],
            path: "Tests/HeadlinesSessionTests"
        ),
        // The key table's own tests: bindings, and the README's table equal to it.
        .testTarget(name: "HeadlinesKeysTests", dependencies: ["HeadlinesKeys", "NewsCore"], path: "Tests/HeadlinesKeysTests"),
        .testTarget(
            name: "HeadlinesUITests",
            dependencies: ["HeadlinesUI", "HeadlinesSession", "HeadlinesKeys", "NewsCore", "TestSupport", "SessionTestSupport"],
            path: "Tests/HeadlinesUITests"
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport", "NewsCore", "headlines", "StoreTestChild"],
            path: "Tests/EndToEndTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The release binary's start (issue 56): each function in a section of its own, and lld lays
// the functions a start from the cache runs side by side, in the order of
// Resources/build/start-order.txt (written by Resources/build/start-order), so a start touches
// few pages of code: 8.6 MiB of the binary resident at the first headline against 11.5 MiB.
// Names the list no longer matches are skipped; an outdated list costs memory, never correctness.
// Relative relocations are packed (DT_RELR, glibc 2.36 and later): the static Swift runtime's
// metadata needs some 44,000, which as RELA were 1 MiB the loader read whole at every start.
let laidOutForTheStart: Set = ["NewsCore", "HeadlinesSession", "HeadlinesKeys", "HeadlinesUI", "headlines"]
for target in package.targets where laidOutForTheStart.contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]
}
for target in package.targets where target.name == "headlines" {
    let order = Context.packageDirectory + "/Resources/build/start-order.txt"
    target.linkerSettings = (target.linkerSettings ?? []) + [
        .unsafeFlags(
            [
                "-use-ld=lld", "-Xlinker", "--symbol-ordering-file=" + order, "-Xlinker", "--no-warn-symbol-ordering",
                "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            ],
            .when(configuration: .release))
    ]
}
