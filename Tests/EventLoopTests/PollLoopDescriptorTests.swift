import BusTestSupport
import DBus
import EventLoop
import Foundation
import Testing

/// The loop's watches on descriptors poll(2) and epoll(7) would see differently: the loop sleeps in epoll_wait(2), and
/// its watches behave as poll(2)'s do.
@Suite struct PollLoopDescriptorTests {
    @Test func twoWatchesOnOneDescriptorEachHearWhatTheyWaitFor() throws {
        let (one, other) = try Self.socketPair()
        defer {
            close(one)
            close(other)
        }
        let loop = try PollLoop()
        var heard: [String] = []
        let reader = loop.addWatch(fd: one, events: .readable) { heard.append("reader \($0)") }
        var writer: LoopSourceID?
        writer = loop.addWatch(fd: one, events: .writable) { events in
            heard.append("writer \(events)")
            if let writer { loop.updateWatch(writer, events: []) }
        }
        loop.runOnce(timeout: .seconds(5))
        #expect(heard == ["writer \(WatchEvents.writable)"])

        var byte: UInt8 = 7
        #expect(write(other, &byte, 1) == 1)
        loop.runOnce(timeout: .seconds(5))
        #expect(heard == ["writer \(WatchEvents.writable)", "reader \(WatchEvents.readable)"])

        loop.removeWatch(reader)
        #expect(Self.waits(loop, milliseconds: 100))
        #expect(heard.count == 2)
    }

    @Test func aRegularFileIsReadyAtOnceAsPollHasIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("poll-loop-\(getpid())").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("feels".utf8)))
        defer { unlink(path) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        let loop = try PollLoop()
        var heard: [WatchEvents] = []
        let watch = loop.addWatch(fd: fd, events: .readable) { heard.append($0) }
        #expect(!Self.waits(loop, milliseconds: 5_000))
        #expect(heard == [.readable])

        loop.removeWatch(watch)
        #expect(Self.waits(loop, milliseconds: 100))
        #expect(heard == [.readable])
    }

    @Test func aDescriptorNotOpenReportsAnErrorAndANegativeOneNothing() throws {
        let notOpen = Self.unusedNumber - 1
        try #require(fcntl(notOpen, F_GETFD) == -1)
        let loop = try PollLoop()
        var heard: [WatchEvents] = []
        let closed = loop.addWatch(fd: notOpen, events: .readable) { heard.append($0) }
        loop.runOnce(timeout: .seconds(5))
        #expect(heard == [.error])

        loop.removeWatch(closed)
        loop.addWatch(fd: -1, events: [.readable, .writable]) { heard.append($0) }
        #expect(Self.waits(loop, milliseconds: 100))
        #expect(heard == [.error])
    }

    @Test func aDescriptorClosedWhileWatchedAndOpenElsewhereIsNotReportedAgain() throws {
        let (one, other) = try Self.socketPair()
        let copy = dup(one)
        defer {
            close(copy)
            close(other)
        }
        var byte: UInt8 = 7
        #expect(write(other, &byte, 1) == 1)
        let loop = try PollLoop()
        var heard = 0
        let watch = loop.addWatch(fd: one, events: .readable) { _ in heard += 1 }
        loop.runOnce(timeout: .seconds(5))
        #expect(heard == 1)

        // The socket stays readable through its copy, which keeps it in the kernel's epoll instance.
        close(one)
        loop.removeWatch(watch)
        #expect(Self.waits(loop, milliseconds: 100))
        #expect(heard == 1)
    }

    @Test func aNumberOpenedAgainAfterItsDescriptorWasClosedWhileWatchedIsWatchedAfresh() throws {
        // A number far above those the tests running meanwhile open, which the lowest free ones go to.
        let number = Self.unusedNumber
        let (first, firstPeer) = try Self.socketPair()
        close(firstPeer)
        try #require(dup2(first, number) == number)
        close(first)
        let loop = try PollLoop()
        var heard: [String] = []
        loop.addWatch(fd: number, events: .readable) { _ in heard.append("first") }
        close(number)
        let (second, secondPeer) = try Self.socketPair()
        defer {
            close(number)
            close(secondPeer)
        }
        try #require(dup2(second, number) == number)
        close(second)
        loop.addWatch(fd: number, events: .readable) { _ in heard.append("second") }
        var byte: UInt8 = 7
        #expect(write(secondPeer, &byte, 1) == 1)
        #expect(!Self.waits(loop, milliseconds: 5_000))
        // Both watches are on the number that is ready, as they would be with poll(2).
        #expect(heard == ["first", "second"])
    }

    /// A descriptor number no test opens but these, with the one below it.
    static let unusedNumber: Int32 = 1_000

    /// Runs one iteration of `loop` waiting at most `milliseconds`; whether it waited that long, nothing being ready.
    static func waits(_ loop: PollLoop, milliseconds: Int) -> Bool {
        let start = ContinuousClock.now
        loop.runOnce(timeout: .milliseconds(milliseconds))
        return ContinuousClock.now - start >= .milliseconds(milliseconds * 8 / 10)
    }

    static func socketPair() throws -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        try #require(socketpair(AF_UNIX, type, 0, &fds) == 0)
        return (fds[0], fds[1])
    }
}
