// swift-tools-version: 6.2
import PackageDescription

/// Every Swift target builds in Swift 6 mode (complete concurrency checking) with warnings as errors.
let strict: [SwiftSetting] = [.treatAllWarnings(as: .error)]

let package = Package(
    name: "feels-tips",
    products: [
        .executable(name: "feels-tipsd", targets: ["feels-tipsd"]),
        .executable(name: "feels-tips-notifier", targets: ["feels-tips-notifier"]),
        .executable(name: "feels-tips-bench", targets: ["feels-tips-bench"]),
        .executable(name: "feels-tips", targets: ["feels-tips"]),
    ],
    targets: [
        // System libraries from Debian: a module map and a shim header, nothing else.
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // libdbus: the transport, authentication, addresses, messages, dispatch and pending calls under every bus
        // connection.
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // What the C library has and Glibc's module map leaves out: epoll, eventfd and timerfd flags.
        .systemLibrary(name: "CSystem"),
        // GNU gettext, part of the C library; Glibc's module map leaves <libintl.h> out.
        .systemLibrary(name: "CGettext"),
        // GLib's main loop and GIO's GSettings, for the notifier only: feels-tipsd never links them.
        .systemLibrary(name: "CGio", pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // libnotify, for the notifier only: every call to the notification server goes through it.
        .systemLibrary(name: "CLibNotify", pkgConfig: "libnotify", providers: [.apt(["libnotify-dev"])]),

        // The tips: catalog, parameters, rules, status, display frequency, explanations. No I/O.
        .target(name: "TipsCore", swiftSettings: strict),
        // SQLite persistence of moods, parameters and tip state.
        .target(name: "TipsStore", dependencies: ["TipsCore", "CSQLite"], swiftSettings: strict),
        // A thin typed binding over libdbus: values to and from its iterators, exported objects, the loop's glue.
        .target(name: "DBus", dependencies: ["CDBus", "CSystem"], swiftSettings: strict),
        // The service's main loop on epoll(7): watches, timers, wall-clock alarms, signals, work posted by other threads.
        .target(name: "EventLoop", dependencies: ["DBus", "CSystem"], swiftSettings: strict),
        // The system seams the executables share, without Foundation: the wall clock and the C library's time zone,
        // the environment, journal-friendly logging, following files with inotify, the notifier's settings.
        .target(name: "FeelsSystem", dependencies: ["TipsCore", "CGettext"], swiftSettings: strict),
        // The org.feels.Tips1 object: one table of members, thin handlers, error mapping.
        .target(
            name: "TipsService",
            dependencies: ["TipsCore", "TipsStore", "DBus", "EventLoop", "FeelsSystem", "TipsInterface"],
            swiftSettings: strict),
        // The D-Bus contract, generated from dbus/org.feels.Tips1.xml at build time: names, dictionary types, the typed
        // client, the server's protocol and interface table.
        .target(
            name: "TipsInterface", dependencies: ["DBus"], swiftSettings: strict, plugins: ["InterfaceCodegen"]),
        .executableTarget(name: "tips-interface-codegen", swiftSettings: strict),
        .plugin(name: "InterfaceCodegen", capability: .buildTool(), dependencies: ["tips-interface-codegen"]),
        // The command for people at a terminal, over the org.feels.Tips1 interface only: parsing, calls, output.
        .target(
            name: "TipsCommand", dependencies: ["DBus", "EventLoop", "FeelsSystem", "TipsInterface"],
            swiftSettings: strict),

        .executableTarget(
            name: "feels-tipsd",
            dependencies: [
                "TipsService", "TipsCore", "TipsStore", "DBus", "EventLoop", "FeelsSystem", "TipsInterface",
            ],
            swiftSettings: strict),
        .executableTarget(name: "feels-tips", dependencies: ["TipsCommand", "FeelsSystem"], swiftSettings: strict),
        // The notifier's parts: its state machine, GLib's main loop serving our D-Bus connection, the wall-clock alarm,
        // the notification server's calls through libnotify on a thread of their own, and what it follows (the service, the server, the app, presence, silence,
        // the opt-out).
        .target(
            name: "TipsNotifier",
            dependencies: ["DBus", "FeelsSystem", "TipsCore", "CGio", "CLibNotify", "CSystem", "TipsInterface"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "feels-tips-notifier", dependencies: ["TipsNotifier", "DBus", "FeelsSystem"],
            swiftSettings: strict),
        // The benchmark; its C floor service (Peer/tips-peerd.c, over sd-bus) is built apart by scripts/bench with cc,
        // so that only the bench needs libsystemd-dev.
        .executableTarget(
            name: "feels-tips-bench", dependencies: ["DBus", "BusTestSupport", "TipsInterface"], exclude: ["Peer"],
            swiftSettings: strict),
        // Writes a stream of moods and acknowledges each on stdout; the crash-safety test kills it.
        .executableTarget(
            name: "tips-store-writer", dependencies: ["TipsStore", "TipsCore"], path: "Tests/Support/tips-store-writer",
            swiftSettings: strict),

        // A client that sends calls and never reads the replies, for the reliability tests and the benchmark.
        .executableTarget(
            name: "tips-flood", dependencies: ["DBus", "TipsInterface"], path: "Tests/Support/tips-flood",
            swiftSettings: strict),
        // Sends random messages to the real service and checks every reply and the counts afterwards; the fuzzing
        // test, scripts/fuzz and the leak check under valgrind (scripts/memcheck) run it.
        .executableTarget(
            name: "tips-fuzz", dependencies: ["DBus", "BusTestSupport", "TipsInterface"],
            path: "Tests/Support/tips-fuzz", swiftSettings: strict),
        // Prints what SystemTimeZone says under its own TZ, so tests never change TZ in their own process.
        .executableTarget(
            name: "tz-probe", dependencies: ["FeelsSystem", "TipsCore"], path: "Tests/Support/tz-probe",
            swiftSettings: strict),

        // A private dbus-daemon and the helpers tests use to start and stop processes.
        .target(
            name: "BusTestSupport", dependencies: ["DBus", "EventLoop", "TipsInterface"],
            path: "Tests/Support/BusTestSupport",
            swiftSettings: strict),

        .testTarget(name: "TipsCoreTests", dependencies: ["TipsCore"], swiftSettings: strict),
        .testTarget(
            name: "TipsStoreTests", dependencies: ["TipsStore", "TipsCore", "CSQLite", "BusTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "DBusTests", dependencies: ["DBus", "EventLoop", "CDBus", "BusTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "EventLoopTests", dependencies: ["EventLoop", "DBus", "BusTestSupport"], swiftSettings: strict),
        .testTarget(
            name: "FeelsSystemTests", dependencies: ["FeelsSystem", "TipsCore", "BusTestSupport"], swiftSettings: strict
        ),
        .testTarget(
            name: "TipsServiceTests",
            dependencies: [
                "TipsService", "DBus", "EventLoop", "BusTestSupport", "TipsCore", "TipsStore", "TipsInterface",
                "FeelsSystem",
            ],
            swiftSettings: strict),
        .testTarget(
            name: "TipsCommandTests",
            dependencies: ["TipsCommand", "TipsInterface", "DBus", "FeelsSystem", "BusTestSupport"],
            swiftSettings: strict),
        .testTarget(
            name: "TipsNotifierTests", dependencies: ["TipsNotifier", "DBus", "BusTestSupport", "TipsInterface"],
            swiftSettings: strict),
        // The examples in examples/ (Python, GJS, C, shell), run against the real service on a private bus.
        .testTarget(name: "ExamplesTests", dependencies: ["BusTestSupport", "TipsInterface"], swiftSettings: strict),
        // What the install and the package carry besides the binaries: completions, man pages, the interface reference.
        .testTarget(
            name: "PackagingTests", dependencies: ["TipsCommand", "TipsInterface", "DBus", "BusTestSupport"],
            swiftSettings: strict),
    ]
)
