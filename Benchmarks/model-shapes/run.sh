#!/usr/bin/env bash
# Shapes of model the GitHub payload of the model-runtime benchmark lacks, at call sites that
# name the types: Stripe-style ID-or-object fields (`anyOf: [string, Thing]`) sent as IDs and
# expanded, optional values that may be `null`, and a struct of required strings. Each is
# decoded, encoded, compared and hashed as the generated model and as what a careful developer
# writes by hand (synthesized `Codable`/`Hashable`; an enum for the ID or object).
#
#     Benchmarks/model-shapes/run.sh [--rounds N] [MUSUBI ...]
#
# Each musubi binary (default: a release build of this checkout) generates the models with its
# own embedded runtime into a package of its own, built with -c release, the hand-written types
# in the program's own module, as an app has them. Prints, per binary, one row per payload and
# operation: the median time of the hand-written types and of the generated ones, and the median
# of the rounds' ratios. Everything is written under .build-model-shapes/ in the repo.
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
WORK="$REPO/.build-model-shapes"
ROUNDS=11
BINARIES=()
while (($#)); do
    case "$1" in
        --rounds) ROUNDS="${2:?--rounds needs a number}"; shift 2 ;;
        -h | --help) sed -n '2,15p' "$0"; exit 0 ;;
        *) BINARIES+=("$1"); shift ;;
    esac
done
if ((${#BINARIES[@]} == 0)); then
    (cd "$REPO" && swift build -c release --product musubi --scratch-path .build-release >/dev/null)
    BINARIES=("$REPO/.build-release/release/musubi")
fi
mkdir -p "$WORK"
python3 "$HERE/make-inputs.py" "$WORK"
for index in "${!BINARIES[@]}"; do
    binary="${BINARIES[$index]}"
    package="$WORK/package-$index"
    rm -rf "$package/Sources"
    "$binary" generate "$WORK/spec.json" --output "$package" --package ShapeModels --embed-runtime --quiet
    mkdir -p "$package/Sources/ShapeBench"
    cp "$HERE/main.swift" "$package/Sources/ShapeBench/main.swift"
    echo 'package.targets.append(.executableTarget(name: "ShapeBench", dependencies: ["ShapeModels"]))' >>"$package/Package.swift"
    swift build -c release --package-path "$package" --product ShapeBench >"$WORK/build-$index.log" 2>&1 ||
        { echo "build failed: $WORK/build-$index.log" >&2; exit 1; }
    echo
    echo "musubi: $binary"
    echo
    echo "| payload | operation | by hand | generated | ratio |"
    echo "|---|---|---:|---:|---:|"
    "$package/.build/release/ShapeBench" "$WORK" "$ROUNDS"
done
