# Sourced by scripts/bench and scripts/profile-calls: builds the benchmark's C floor service, tips-peerd (over sd-bus
# and SQLite), into .build/bench when it is missing or older than its source, and sets `peer` to its path.

build_bench_peer() {
    peer=.build/bench/tips-peerd
    local source=Sources/feels-tips-bench/Peer/tips-peerd.c
    if [ ! -x "$peer" ] || [ "$source" -nt "$peer" ]; then
        mkdir -p "$(dirname "$peer")"
        # shellcheck disable=SC2046 # pkg-config's flags are words
        cc -O2 -std=gnu11 -Wall -Wextra -Werror -o "$peer" "$source" $(pkg-config --cflags --libs libsystemd sqlite3) >&2
    fi
}
