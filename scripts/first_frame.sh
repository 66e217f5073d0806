#!/usr/bin/env bash
# Times the game's start in a fresh 80×24 tmux pane: from the command to its first frame
# (anything drawn) and to its board (the panel's "Moves"), RUNS times; prints the times in ms.
#
#   scripts/first_frame.sh BIN DATA_DIR [RUNS] [slide arguments…]
#
# DATA_DIR is used as it is (copy it first: the game writes there). With HOLD_LOCK=1 another
# process holds the history's lock (`flock DATA_DIR/history.lock`) for the whole run, as a
# second copy of Slide writing would. Needs tmux and flock.
set -euo pipefail
bin=$(realpath "$1"); data=$(realpath "$2"); runs=${3:-5}; shift 3 || shift $#
sock="slide-ff-$$"
scratch=$(mktemp -d)
holder=""
cleanup() {
    tmux -L "$sock" kill-server 2>/dev/null || true
    [ -n "$holder" ] && kill "$holder" 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT
if [ "${HOLD_LOCK:-0}" = 1 ]; then
    flock "$data/history.lock" sleep 100000 &
    holder=$!
    sleep 0.3
fi
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }
for i in $(seq "$runs"); do
    start=$(now_ms)
    tmux -L "$sock" new-session -d -s ff -x 80 -y 24 \
        "env SLIDE_DATA_DIR='$data' SLIDE_CONFIG_DIR='$scratch/config' SLIDE_CACHE_DIR='$scratch/cache' \
         SLIDE_BACKGROUND_TABLES=off LC_ALL=C.UTF-8 '$bin' $*; sleep 100"
    first=""; board=""
    while [ -z "$board" ]; do
        screen=$(tmux -L "$sock" capture-pane -p -t ff)
        t=$(now_ms)
        if [ -z "$first" ] && [ -n "$(printf '%s' "$screen" | tr -d '[:space:]')" ]; then first=$((t - start)); fi
        if printf '%s' "$screen" | grep -q "Moves "; then board=$((t - start)); fi
        if [ $((t - start)) -gt 30000 ]; then board="timeout"; fi
    done
    echo "run $i: first frame ${first} ms, board ${board} ms"
    tmux -L "$sock" kill-server 2>/dev/null || true
    sleep 0.5
done
