import Foundation

// feels-tips-bench: wiring only. See BenchOptions for the command line, Benchmark for the run.

Interruption.install()

let options: BenchOptions
do {
    options = try BenchOptions(
        parsing: Array(CommandLine.arguments.dropFirst()), defaultDaemon: BenchOptions.daemonBesideExecutable)
} catch {
    BenchLog.usage(error)
    exit(2)
}

if options.showsHelp {
    print(BenchOptions.help)
    exit(0)
}

do {
    let report = try Benchmark.run(options, progress: BenchLog.write)
    print(report.text)
} catch {
    BenchLog.write(error.description)
    exit(error.exitStatus)
}
