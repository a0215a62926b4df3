#!/usr/bin/env bash
# Times parameter and body encoding of a runtime: builds main.swift with the runtime's sources
# (but the swift-log interceptor) with `-O` into one program and runs it.
#
#   Benchmarks/parameter-encoding/run.sh [RUNTIME_DIR]     # default Sources/MusubiRuntime
#
# To compare with another commit: `git archive COMMIT Sources/MusubiRuntime | tar -x -C /tmp/old`,
# then run the script with /tmp/old/Sources/MusubiRuntime and with no argument.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
runtime="${1:-$here/../../Sources/MusubiRuntime}"
build="$(mktemp -d)"
trap 'rm -rf "$build"' EXIT
find "$runtime" -name '*.swift' ! -name 'Interceptor+Logging.swift' -print0 >"$build/sources"
xargs -0 swiftc -O -wmo -swift-version 6 -module-name ParameterEncodingBenchmark -o "$build/benchmark" \
    "$here/main.swift" <"$build/sources"
"$build/benchmark"
