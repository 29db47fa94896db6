#!/usr/bin/env bash
# Benchmarks the process adapter (docs/adapter-protocol.md) against the in-process reference
# adapter. Not a test: it measures and prints, it never fails on a number.
#
#   Benchmarks/process-adapter.sh [RUNS]     RUNS per hyperfine command (default 10)
#
# 1. The round trip of one request: 'rive-harness ping' times 20000 'ping' requests through
#    'rive-harness serve', awaited and blocking.
# 2. The corpus's wall time: 'rive-harness run' in process and through
#    '--adapter process --command rive-harness serve', with --jobs 1 and --jobs 2, by
#    hyperfine (Debian package hyperfine: apt-get install hyperfine).
#
# It uses the release build (swift build -c release); build it first. Wall times are only
# comparable on the same idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
harness=.build/release/rive-harness
[ -x "$harness" ] || { echo "process-adapter.sh: $harness is missing; run 'swift build -c release' first" >&2; exit 1; }
command -v hyperfine >/dev/null 2>&1 || { echo "process-adapter.sh: hyperfine is missing; install it with 'apt-get install hyperfine'" >&2; exit 1; }
serve="$PWD/$harness serve"

echo "== round trip per request (20000 pings through rive-harness serve)"
"$harness" ping --command "$serve" --count 20000 | tail -1

echo "== corpus wall time ($runs runs each)"
hyperfine --warmup 2 --runs "$runs" --style basic --export-json /tmp/rive-harness-process-bench.json \
  -n "in-process --jobs 1" "$harness run --jobs 1" \
  -n "in-process --jobs 2" "$harness run --jobs 2" \
  -n "process --jobs 1" "$harness run --jobs 1 --adapter process --command '$serve'" \
  -n "process --jobs 2" "$harness run --jobs 2 --adapter process --command '$serve'"

python3 - /tmp/rive-harness-process-bench.json <<'PY'
import json, sys
results = {r["command"]: r["mean"] for r in json.load(open(sys.argv[1]))["results"]}
base = results["in-process --jobs 1"]
print("== ratios against in-process --jobs 1 (%.3f s)" % base)
for name, mean in results.items():
    print("  %-22s %.3f s  %.2fx" % (name, mean, mean / base))
PY
