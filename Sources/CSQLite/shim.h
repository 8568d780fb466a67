#include <sqlite3.h>

// Swift imports neither macros that expand to casts nor C variadic functions, so the few the store needs are
// re-exported here as inline functions.

/// SQLITE_TRANSIENT: SQLite copies bound text and blobs before the bind call returns.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// sqlite3_db_config for the options that take one int and report the setting in force (SQLITE_DBCONFIG_*).
static inline int csqlite_db_config_int(sqlite3 *db, int option, int value, int *inForce) {
    return sqlite3_db_config(db, option, value, inForce);
}
