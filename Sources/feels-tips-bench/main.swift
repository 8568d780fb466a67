import Foundation

// feels-tips-bench: wiring only. See BenchOptions for the command line, Benchmark for the run.

Interruption.install()
do {
    let options = try BenchOptions(parsing: Array(CommandLine.arguments.dropFirst()))
    print(options.showsHelp ? BenchOptions.help : "\(try Benchmark.run(options, progress: BenchLog.write))")
} catch let error as BenchUsageError {
    BenchLog.write("\(error)\nTry 'feels-tips-bench --help' for more information.")
    exit(2)
} catch let error as BenchError {
    BenchLog.write(error.description)
    exit(error.exitStatus)
} catch {
    BenchLog.write("\(error)")
    exit(1)
}
