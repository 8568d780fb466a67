import Glibc

/// Stops the run with `message` when `condition` fails: libFuzzer keeps the input that did it.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fail(message()) }
}

/// Stops the run with `message`.
func fail(_ message: String) -> Never {
    let line = "DBusValueFuzzer: \(message)\n"
    _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
    abort()
}
