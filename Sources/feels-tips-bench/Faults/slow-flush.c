/* slow-flush: the benchmark's slow disk. Preloaded into a service (LD_PRELOAD), it makes every fdatasync and fsync
 * the service calls take FEELS_BENCH_FLUSH_DELAY_US microseconds longer: the flush is made, then the calling thread
 * sleeps for the delay and returns what the flush returned, as a thread waiting on a busy or failing disk would.
 * Nothing else is touched: every other call runs at full speed, on every thread, whenever it was started.
 *
 * Why not strace's delay injection (strace -f --seccomp-bpf -e inject=fdatasync:delay_exit=…), which the bench used
 * before: strace 6.1 stops every system call of a thread the tracee starts after it, the seccomp filter
 * notwithstanding (a thread started under it pays about 140 µs a call, its first thread 0.2 µs), so a service whose
 * reads happened to be served by a later thread measured the tracer, not the disk.
 *
 * It ships nothing: scripts/bench builds it with cc into .build/bench. SQLite and the service call fdatasync and
 * fsync through the dynamic linker, so the preload sees every flush.
 *
 * Usage: LD_PRELOAD=.build/bench/slow-flush.so FEELS_BENCH_FLUSH_DELAY_US=500000 feels-tipsd …
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long long delay_nanoseconds;
static int (*next_fdatasync)(int);
static int (*next_fsync)(int);

/* Read at load, so that a wrong setting stops the service at its start rather than at its first write. */
__attribute__((constructor)) static void slow_flush_load(void) {
    const char *text = getenv("FEELS_BENCH_FLUSH_DELAY_US");
    char *end = NULL;
    errno = 0;
    long long microseconds = text != NULL ? strtoll(text, &end, 10) : -1;
    if (text == NULL || *text == '\0' || *end != '\0' || errno != 0 || microseconds < 0 ||
        microseconds > 60000000) {
        fprintf(stderr, "slow-flush: FEELS_BENCH_FLUSH_DELAY_US must be microseconds from 0 to 60000000, not '%s'\n",
                text != NULL ? text : "(unset)");
        _exit(70);
    }
    delay_nanoseconds = microseconds * 1000;
    next_fdatasync = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    next_fsync = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    if (next_fdatasync == NULL || next_fsync == NULL) {
        fprintf(stderr, "slow-flush: the C library's fdatasync and fsync were not found: %s\n", dlerror());
        _exit(70);
    }
}

/* Sleeps for the delay on the monotonic clock; a signal handled meanwhile does not shorten it. */
static void slow_flush_wait(void) {
    struct timespec deadline;
    clock_gettime(CLOCK_MONOTONIC, &deadline);
    long long nanoseconds = deadline.tv_nsec + delay_nanoseconds;
    deadline.tv_sec += nanoseconds / 1000000000;
    deadline.tv_nsec = nanoseconds % 1000000000;
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL) == EINTR) {
    }
}

/* Makes the flush, then waits out the delay; the flush's result and errno are what the caller gets. */
static int slow_flush(int (*flush)(int), int fd) {
    int result = flush(fd);
    int saved = errno;
    slow_flush_wait();
    errno = saved;
    return result;
}

int fdatasync(int fd) { return slow_flush(next_fdatasync, fd); }

int fsync(int fd) { return slow_flush(next_fsync, fd); }
