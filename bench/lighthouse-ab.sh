#!/usr/bin/env bash
# P6 against a baseline on a noisy host: the baseline's build and this checkout's, each measured in turn with
# bench/lighthouse.mjs, ROUNDS times, so both see the same windows of the host. The baseline is another checkout of
# the project, built (e.g. `git worktree add ../base <commit>`, its node_modules linked or installed, `npm run build`).
#   bash bench/lighthouse-ab.sh BASELINE_DIR PAGE_PREFIX [ROUNDS=2] [RUNS=3] [lighthouse.mjs options…]
#   bash bench/lighthouse-ab.sh ../base /careers/apply 2 3 --cpu-slowdown 7
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
baseline="$(cd "$1" && pwd)"
only="$2"
rounds="${3:-2}"
runs="${4:-3}"
shift $(( $# < 4 ? $# : 4 ))
for round in $(seq 1 "$rounds"); do
  for dir in "$baseline" "$here"; do
    label=this; [ "$dir" = "$baseline" ] && label=baseline
    echo "== round $round, $label ($(git -C "$dir" rev-parse --short HEAD))"
    # Each checkout measures its own build with its own script (bench/lib.mjs starts the server of its checkout).
    (cd "$dir" && node bench/lighthouse.mjs --runs "$runs" --only "$only" "$@" | grep -v "server-rendered root")
  done
done
