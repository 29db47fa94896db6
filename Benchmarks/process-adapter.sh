#!/usr/bin/env bash
# Benchmarks the process adapter (docs/adapter-protocol.md) against the in-process reference
# adapter. Not a test: it measures and prints, it never fails on a number.
#
#   Benchmarks/process-adapter.sh [RUNS]     RUNS rounds of the corpus commands (default 10)
#
# 1. The round trip of one request: 'rive-harness ping --profile' times 20000 'ping' requests
#    through 'rive-harness serve', awaited and blocking, and attributes a blocking round trip's
#    microseconds to its phases (encode, write, wake, read, decode, hand-off).
# 2. The corpus's wall time: 'rive-harness run' in process and through
#    '--adapter process --command rive-harness serve', with --jobs 1 and --jobs 2. The
#    commands run interleaved (one of each per round, after one warm-up round), so a machine
#    whose speed drifts slows all of them alike; the script prints each command's median and
#    the median of the per-round ratios against in-process --jobs 1. A fifth command runs the
#    process adapter with spinning turned off (RIVE_HARNESS_SPIN_MICROSECONDS=0), to compare.
#
# With BASELINE=PATH (another build's rive-harness, say of the commit before a change), two
# more commands run that build's process adapter with --jobs 1 and --jobs 2 in the same
# rounds, so before and after come from one interleaved run.
#
# It uses the release build (swift build -c release); build it first. On a shared machine
# quote the ratios, not the absolute times.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
harness=.build/release/rive-harness
[ -x "$harness" ] || { echo "process-adapter.sh: $harness is missing; run 'swift build -c release' first" >&2; exit 1; }
serve="$PWD/$harness serve"
times=$(mktemp /tmp/rive-harness-process-bench.XXXXXX)
trap 'rm -f "$times"' EXIT

echo "== round trip per request (20000 pings through rive-harness serve)"
"$harness" ping --command "$serve" --count 20000 --profile | tail -n +3
echo "== the same without spinning (RIVE_HARNESS_SPIN_MICROSECONDS=0 in both processes)"
RIVE_HARNESS_SPIN_MICROSECONDS=0 "$harness" ping --command "$serve" --count 20000 --profile | tail -n +3

nospin="RIVE_HARNESS_SPIN_MICROSECONDS=0"
names=("in-process --jobs 1" "process --jobs 1" "in-process --jobs 2" "process --jobs 2" "process --jobs 1, no spin")
commands=("$harness run --jobs 1" "$harness run --jobs 1 --adapter process --command '$serve'"
          "$harness run --jobs 2" "$harness run --jobs 2 --adapter process --command '$serve'"
          "$nospin $harness run --jobs 1 --adapter process --command '$serve'")
if [ -n "${BASELINE:-}" ]; then
  [ -x "$BASELINE" ] || { echo "process-adapter.sh: BASELINE=$BASELINE is not an executable" >&2; exit 1; }
  names+=("baseline process --jobs 1" "baseline process --jobs 2")
  commands+=("$BASELINE run --jobs 1 --adapter process --command '$BASELINE serve'"
             "$BASELINE run --jobs 2 --adapter process --command '$BASELINE serve'")
fi
echo "== corpus wall time ($runs interleaved rounds after one warm-up round)"
for round in $(seq 0 "$runs"); do
  for index in "${!commands[@]}"; do
    start=$(date +%s%N)
    eval "${commands[$index]}" >/dev/null 2>&1 || { echo "process-adapter.sh: '${commands[$index]}' failed" >&2; exit 1; }
    end=$(date +%s%N)
    [ "$round" -gt 0 ] && echo "$round $index $(( (end - start) / 1000 ))" >> "$times"
  done
done

python3 - "$times" "${names[@]}" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
names = sys.argv[2:]
by_round = {}
for round_, index, micros in rows:
    by_round.setdefault(int(round_), {})[int(index)] = int(micros) / 1e6
medians = [statistics.median(r[i] for r in by_round.values()) for i in range(len(names))]
print("== medians, and the median of per-round ratios against in-process --jobs 1")
for i, name in enumerate(names):
    ratio = statistics.median(r[i] / r[0] for r in by_round.values())
    print("  %-26s %.3f s  %.2fx" % (name, medians[i], ratio))
PY
