#!/usr/bin/env bash
# The crash test (see examples/crash_test.rs): kills the game at random instants around N, R,
# the win and the seal of the history, then checks attempt by attempt that nothing is lost
# or duplicated. Needs cargo and tmux; runs from a fresh clone.
#
#   scripts/crash_test.sh [KILLS (default 100)] [SEED]
set -euo pipefail
cd "$(dirname "$0")/.."
command -v tmux >/dev/null || { echo "crash test: tmux is needed" >&2; exit 2; }
cargo build --release --bin slide --example crash_test
SLIDE_BIN=target/release/slide exec target/release/examples/crash_test "$@"
