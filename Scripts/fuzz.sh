#!/usr/bin/env bash
# Fuzzes every stage before writing (reader, document loader, client model builder, emitter
# into memory) with libFuzzer: builds Tests/Fuzz/MusubiFuzz.swift with `-sanitize=fuzzer,address`
# in its own scratch folder (.build-fuzz, git-ignored), writes a seed corpus of small specs
# (Tests/Fuzz/make-seeds.py: the project's specs and snippets, and pieces of the real specs in
# ../shared/specs, which are only read), and runs one fuzzing process for a bounded time.
#
# Usage: Scripts/fuzz.sh [--seconds N] [--runs N] [--corpus DIR] [--specs DIR] [--no-build]
#                        [-- LIBFUZZER_OPTION...]
#
# Any crash, hang (an input running over 10 s) or out-of-memory (over 2 GB) fails the run:
# libFuzzer saves the input under .build-fuzz/findings/ and the script exits 1. Replay a saved
# input with `.build-fuzz/release/MusubiFuzz FILE` (or, without libFuzzer, a plain
# `swift build --product MusubiFuzz && .build/debug/MusubiFuzz FILE`). The last line is
# `fuzz: N executions in S s (E exec/s), cov: C, ft: F, corpus: K inputs, 0 crashes`.
# Exit status: 0 when nothing was found, 1 on a finding, 2 on a usage or setup error.
set -euo pipefail
export LC_ALL=C

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SCRATCH="$REPO/.build-fuzz"
SECONDS_LIMIT=60
RUNS=""
CORPUS=""
SPECS_DIR="$REPO/../shared/specs"
BUILD=1
# A build that cannot finish in this time on two cores is a problem of its own, not a hang to wait for.
BUILD_TIMEOUT="${FUZZ_BUILD_TIMEOUT:-900}"
EXTRA=()

usage() {
    cat <<'EOF'
Usage: Scripts/fuzz.sh [--seconds N] [--runs N] [--corpus DIR] [--specs DIR] [--no-build]
                       [-- LIBFUZZER_OPTION...]
  --seconds N   stop fuzzing after N seconds (default 60; the build is not counted)
  --runs N      stop after N executions (whichever of --seconds and --runs comes first)
  --corpus DIR  keep the inputs the fuzzer finds interesting in DIR and start from them next
                time (default: a temporary folder, removed at the end)
  --specs DIR   real specs to cut seed pieces from (default: ../shared/specs next to the repo)
  --no-build    use the fuzzer already built in .build-fuzz
  -- ...        options passed to libFuzzer as they are (e.g. -seed=1 -only_ascii=1)
EOF
}

while [ $# -gt 0 ]; do
    case "$1" in
    --seconds) SECONDS_LIMIT="${2:?--seconds needs a number}"; shift 2 ;;
    --runs) RUNS="${2:?--runs needs a number}"; shift 2 ;;
    --corpus) CORPUS="${2:?--corpus needs a folder}"; shift 2 ;;
    --specs) SPECS_DIR="${2:?--specs needs a folder}"; shift 2 ;;
    --no-build) BUILD=0; shift ;;
    --help | -h) usage; exit 0 ;;
    --) shift; EXTRA=("$@"); break ;;
    *) echo "fuzz: unknown argument '$1'" >&2; usage >&2; exit 2 ;;
    esac
done
for number in "$SECONDS_LIMIT" ${RUNS:+"$RUNS"}; do
    if ! [[ "$number" =~ ^[0-9]+$ ]]; then
        echo "fuzz: '$number' is not a whole number" >&2
        exit 2
    fi
done

