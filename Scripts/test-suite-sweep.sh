#!/usr/bin/env bash
# Test-suite sweep: the OpenAPI documents other tools test themselves with, run through Musubi.
#
# Parsers, validators and generators in Python and Go ship hundreds of small specs that each
# exercise one corner of the specification, or one bug a user once reported: remote and
# anchored references, missing components, odd keys, Swagger 1.2 leftovers. This script
# downloads those packages (PyPI source distributions and Debian packages, the two sources
# this project may reach), finds every file that says `openapi:` or `swagger:` near its top,
# generates a client from each with a time limit, and type-checks every generated client
# against MusubiRuntime.
#
# What it reports: a spec that crashed or hung the generator (never acceptable), one that
# was refused (exit 1: read the first error; most are dangling or remote references the
# fixtures hold on purpose), and a generated client that does not type-check or warns
# (never acceptable). Nothing is written outside the work directory (default
# .build-sweep/, git-ignored by the `.build-*` rule). Not run by CI: it downloads, and the
# type-checking takes several minutes on two cores.
#
# Usage: Scripts/test-suite-sweep.sh [--work DIR] [--no-typecheck] [--jobs N]
# Exit status: 0 when nothing crashed, hung or failed to type-check; 1 otherwise; 2 on a
# usage or setup error.
set -euo pipefail
export LC_ALL=C

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
WORK="$REPO/.build-sweep"
TYPECHECK=1
JOBS="$(nproc 2>/dev/null || echo 2)"
GEN_TIMEOUT=60

# The packages: Python projects whose source distributions carry their test specs, and Go
# libraries whose Debian packages carry theirs (Go packages ship their sources).
PYPI_PACKAGES=(
    datamodel-code-generator prance openapi-spec-validator openapi-core schemathesis connexion
    fastapi-code-generator drf-spectacular drf-yasg
)
DEBIAN_PACKAGES=(
    golang-github-getkin-kin-openapi-dev golang-github-go-openapi-validate-dev
    golang-github-go-openapi-analysis-dev golang-github-go-openapi-spec-dev golang-github-go-openapi-loads-dev
)

while (($#)); do
    case "$1" in
        --work) WORK="$2"; shift 2 ;;
        --no-typecheck) TYPECHECK=0; shift ;;
        --jobs) JOBS="$2"; shift 2 ;;
        -h | --help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "sweep: unknown option '$1'" >&2; exit 2 ;;
    esac
done

mkdir -p "$WORK/downloads" "$WORK/unpacked" "$WORK/out"
cd "$WORK"

echo "sweep: building musubi (release)…"
(cd "$REPO" && swift build -c release --product musubi --scratch-path "$REPO/.build-release" >/dev/null)
MUSUBI="$REPO/.build-release/release/musubi"
(cd "$REPO" && swift build --target MusubiRuntime >/dev/null)
RUNTIME_MODULES="$(cd "$REPO" && swift build --show-bin-path)/Modules"

echo "sweep: downloading ${#PYPI_PACKAGES[@]} PyPI and ${#DEBIAN_PACKAGES[@]} Debian packages…"
for package in "${PYPI_PACKAGES[@]}"; do
    python3 -m pip download --quiet --no-deps --no-binary :all: --dest downloads "$package" >/dev/null 2>&1 ||
        echo "sweep: could not download $package from PyPI; going on without it" >&2
done
if ! (cd downloads && apt-get download "${DEBIAN_PACKAGES[@]}" >/dev/null 2>&1); then
    echo "sweep: could not download the Debian packages (run apt-get update?); going on without them" >&2
fi
for archive in downloads/*.tar.gz; do [[ -e "$archive" ]] && tar -xzf "$archive" -C unpacked; done
for package in downloads/*.deb; do [[ -e "$package" ]] && dpkg-deb -x "$package" unpacked; done

# Every YAML or JSON file that says what it is near its top.
find unpacked -type f \( -name '*.yaml' -o -name '*.yml' -o -name '*.json' \) | sort | while read -r file; do
    if head -c 3000 "$file" | grep -qE '^\s*"?(openapi|swagger)"?\s*:'; then echo "$file"; fi
done >specs.txt
echo "sweep: $(wc -l <specs.txt) specs found"

index=0
: >results.tsv
while read -r spec; do
    index=$((index + 1))
    set +e
    timeout "$GEN_TIMEOUT" "$MUSUBI" generate "$spec" --output "out/s$index" --module-name "S$index" --quiet \
        >"out/s$index.log" 2>&1
    status=$?
    set -e
    printf '%s\t%s\t%s\n' "$index" "$status" "$spec" >>results.tsv
done <specs.txt

crashed=$(awk -F'\t' '$2 >= 2' results.tsv | wc -l)
refused=$(awk -F'\t' '$2 == 1' results.tsv | wc -l)
generated=$(awk -F'\t' '$2 == 0' results.tsv | wc -l)
awk -F'\t' '$2 >= 2 { print "sweep: CRASHED or HUNG (status " $2 "): " $3 }' results.tsv
awk -F'\t' '$2 == 1 { print $1 "\t" $3 }' results.tsv | while IFS=$'\t' read -r i spec; do
    echo "sweep: refused $spec: $(grep -m1 'error:' "out/s$i.log" | sed 's/^.*error: //' | cut -c1-160)"
done

failed_checks=0
if ((TYPECHECK)); then
    echo "sweep: type-checking $generated clients…"
    awk -F'\t' '$2 == 0 { print $1 }' results.tsv | xargs -P "$JOBS" -I{} sh -c '
        files=$(find "out/s{}" -name "*.swift")
        if [ -n "$files" ]; then
            swiftc -typecheck -swift-version 6 -module-name "S{}" -I "'"$RUNTIME_MODULES"'" $files >"out/s{}.typecheck" 2>&1 ||
                echo "failed" >>"out/s{}.typecheck"
        fi'
    for log in out/*.typecheck; do
        [[ -e "$log" ]] || continue
        if grep -qE 'error:|warning:|^failed$' "$log"; then
            failed_checks=$((failed_checks + 1))
            echo "sweep: DOES NOT TYPE-CHECK CLEANLY: ${log%.typecheck} ($(grep -m1 -E 'error:|warning:' "$log" | cut -c1-160))"
        fi
    done
fi

echo "sweep: $(wc -l <specs.txt) specs: $generated generated, $refused refused, $crashed crashed or hung; $failed_checks clients not type-checking cleanly"
if ((crashed > 0 || failed_checks > 0)); then exit 1; fi
