import CDBus

/// Calls `body` with a fresh libdbus error and returns its result with the error libdbus set, if any.
func withLibDBusError<Result>(
    _ body: (UnsafeMutablePointer<CDBus.DBusError>) -> Result
) -> (result: Result, error: (name: String, message: String)?) {
    var error = CDBus.DBusError()
    dbus_error_init(&error)
    defer { dbus_error_free(&error) }
    let result = body(&error)
    guard dbus_error_is_set(&error) != 0 else { return (result, nil) }
    let name = error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed"
    let message = error.message.map { String(cString: $0) } ?? ""
    return (result, (name, message))
}

/// Rejects text libdbus would abort on: NUL characters.
func checkNoNUL(_ text: String) throws(DBusError) {
    if text.containsNUL { throw .invalidString(text) }
}