FUZZER="$SCRATCH/release/MusubiFuzz"
if [ "$BUILD" = 1 ]; then
    echo "fuzz: building MusubiFuzz with libFuzzer and AddressSanitizer into .build-fuzz" >&2
    build_start=$SECONDS
    # Release keeps bounds, overflow and precondition checks; lld links it (gold fails on
    # SwiftPM's renamed entry point with the sanitizers' objects).
    if ! (cd "$REPO" && timeout "$BUILD_TIMEOUT" swift build -c release --scratch-path "$SCRATCH" \
        --product MusubiFuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -DMUSUBI_FUZZ \
        -Xswiftc -use-ld=lld 2>&1 | grep -v "Cannot export local symbol" >&2); then
        echo "fuzz: the build failed (or took over ${BUILD_TIMEOUT} s)" >&2
        exit 2
    fi
    echo "fuzz: built in $((SECONDS - build_start)) s" >&2
fi
if [ ! -x "$FUZZER" ]; then
    echo "fuzz: no fuzzer at $FUZZER; run without --no-build" >&2
    exit 2
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/musubi-fuzz-run.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
SEEDS="$WORK/seeds"
# The project's venv has PyYAML (for pieces of the YAML specs); any python3 still cuts the JSON ones.
PYTHON=python3
if [ -x "$REPO/.venv/bin/python" ]; then PYTHON="$REPO/.venv/bin/python"; fi
"$PYTHON" "$REPO/Tests/Fuzz/make-seeds.py" "$SEEDS" --specs "$SPECS_DIR" >&2
if [ -z "$CORPUS" ]; then
    CORPUS="$WORK/corpus"
fi
mkdir -p "$CORPUS" "$SCRATCH/findings"

options=(
    -dict="$REPO/Tests/Fuzz/openapi.dict"
    -max_total_time="$SECONDS_LIMIT"
    -timeout=10
    -rss_limit_mb=2048
    -max_len=16384
    -artifact_prefix="$SCRATCH/findings/"
    -print_final_stats=1
    # Memory leaks are not what this looks for, and LeakSanitizer cannot see through the
    # spare bits of Swift enums, so it reports reachable objects as leaks.
    -detect_leaks=0
)
if [ -n "$RUNS" ]; then options+=(-runs="$RUNS"); fi
LOG="$WORK/fuzz.log"
echo "fuzz: running for at most ${SECONDS_LIMIT} s${RUNS:+ or $RUNS executions}; the log is kept in .build-fuzz/last-run.log" >&2
status=0
# A Swift runtime failure is reported by libFuzzer's own handler; Swift's backtracer would only
# slow it down. Leaks are off at exit as well as per input (see above).
SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" \
    "$FUZZER" "${options[@]}" ${EXTRA[@]+"${EXTRA[@]}"} "$CORPUS" "$SEEDS" >"$LOG" 2>&1 || status=$?
cp "$LOG" "$SCRATCH/last-run.log"

# The figures: libFuzzer's final statistics and its last status line.
executions="$(sed -n 's/^stat::number_of_executed_units: *//p' "$LOG" | tail -1)"
rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$LOG" | tail -1)"
last="$(grep -E '^#[0-9]+.*cov: ' "$LOG" | tail -1 || true)"
cov="$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")"
ft="$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")"
inputs="$(sed -n 's/.* corp: \([0-9]*\)\/.*/\1/p' <<<"$last")"
elapsed="$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$LOG" | tail -1)"

if [ "$status" != 0 ]; then
    # What libFuzzer found, and where it saved the input.
    grep -E "ERROR: |Fatal error|runtime error|==[0-9]+==|^SUMMARY|Test unit written|^artifact_prefix|^MS: " "$LOG" \
        | head -20 >&2 || true
    finding="$(sed -n "s/.*Test unit written to \(.*\)/\1/p" "$LOG" | tail -1)"
    echo "fuzz: libFuzzer exited with status $status; full log in .build-fuzz/last-run.log" >&2
    if [ -n "$finding" ]; then
        echo "fuzz: replay with: $FUZZER $finding" >&2
    fi
    echo "fuzz: ${executions:-?} executions, cov: ${cov:-?}, ft: ${ft:-?}, 1 finding"
    exit 1
fi
echo "fuzz: ${executions:-?} executions in ${elapsed:-?} s (${rate:-?} exec/s), cov: ${cov:-?}, ft: ${ft:-?}, corpus: ${inputs:-?} inputs, 0 crashes"
