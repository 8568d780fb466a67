import Foundation

// feels-tips-bench: wiring only. See BenchOptions for the command line, Benchmark for the run.

Interruption.install()
do throws(BenchError) {
    let options = try BenchOptions(parsing: Array(CommandLine.arguments.dropFirst()))
    print(options.showsHelp ? BenchOptions.help : "\(try Benchmark.run(options, progress: BenchLog.write))")
} catch .usage(let reason) {
    BenchLog.write("\(reason)\nTry 'feels-tips-bench --help' for more information.")
    exit(2)
} catch {
    BenchLog.write(error.description)
    exit(error.exitStatus)
}
