#!/usr/bin/env bash
# Decoding Stripe-style ID-or-object fields (`anyOf: [string, Thing]`): the generated struct
# against a hand-written enum, on a payload of IDs and on one of expanded objects.
#
#     Benchmarks/union-decoding/run.sh [--rounds N] [MUSUBI ...]
#
# Each musubi binary (default: a release build of this checkout) generates the models with its
# own embedded runtime into a package of its own, built with -c release; each program runs on
# both payloads, the hand-written enum and the generated struct alternating within it. Prints
# one row per binary and payload: the median decode time of the hand-written enum and of the
# generated struct, and the median of the rounds' ratios. Everything is written under
# .build-union-bench/ in the repo.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
WORK="$REPO/.build-union-bench"
ROUNDS=15
BINARIES=()
while (($#)); do
    case "$1" in
        --rounds) ROUNDS="${2:?--rounds needs a number}"; shift 2 ;;
        -h | --help) sed -n '2,12p' "$0"; exit 0 ;;
        *) BINARIES+=("$1"); shift ;;
    esac
done
if ((${#BINARIES[@]} == 0)); then
    (cd "$REPO" && swift build -c release --product musubi --scratch-path .build-release >/dev/null)
    BINARIES=("$REPO/.build-release/release/musubi")
fi
mkdir -p "$WORK"
python3 "$HERE/make-inputs.py" "$WORK"
echo "| musubi | payload | hand-written enum | generated | ratio |"
echo "|---|---|---:|---:|---:|"
for index in "${!BINARIES[@]}"; do
    binary="${BINARIES[$index]}"
    package="$WORK/package-$index"
    rm -rf "$package/Sources"
    "$binary" generate "$WORK/spec.json" --output "$package" --package UnionModels --embed-runtime --quiet
    mkdir -p "$package/Sources/UnionBench"
    cp "$HERE/main.swift" "$package/Sources/UnionBench/main.swift"
    echo 'package.targets.append(.executableTarget(name: "UnionBench", dependencies: ["UnionModels"]))' >>"$package/Package.swift"
    swift build -c release --package-path "$package" --product UnionBench >"$WORK/build-$index.log" 2>&1 ||
        { echo "build failed: $WORK/build-$index.log" >&2; exit 1; }
    for payload in ids objects; do
        read -r hand generated ratio < <("$package/.build/release/UnionBench" "$WORK/$payload.json" "$ROUNDS")
        echo "| $binary | $payload | $hand ms | $generated ms | ${ratio}× |"
    done
done
