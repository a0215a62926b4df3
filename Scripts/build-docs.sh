#!/usr/bin/env bash
# Builds the two DocC catalogs with the toolchain's own `docc` (no plugin):
# - the tool's guide, Sources/MusubiCLI/Musubi.docc: articles only, into Musubi.doccarchive;
# - MusubiRuntime's documentation: the symbol graph is extracted from the built module, then
#   `docc convert` joins it with Sources/MusubiRuntime/MusubiRuntime.docc.
# Any docc warning — a link that does not resolve, an article not curated — fails the build, so
# the docs cannot rot unnoticed.
#
#   Scripts/build-docs.sh [OUTPUT]     # default: .build/docs/MusubiRuntime.doccarchive;
#                                      # the guide goes beside it, as Musubi.doccarchive
#
# The archive is for static hosting (`docc convert --transform-for-static-hosting`); preview it
# with `docc preview Sources/MusubiRuntime/MusubiRuntime.docc --additional-symbol-graph-dir DIR`.
set -euo pipefail
cd "$(dirname "$0")/.."

output="${1:-.build/docs/MusubiRuntime.doccarchive}"
guide="$(dirname "$output")/Musubi.doccarchive"

rm -rf "$guide"
mkdir -p "$(dirname "$guide")"
docc convert Sources/MusubiCLI/Musubi.docc \
    --fallback-display-name Musubi \
    --fallback-bundle-identifier org.musubi.Musubi \
    --transform-for-static-hosting \
    --warnings-as-errors \
    --output-path "$guide"
echo "Documentation: $guide"

swift build --target MusubiRuntime
modules="$(swift build --show-bin-path)/Modules"
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"

graphs="$(mktemp -d)"
trap 'rm -rf "$graphs"' EXIT
swift-symbolgraph-extract -module-name MusubiRuntime -target "$triple" -I "$modules" \
    -minimum-access-level public -output-dir "$graphs"

rm -rf "$output"
mkdir -p "$(dirname "$output")"
docc convert Sources/MusubiRuntime/MusubiRuntime.docc \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name MusubiRuntime \
    --fallback-bundle-identifier org.musubi.MusubiRuntime \
    --transform-for-static-hosting \
    --warnings-as-errors \
    --output-path "$output"
echo "Documentation: $output"
