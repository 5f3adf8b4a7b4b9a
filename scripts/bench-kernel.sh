#!/usr/bin/env bash
# The Bao kernel, old binary against new (docs/engine.md, "Rules kernel speed").
#
#   scripts/bench-kernel.sh            # old = BASE (default 0614582, the commit before the
#                                      # table-driven kernel) built in a temporary folder
#   OLD=path/to/mancala-old OLD_PLAYOUTS=path/to/playouts-old scripts/bench-kernel.sh
#
# 1. Instructions (callgrind, when valgrind is installed): the `playouts` example of the rules
#    crate plays PLAYOUTS (default 20000) random games from a fixed seed with each binary, so
#    both play the very same games and the counts repeat from run to run: the primary figure.
# 2. Wall time: `mancala bench rules --variant V --seconds SECS` of the old and the new binary
#    one after the other, ROUNDS times (the order swapped every round), printing turns/s and the
#    share of a core each run had (on a loaded machine a run at 40% says little), then the
#    ratios of the mean turns/s and of the mean turns per CPU-second (turns/s over the share).
set -euo pipefail
cd "$(dirname "$0")/.."

BASE=${BASE:-0614582}
ROUNDS=${ROUNDS:-3}
SECS=${SECS:-2}
PLAYOUTS=${PLAYOUTS:-20000}
VARIANTS=${VARIANTS:-"bao-la-kujifunza bao-la-kiswahili"}

# Two builds: with `--example` cargo builds only the examples of the packages named.
cargo build --release -q -p mancala-cli
cargo build --release -q -p mancala --example playouts
NEW=target/release/mancala
NEW_PLAYOUTS=target/release/examples/playouts

if [ -z "${OLD:-}" ]; then
    dir=$(mktemp -d)
    echo "building the old binaries from $BASE in $dir ..."
    git archive "$BASE" | tar -x -C "$dir"
    (cd "$dir" && cargo build --release -q -p mancala-cli &&
        cargo build --release -q -p mancala --example playouts)
    OLD=$dir/target/release/mancala
    OLD_PLAYOUTS=$dir/target/release/examples/playouts
fi

if command -v valgrind >/dev/null && [ -n "${OLD_PLAYOUTS:-}" ]; then
    echo "Instructions for $PLAYOUTS random playouts (callgrind, fixed seed):"
    for v in $VARIANTS; do
        count() {
            PLAYOUTS=$PLAYOUTS valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" "$v" 2>&1 |
                awk '/refs:/ { gsub(",", "", $NF); print $NF }'
        }
        o=$(count "$OLD_PLAYOUTS")
        n=$(count "$NEW_PLAYOUTS")
        awk -v v="$v" -v o="$o" -v n="$n" \
            'BEGIN { printf "  %-18s old %6.1fM  new %6.1fM  old/new %.2fx\n", v, o / 1e6, n / 1e6, o / n }'
    done
fi

# turns/s and cpu share from the summary line of `bench rules`.
rate() {
    "$1" bench rules --variant "$2" --seconds "$SECS" 2>/dev/null | tail -1 |
        grep -o '[0-9.]*[kM]\? turns/s at cpu [0-9-]*%\?' | head -1
}
# An SI figure (412k, 1.23M) as a number.
num() { awk '{ x = $1; m = 1; if (x ~ /k$/) m = 1e3; if (x ~ /M$/) m = 1e6; sub(/[kM]$/, "", x); print x * m }'; }

echo "Wall time, bench rules --seconds $SECS, old and new alternately:"
for v in $VARIANTS; do
    so=0
    sn=0
    co=0
    cn=0
    for i in $(seq "$ROUNDS"); do
        if [ $((i % 2)) -eq 1 ]; then order="old new"; else order="new old"; fi
        for which in $order; do
            if [ "$which" = old ]; then bin=$OLD; else bin=$NEW; fi
            r=$(rate "$bin" "$v")
            echo "  $v round $i $which: $r"
            x=$(echo "$r" | num)
            # Turns per CPU-second: the rate over the share of a core the run had.
            c=$(echo "$r" | awk -v x="$x" '{ p = $NF; sub(/%/, "", p); print (p > 0 ? x * 100 / p : x) }')
            if [ "$which" = old ]; then
                so=$(awk -v a="$so" -v b="$x" 'BEGIN { print a + b }')
                co=$(awk -v a="$co" -v b="$c" 'BEGIN { print a + b }')
            else
                sn=$(awk -v a="$sn" -v b="$x" 'BEGIN { print a + b }')
                cn=$(awk -v a="$cn" -v b="$c" 'BEGIN { print a + b }')
            fi
        done
    done
    awk -v v="$v" -v o="$so" -v n="$sn" -v co="$co" -v cn="$cn" \
        'BEGIN { printf "  %s: new/old %.2fx in turns/s, %.2fx in turns per CPU-second (means over the rounds)\n", v, n / o, cn / co }'
done
