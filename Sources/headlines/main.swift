import Foundation
import NewsCore

// The entry point: parse, choose the source, then print or open the interface.
let environment = ProcessInfo.processInfo.environment
let options: CommandLineOptions
do {
    options = try CommandLineOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    Output.error(error.message)
    FileHandle.standardError.write(Data((CommandLineOptions.usage + "\n").utf8))
    exit(2)
}
if options.help {
    Output.write(CommandLineOptions.usage + "\n")
    exit(0)
}
if options.version {
    Output.write("headlines \(HeadlinesVersion.string)\n")
    exit(0)
}
let choice: SourceChoice
do {
    choice = try SourceChoice.choose(options, environment: environment)
} catch {
    Output.error(error.message)
    exit(2)
}
if options.printMode {
    exit(await PrintCommand.run(choice, json: options.json))
}
exit(await InteractiveCommand.run(choice, options: options, environment: environment))
