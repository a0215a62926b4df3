#!/usr/bin/env bash
# Output snapshot: generates a client from every spec beside the project (../shared/specs),
# from our own specs (Specs/, Tests/Goldens, Tests/Fixtures/Hostile) and in a few option variants,
# all into one folder, so two builds of musubi can be compared file by file:
#
#   Scripts/output-snapshot.sh --musubi OLD/musubi --out /tmp/before
#   Scripts/output-snapshot.sh --musubi NEW/musubi --out /tmp/after
#   diff -r /tmp/before /tmp/after
#
# A refactoring of the generator must leave the second command's output byte-identical to
# the first's; any difference is a deliberate change with a name and a test of its own.
# Each spec's diagnostics (warnings included) are part of the snapshot, in `<name>.log`, with
# the exit status. A developer script; it writes nothing into the repository.
#
# Usage: Scripts/output-snapshot.sh --musubi PATH --out DIR [--specs DIR] [--only REGEX]
set -euo pipefail
export LC_ALL=C

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SPECS_DIR="$REPO/../shared/specs"
MUSUBI=""
OUT=""
ONLY=""

while (($# > 0)); do
    case "$1" in
        --musubi) MUSUBI="${2:?--musubi needs a path}"; shift 2 ;;
        --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
        --specs) SPECS_DIR="${2:?--specs needs a directory}"; shift 2 ;;
        --only) ONLY="${2:?--only needs a regex}"; shift 2 ;;
        -h | --help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "output-snapshot: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
[[ -x "$MUSUBI" ]] || { echo "output-snapshot: --musubi must name an executable" >&2; exit 2; }
[[ -n "$OUT" ]] || { echo "output-snapshot: --out is required" >&2; exit 2; }
MUSUBI="$(cd "$(dirname "$MUSUBI")" && pwd)/$(basename "$MUSUBI")"
rm -rf "$OUT"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"

# name spec [options...]: one generation into $OUT/name, its diagnostics into $OUT/name.log.
generate() {
    local name="$1" spec="$2"
    shift 2
    if [[ -n "$ONLY" && ! "$name" =~ $ONLY ]]; then return 0; fi
    local status=0
    # Diagnostics name the spec by the path given; run from its folder so they do not carry
    # this machine's absolute paths.
    (cd "$(dirname "$spec")" && "$MUSUBI" generate "$(basename "$spec")" --output "$OUT/$name" "$@") \
        >"$OUT/$name.log.tmp" 2>&1 || status=$?
    # …nor the snapshot's own folder.
    sed "s|$OUT/|<out>/|g" "$OUT/$name.log.tmp" >"$OUT/$name.log"
    rm "$OUT/$name.log.tmp"
    echo "exit status: $status" >>"$OUT/$name.log"
    printf '%-50s %s\n' "$name" "$status"
}

for spec in "$SPECS_DIR"/*.yaml "$SPECS_DIR"/*.json; do
    [[ -f "$spec" ]] || continue
    base="$(basename "$spec")"
    base="${base%.*}"
    generate "$base" "$spec"
    generate "$base--file-per-type" "$spec" --file-per-type
done
for spec in "$REPO"/Specs/*.yaml "$REPO"/Tests/Goldens/*.yaml "$REPO"/Tests/Fixtures/Hostile/*.yaml; do
    base="$(basename "$spec" .yaml)"
    generate "own-$base" "$spec"
    generate "own-$base--internal" "$spec" --access-level internal --module-name Snapshot
    generate "own-$base--package" "$spec" --package SnapshotPackage --embed-runtime
done
# A mid-sized real spec as a package that embeds the runtime, and one filtered.
generate "figma--package" "$SPECS_DIR/figma.yaml" --package FigmaAPI --embed-runtime
generate "github--filtered" "$SPECS_DIR/github-rest-api.json" --include-tag repos --file-per-type
