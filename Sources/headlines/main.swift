import CSystem
import FoundationEssentials
import Glibc
import NewsCore

// The entry point: parse, read the config, then import/export, print, or open the interface.

// One malloc arena, not one per thread that allocates (up to 8 per core): each arena keeps
// its own free pages, which put up to 0.8 MiB of run-to-run spread on the peak at start
// (measured: start peaks 29.8-30.7 MiB with the default, 29.7-30.4 with one). The reload
// benchmark, the most threaded path, was no slower.
_ = sys_limit_malloc_arenas(1)  // a hint: 0 (refused) leaves glibc's default, which also works
let environment = ProcessInfo.processInfo.environment
let options: CommandLineOptions
do {
    options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    Output.error(error.message)
    Output.rawError(HelpText.usage + "\n")
    exit(2)
}
let command = options.command
// `finish`: help that could not be written (`--help > /dev/full`) is a failure a person hears.
switch command {
case .help:
    Output.write(HelpText.usage + "\n")
    exit(Output.finish(0))
case .generate(let document):
    Output.write(document.text)
    exit(0)
case .version:
    Output.write("headlines \(HeadlinesVersion.string)\n")
    exit(Output.finish(0))
default:
    break
}
if command.endsChildrenOnSignal { CommandSignals.endChildrenOnSignal() }
let plan: LaunchPlan
do {
    // A source named on the command line opens without the config's sources; the config's
    // settings and keys still apply (and a broken config still says so).
    let loaded = try LoadedConfig.load(options, environment: environment)
    switch command {
    case .importOPML(let file): exit(OPMLCommand.importFeeds(file, into: loaded, environment: environment))
    case .importNewsboat(let file): exit(Output.finish(await NewsboatCommand.run(file, into: loaded, environment: environment)))
    case .add: CommandSignals.exit(Output.finish(await AddCommand.run(options, loaded, environment: environment)))
    case .exportOPML: exit(Output.finish(await OPMLCommand.export(loaded, environment: environment)))
    default: break
    }
    plan = try LaunchPlan.make(options, loaded, environment: environment)
} catch {
    Output.error(error.message)
    exit(error.status)
}
switch command {
case .refusedMarks(let action): exit(Output.finish(await RefusedMarksCommand.run(action, plan: plan)))
case .refresh: CommandSignals.exit(Output.finish(await RefreshCommand.run(plan, options: options, environment: environment)))
case .printFromCache: CommandSignals.exit(Output.finish(await CachePrintCommand.run(plan, options: options)))
case .print: CommandSignals.exit(Output.finish(await PrintCommand.run(plan, options: options, environment: environment)))
default:
    break  // the interface, below (the other commands ended above)
}
let status = await InteractiveCommand.run(plan, options: options, environment: environment)
// The session has closed its cache, flushed its log and restored the terminal. `_exit` skips
// the exit-time destructors of libraries libcurl brings in and this program never uses (LDAP,
// GnuTLS, Kerberos): running them paged in 0.7 MiB of their code just to quit.
fflush(nil)  // every stdio stream
_exit(status)
