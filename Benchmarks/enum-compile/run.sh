#!/usr/bin/env bash
# Compile time and decoding speed of a generated enum of many values.
#
# For each size, writes a spec with one string enum of that many values (and one integer enum),
# generates the client with musubi, then times `swiftc -typecheck` of each enum's file against
# the runtime's module (built once, not timed), and measures how long `init(rawValue:)` takes
# for the last value (the worst case of a `switch`) in an optimized build. Prints a Markdown
# table. CPU seconds are the figure to compare on a shared machine; wall time includes waiting.
#
# Usage: Benchmarks/enum-compile/run.sh [MUSUBI] [SIZES…]
#   MUSUBI  the musubi binary (default .build/debug/musubi)
#   SIZES   enum sizes (default 1000 3000 10000)
# Environment: CPU_LIMIT (CPU seconds per compile, default 600), DECODE=0 skips the decode timing.
set -euo pipefail
cd "$(dirname "$0")/../.."
MUSUBI=${1:-.build/debug/musubi}
shift || true
SIZES=${*:-1000 3000 10000}
CPU_LIMIT=${CPU_LIMIT:-600}
WORK=$(mktemp -d /tmp/enum-compile.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
# The runtime without its optional swift-log bridge, which needs a package.
RUNTIME=$(grep -L '^import Logging' Sources/MusubiRuntime/*.swift)

# The runtime as a module and a static library, for the generated files to import.
swiftc -O -parse-as-library -module-name MusubiRuntime -emit-module -emit-module-path "$WORK/MusubiRuntime.swiftmodule" \
    -emit-library -static -o "$WORK/libMusubiRuntime.a" $RUNTIME

# time_typecheck FILE: prints "wall s | CPU s | peak MB", or "> CPU_LIMIT" when cut off.
time_typecheck() {
    if (ulimit -t "$CPU_LIMIT"; /usr/bin/time -o "$WORK/time" -f '%e %U %S %M' \
        swiftc -typecheck -parse-as-library -module-name Bench -I "$WORK" "$@" >/dev/null 2>&1); then
        read -r wall user sys rss <"$WORK/time"
        printf '%s | %.1f | %d' "$wall" "$(echo "$user + $sys" | bc)" "$((rss / 1024))"
    else
        printf '– | > %s | –' "$CPU_LIMIT"
    fi
}

echo "| values | type | typecheck wall s | CPU s | peak MB | init(rawValue:) of the last value, ns |"
echo "| ---: | --- | ---: | ---: | ---: | ---: |"
for size in $SIZES; do
    python3 - "$size" >"$WORK/spec-$size.yaml" <<'PY'
import sys
n = int(sys.argv[1])
print("openapi: 3.0.3\ninfo: {title: Enums, version: '1'}\npaths: {}\ncomponents:\n  schemas:")
print("    BigText:\n      type: string\n      enum:")
for i in range(n):
    print(f"        - value-{i}")
print("    BigNumber:\n      type: integer\n      enum:")
for i in range(n):
    print(f"        - {i * 7}")
PY
    rm -rf "$WORK/out-$size"
    "$MUSUBI" generate "$WORK/spec-$size.yaml" --output "$WORK/out-$size" --module-name Bench >/dev/null
    for type in BigText BigNumber; do
        file=$(grep -l "enum $type:" -r "$WORK/out-$size")
        decode=""
        if [ "${DECODE:-1}" != 0 ]; then
            if [ "$type" = BigText ]; then last="\"value-$((size - 1))\""; else last=$(((size - 1) * 7)); fi
            cat >"$WORK/main.swift" <<SWIFT
import Dispatch
let rounds = 200_000
var found = 0
let start = DispatchTime.now().uptimeNanoseconds
for _ in 0..<rounds {
    if case .unknown = $type(rawValue: $last) {} else { found += 1 }
}
let elapsed = DispatchTime.now().uptimeNanoseconds - start
print(found == rounds ? elapsed / UInt64(rounds) : 0)
SWIFT
            if (ulimit -t "$CPU_LIMIT"; swiftc -O -module-name Bench -I "$WORK" -L "$WORK" -lMusubiRuntime \
                "$file" "$WORK/main.swift" -o "$WORK/bench" >/dev/null 2>&1); then
                decode=$("$WORK/bench")
            else
                decode="(no build in $CPU_LIMIT CPU s)"
            fi
        fi
        echo "| $size | $type | $(time_typecheck "$file") | $decode |"
    done
done
