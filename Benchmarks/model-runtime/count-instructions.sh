#!/usr/bin/env bash
# Instructions per item of decode, encode, `==` and `hash(into:)` for each variant of the
# model runtime benchmark, from `valgrind --tool=callgrind`: exact counts, the same on every
# run whatever the machine's load, where timings on a shared machine are noise.
#
#     Benchmarks/model-runtime/count-instructions.sh [--work DIR] [--items N]
#
# Run Scripts/model-benchmark.sh first (with --baseline to count a second musubi build too):
# this adds an executable to the benchmark package it built in DIR (its --work,
# .build-model-bench by default), builds it (release) and runs it under callgrind once per
# variant and kind of item, on the first N items of each kind (4 by default).
set -euo pipefail

HERE="$(cd "$(dirname "$0")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
WORK="$REPO/.build-model-bench"
ITEMS=4

die() {
    echo "count-instructions: error: $*" >&2
    exit 2
}

while (($# > 0)); do
    case "$1" in
        --work) WORK="${2:?--work needs a directory}"; shift 2 ;;
        --items) ITEMS="${2:?--items needs a number}"; shift 2 ;;
        -h | --help) sed -n '2,11p' "$0"; exit 0 ;;
        *) die "unknown argument: $1" ;;
    esac
done
[[ "$ITEMS" =~ ^[1-9][0-9]*$ ]] || die "--items needs a positive number"
command -v valgrind >/dev/null || die "valgrind is not installed"
PACKAGE="$WORK/bench"
[[ -f "$PACKAGE/Package.swift" ]] || die "no benchmark package in $PACKAGE: run Scripts/model-benchmark.sh first"

# The variants the package holds, plain first, with their three model types.
VARIANTS=()
for variant in Plain PlainURL Musubi Baseline SOG; do
    [[ -d "$PACKAGE/Sources/${variant}Models" ]] && VARIANTS+=("$variant")
done
types() {
    case "$1" in
        SOG) echo "SOGModels.Components.Schemas.issue, SOGModels.Components.Schemas.pull_hyphen_request, SOGModels.Components.Schemas.full_hyphen_repository" ;;
        *) echo "${1}Models.Issue.self, ${1}Models.PullRequest.self, ${1}Models.FullRepository.self" ;;
    esac
}

# The counter's target, written again on each run (the benchmark script's next run removes it).
target="$PACKAGE/Sources/InstructionCounts"
rm -rf "$target"
mkdir -p "$target"
cp "$HERE/InstructionCounts.swift" "$target/main.swift"
{
    echo "// The variants, written by Benchmarks/model-runtime/count-instructions.sh."
    echo "import Foundation"
    for variant in "${VARIANTS[@]}"; do echo "import ${variant}Models"; done
    echo
    echo "let variantRuns: [@Sendable (Int, Data) -> Int] = ["
    for variant in "${VARIANTS[@]}"; do
        if [[ "$variant" == SOG ]]; then
            echo "    variant($(types SOG | sed 's/, /.self, /g').self),"
        else
            echo "    variant($(types "$variant")),"
        fi
    done
    echo "]"
} >"$target/Variants.swift"
dependencies="$(printf '"%sModels", ' "${VARIANTS[@]}")"
if ! grep -q 'name: "InstructionCounts"' "$PACKAGE/Package.swift"; then
    sed -i "s|        .executableTarget(name: \"ModelBench\"|        .executableTarget(name: \"InstructionCounts\", dependencies: [${dependencies%, }]),\n&|" "$PACKAGE/Package.swift"
fi

echo "count-instructions: building (release)…" >&2
swift build -c release --package-path "$PACKAGE" --product InstructionCounts >"$WORK/logs/instruction-counts.build.log" 2>&1 ||
    { tail -n 30 "$WORK/logs/instruction-counts.build.log" >&2; die "the build failed"; }
binary="$(swift build -c release --package-path "$PACKAGE" --show-bin-path)/InstructionCounts"

payload="$WORK/payload-$ITEMS"
mkdir -p "$payload"
python3 - "$WORK/payload" "$payload" "$ITEMS" <<'PY'
import json, sys
source, target, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
for name in ("issue", "pull-request", "full-repository"):
    with open(f"{source}/{name}.json") as file:
        items = json.load(file)[:count]
    with open(f"{target}/{name}.json", "w") as file:
        json.dump(items, file, separators=(",", ":"))
PY

# One callgrind run per variant and kind; the inclusive cost of each measured… function.
results="$WORK/instruction-counts.tsv"
: >"$results"
for index in "${!VARIANTS[@]}"; do
    for kind in 0 1 2; do
        out="$WORK/logs/callgrind.${VARIANTS[$index]}.$kind.out"
        valgrind --tool=callgrind --callgrind-out-file="$out" "$binary" "$payload" "$index" "$kind" >/dev/null 2>&1 ||
            die "callgrind failed for ${VARIANTS[$index]}, kind $kind"
        callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null |
            python3 -c '
import re, sys
best = {}
for line in sys.stdin:
    match = re.match(r"^\s*([\d,]+) \([ \d.]+%\)\s+\S*?:\$s\S*measured(Decode|Encode|Equal|Hash)\S*", line)
    if match:
        best[match.group(2)] = max(best.get(match.group(2), 0), int(match.group(1).replace(",", "")))
for operation in ("Decode", "Encode", "Equal", "Hash"):
    print(sys.argv[1], sys.argv[2], operation, best.get(operation, 0), sep="\t")
' "${VARIANTS[$index]}" "$kind" >>"$results"
    done
done

python3 - "$results" "$ITEMS" "${VARIANTS[@]}" <<'PY'
import sys
path, items, variants = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
counts = {}
for line in open(path):
    variant, kind, operation, count = line.split("\t")
    counts[(variant, int(kind), operation)] = int(count) / items
names = {"Plain": "plain", "PlainURL": "plain+URL", "Musubi": "musubi", "Baseline": "baseline", "SOG": "sog"}
labels = {"Decode": "decode", "Encode": "encode", "Equal": "`==`", "Hash": "`hash(into:)`"}
kinds = ["issue", "pull request", "repository"]
print(f"Instructions per item (first {items} items of each kind):")
print()
print("| operation | item | " + " | ".join(names[v] for v in variants) + " |")
print("|---|---|" + "---:|" * len(variants))
for operation in labels:
    for kind, label in enumerate(kinds):
        plain = counts[(variants[0], kind, operation)]
        cells = []
        for variant in variants:
            value = counts[(variant, kind, operation)]
            text = f"{value / 1000:,.1f} K".replace(",", " ")
            if variant != variants[0] and plain:
                text += f" ({value / plain:.2f}×)"
            cells.append(text)
        print(f"| {labels[operation]} | {label} | " + " | ".join(cells) + " |")
PY
