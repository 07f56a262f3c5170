/// What a run does, named: the one mode its options choose (`main.swift` runs it).
enum Command: Equatable {
    /// `--help`, `--version`, `--generate`: answered before the config is read.
    case help
    case version
    case generate(GeneratedDocument)
    /// `--import-opml`, `--import-newsboat`, `--add`, `--export-opml`: the config file written or printed.
    case importOPML(String)
    case importNewsboat(String?)
    case add(String)
    case exportOPML
    /// `--refused-marks`: the outbox's refused marks listed, retried or dropped.
    case refusedMarks(RefusedMarksCommand.Action)
    /// `--refresh`: every source into the cache, for cron.
    case refresh
    /// `--search`, `--print --offline`, `--print --unread`: printed from the cache, with no network.
    case printFromCache
    /// `--print`: every source fetched and printed.
    case print
    /// The interface.
    case interface

    /// A command that runs other programs (a password command, a notify program) ends them
    /// when it is ended by a signal; the interface restores the terminal and does the same.
    var endsChildrenOnSignal: Bool {
        switch self {
        case .add, .refresh, .printFromCache, .print: return true
        default: return false
        }
    }
}

extension CommandLineOptions {
    /// The mode these options choose; `OptionRule` has made sure they choose one.
    var command: Command {
        if help { return .help }
        if let generate { return .generate(generate) }
        if version { return .version }
        if let importOPML { return .importOPML(importOPML) }
        if importNewsboat { return .importNewsboat(newsboatFile) }
        if let add { return .add(add) }
        if exportOPML { return .exportOPML }
        if let refusedMarks { return .refusedMarks(refusedMarks) }
        if refresh { return .refresh }
        if search != nil || offline || unread { return .printFromCache }
        if printMode { return .print }
        return .interface
    }
}
