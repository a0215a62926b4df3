#!/usr/bin/env bash
# Corpus sweep: generate a client from every real-world spec in the shared spec set, then
# compile every generated client against MusubiRuntime, and print one table row per spec.
#
# The point is breadth, not depth: it finds the specs that the generator rejects, the
# generated code that does not compile, and how long / how much memory both take on big
# inputs (GitHub, Stripe). It never edits the specs or the repo; everything it writes goes
# under the work dir (default .build-corpus/, git-ignored by the `.build-*` rule).
#
# Usage: Scripts/corpus.sh [--specs DIR] [--only REGEX] [--no-build] [--lint]
#                          [--versions 3.0|all] [--jobs N] [--work DIR] [--markdown FILE]
#
# The last line is `corpus: N passed, M failed` (CI's plain closing line); a spec passes when
# it generated and, unless --no-build, its client compiled, and with --lint, when the client
# is `swift format lint --strict` clean under the committed .swift-format. Exit status: 0 when every
# selected spec passed, 1 when any failed, 2 on a usage or setup error.
set -euo pipefail # note: `[[ cond ]] && cmd` as a function's last line would fail it; use `if`
export LC_ALL=C # stable sorting, and `.` as the decimal separator in $EPOCHREALTIME

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/apt.sh
source "$REPO/Scripts/lib/apt.sh"

# ---- options ----------------------------------------------------------------------------

SPECS_DIR="$REPO/../shared/specs"
ONLY=""
BUILD=1
LINT=0
VERSIONS="all"
JOBS=""
WORK="$REPO/.build-corpus"
MARKDOWN=""
# A generator that loops forever on some spec must not stall the whole sweep.
GEN_TIMEOUT="${CORPUS_GEN_TIMEOUT:-600}"

usage() {
    cat <<'EOF'
Usage: Scripts/corpus.sh [--specs DIR] [--only REGEX] [--no-build] [--lint]
                         [--versions 3.0|all] [--jobs N] [--work DIR] [--markdown FILE]
  --specs DIR       spec directory (default: ../shared/specs next to the repo)
  --only REGEX      only spec file names matching this extended regex
  --no-build        generate only; do not compile the generated clients
  --lint            also check each client with `swift format lint --strict` and the
                    committed .swift-format
  --versions V      `all` (default) or a comma-separated list of version prefixes
                    (3.0, 3.1, 2.0) matched against the spec's openapi/swagger field
  --jobs N          passed to swift build as -j N
  --work DIR        work dir (default: .build-corpus in the repo)
  --markdown FILE   also write the result table as markdown to FILE
Environment: CORPUS_GEN_TIMEOUT (seconds per generate run, default 600; 0 = none).
EOF
}

die() {
    echo "corpus: error: $*" >&2
    exit 2
}

parse_options() {
    while (($# > 0)); do
        case "$1" in
            --specs) SPECS_DIR="${2:?--specs needs a directory}"; shift 2 ;;
            --only) ONLY="${2:?--only needs a regex}"; shift 2 ;;
            --no-build) BUILD=0; shift ;;
            --lint) LINT=1; shift ;;
            --versions) VERSIONS="${2:?--versions needs a value}"; shift 2 ;;
            --jobs | -j) JOBS="${2:?--jobs needs a number}"; shift 2 ;;
            --work) WORK="${2:?--work needs a directory}"; shift 2 ;;
            --markdown) MARKDOWN="${2:?--markdown needs a file}"; shift 2 ;;
            -h | --help) usage; exit 0 ;;
            *) usage >&2; die "unknown argument: $1" ;;
        esac
    done
    [[ -d "$SPECS_DIR" ]] || die "no spec directory at $SPECS_DIR"
    [[ -z "$JOBS" || "$JOBS" =~ ^[1-9][0-9]*$ ]] || die "--jobs needs a positive number"
    SPECS_DIR="$(cd "$SPECS_DIR" && pwd)"
    mkdir -p "$WORK"
    WORK="$(cd "$WORK" && pwd)"
    # MARKDOWN is written at the end, possibly after a `cd`: make it absolute now.
    if [[ -n "$MARKDOWN" && "$MARKDOWN" != /* ]]; then MARKDOWN="$PWD/$MARKDOWN"; fi
    PKG="$WORK/pkg"
    LOGS="$WORK/logs"
    SWIFT_JOBS=()
    if [[ -n "$JOBS" ]]; then SWIFT_JOBS=(-j "$JOBS"); fi
    # `swift build` for the corpus package; --scratch-path: its own build folder, never the repo's.
    SWIFT_BUILD=(swift build --package-path "$PKG" --scratch-path "$PKG/.build" "${SWIFT_JOBS[@]}")
}

# ---- small helpers ----------------------------------------------------------------------

now() {
    # $EPOCHREALTIME (bash 5) has microseconds and costs no process; `date` is the fallback.
    if [[ -n "${EPOCHREALTIME:-}" ]]; then echo "$EPOCHREALTIME"; else date +%s; fi
}

seconds_since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

# `/path/x.swift:1:2: error: ...` → `x.swift:1:2: error: ...`, so the lines fit on screen.
shorten_paths() { sed -e "s|$PKG/Sources/||g" -e "s|$SPECS_DIR/||g" -e "s|$REPO/||g"; }

# `file:line:column: error: ...` lines, each once: the compiler repeats a diagnostic for
# every frontend job that sees it (GitHub's client printed each one up to 22 times).
located_errors() { grep -E '^[^ ]+:[0-9]+:[0-9]+: error:' "$1" | awk '!seen[$0]++' || true; }

count_errors() { located_errors "$1" | wc -l | tr -d ' '; }

# The first N error lines of a log, indented. Located errors first; then any `error:` line
# (SwiftPM's own, e.g. a manifest problem); then the log's last lines (a crashed compiler).
first_errors() {
    local log="$1" n="${2:-3}" found
    found="$(located_errors "$log" | head -n "$n")"
    if [[ -z "$found" ]]; then found="$(grep -E '(^|: )error:' "$log" | awk '!seen[$0]++' | head -n "$n" || true)"; fi
    if [[ -z "$found" ]]; then found="$(tail -n "$n" "$log")"; fi
    if [[ -n "$found" ]]; then printf '%s\n' "$found" | shorten_paths | sed 's/^/    /'; fi
}

# Records a failure for the report: a headline and the log's first error lines.
note_failure() {
    local headline="$1" log="$2" errors
    NOTES+=("$headline")
    errors="$(first_errors "$log")"
    if [[ -n "$errors" ]]; then NOTES+=("$errors"); fi
}

# ---- spec selection ---------------------------------------------------------------------

# The spec's `openapi` / `swagger` field, e.g. `3.0.3` or `2.0`, or `?`. A YAML spec has it
# as a top-level key at column 0 (Stripe's is on line 40,015, so "the first lines" is not
# enough); a JSON one as the first `"openapi": "..."` pair, even when minified. grep -m1
# stops at the first hit, so this costs milliseconds even on the 4 MB specs. python3 is
# the fallback for anything unusual.
spec_version() {
    local file="$1" v
    v="$(grep -m1 -oE '^(openapi|swagger):[[:space:]]*["'\'']?[0-9][0-9.]*' "$file" || true)"
    if [[ -z "$v" ]]; then
        v="$(grep -m1 -oE '"(openapi|swagger)"[[:space:]]*:[[:space:]]*"[0-9][0-9.]*' "$file" || true)"
    fi
    v="$(printf '%s' "$v" | grep -oE '[0-9][0-9.]*$' || true)"
    if [[ -z "$v" ]] && command -v python3 >/dev/null; then
        v="$(python3 - "$file" 2>/dev/null <<'EOF' || true
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
try:
    doc = json.loads(text)
except ValueError:
    import yaml  # only when PyYAML is there; otherwise the version stays unknown
    doc = yaml.safe_load(text)
print(doc.get("openapi") or doc.get("swagger") or "")
EOF
        )"
    fi
    echo "${v:-?}"
}

version_selected() {
    local version="$1" prefix
    [[ "$VERSIONS" == "all" ]] && return 0
    local IFS=,
    for prefix in $VERSIONS; do
        [[ "$version" == "$prefix" || "$version" == "$prefix".* ]] && return 0
    done
    return 1
}

# `github-rest-api.json` → `GithubRestAPIClient`, `oai-petstore-v3.0.yaml` →
# `OAIPetstoreV30Client`: PascalCase words of the file name, a few acronyms kept upper case.
module_name() {
    local stem="${1%.*}" word name=""
    for word in $(printf '%s' "$stem" | tr -c 'A-Za-z0-9' ' '); do
        case "$(printf '%s' "$word" | tr 'A-Z' 'a-z')" in
            api | oai | aws | url | http) word="$(printf '%s' "$word" | tr 'a-z' 'A-Z')" ;;
            *) word="$(printf '%s' "${word:0:1}" | tr 'a-z' 'A-Z')${word:1}" ;;
        esac
        name+="$word"
    done
    [[ "$name" =~ ^[A-Za-z] ]] || name="Spec$name" # a Swift module name cannot start with a digit
    echo "${name}Client"
}

# Fills the per-spec arrays (index i is one spec) with every spec file that passes
# --only and --versions.
select_specs() {
    SPEC=() VER=() MOD=()
    local file name version module
    while IFS= read -r file; do
        name="$(basename "$file")"
        if [[ -n "$ONLY" ]] && ! [[ "$name" =~ $ONLY ]]; then continue; fi
        version="$(spec_version "$file")"
        version_selected "$version" || continue
        module="$(module_name "$name")"
        # Two files that map to the same module name would share a target: number the second.
        while printf '%s\n' "${MOD[@]:-}" | grep -qx "$module"; do module="${module%Client}2Client"; done
        SPEC+=("$name") VER+=("$version") MOD+=("$module")
    done < <(find "$SPECS_DIR" -maxdepth 1 -type f \( -name '*.json' -o -name '*.yaml' -o -name '*.yml' \) | sort)
    ((${#SPEC[@]} > 0)) || die "no spec in $SPECS_DIR matches --only '${ONLY}' and --versions '$VERSIONS'"
}

# ---- tools ------------------------------------------------------------------------------

# GNU time gives the generator's peak RSS; without it the memory column shows `-`.
# libyaml-dev is what the generator's CLibYAML target links (as in .ci/run).
ensure_tools() {
    if [[ ! -x /usr/bin/time ]]; then ensure_apt_package time corpus; fi
    ensure_apt_package libyaml-dev corpus
    TIME_BIN=""
    if [[ -x /usr/bin/time ]] && /usr/bin/time -f %M -o /dev/null true 2>/dev/null; then
        TIME_BIN=/usr/bin/time
    else
        echo "corpus: no GNU /usr/bin/time; peak memory is not measured"
    fi
}

# One release build of the generator, in the repo's own .build: the big specs are slow
# enough in debug to distort the timing column.
build_musubi() {
    local log="$LOGS/musubi.build.log"
    echo "corpus: building musubi (release)…"
    if ! (cd "$REPO" && swift build -c release --product musubi "${SWIFT_JOBS[@]}") >"$log" 2>&1; then
        first_errors "$log" 10 >&2
        die "musubi does not build; see $log"
    fi
    MUSUBI="$(cd "$REPO" && swift build -c release --show-bin-path)/musubi"
    [[ -x "$MUSUBI" ]] || die "no musubi binary at $MUSUBI"
}

# ---- generate ---------------------------------------------------------------------------

generate_one() {
    local i="$1" spec="${SPEC[$1]}" module="${MOD[$1]}"
    local out="$PKG/Sources/$module" log="$LOGS/$spec.gen.log" mem="$LOGS/$spec.gen.mem"
    local cmd=("$MUSUBI" generate "$SPECS_DIR/$spec" --output "$out" --module-name "$module")
    if [[ "$GEN_TIMEOUT" != 0 ]] && command -v timeout >/dev/null; then
        cmd=(timeout "$GEN_TIMEOUT" "${cmd[@]}")
    fi
    if [[ -n "$TIME_BIN" ]]; then cmd=("$TIME_BIN" -f %M -o "$mem" "${cmd[@]}"); fi

    rm -rf "$out" "$mem" # a stale file from an earlier run must not be compiled
    local start status=0
    start="$(now)"
    "${cmd[@]}" >"$LOGS/$spec.gen.out" 2>"$log" || status=$?
    GEN_S[i]="$(seconds_since "$start")"

    # With a failing command GNU time writes "Command exited with non-zero status N" first.
    MEM[i]="-"
    if [[ -s "$mem" ]]; then MEM[i]="$(tail -n 1 "$mem" | awk '{ printf "%.0f", $1 / 1024 }')"; fi
    WARN[i]="$(grep -c ': warning:' "$log" || true)"

    if ((status == 0)) && [[ -d "$out" ]]; then
        GEN[i]="ok"
        FILES[i]="$(find "$out" -name '*.swift' | wc -l | tr -d ' ')"
        LINES[i]="$(find "$out" -name '*.swift' -print0 | xargs -0 cat | wc -l | tr -d ' ')"
    else
        GEN[i]="FAIL" FILES[i]="-" LINES[i]="-"
        rm -rf "$out"
        local why="exit $status"
        if ((status == 124)); then why="timed out after ${GEN_TIMEOUT}s"; fi
        note_failure "$spec: generate FAILED ($why; $(count_errors "$log") errors, log $log)" "$log"
    fi
    printf 'corpus: generate %-36s %-4s %6ss %5s MB %4s warnings\n' \
        "$spec" "${GEN[i]}" "${GEN_S[i]}" "${MEM[i]}" "${WARN[i]}"
    LINT_RESULT[i]="-"
    if ((LINT)) && [[ "${GEN[i]}" == ok ]]; then lint_one "$i"; fi
}

# Generated code is meant to be `swift format` clean as it is written: a finding is a line the
# presentation step laid out differently from swift-format (see LineLayout.swift).
lint_one() {
    local i="$1" spec="${SPEC[$1]}" out="$PKG/Sources/${MOD[$1]}" log="$LOGS/${SPEC[$1]}.lint.log" findings
    swift format lint --strict --configuration "$REPO/.swift-format" --recursive "$out" >"$log" 2>&1 || true
    findings="$(grep -cE ': (warning|error):' "$log" || true)"
    if [[ "$findings" == 0 ]]; then
        LINT_RESULT[i]="ok"
    else
        LINT_RESULT[i]="FAIL"
        note_failure "$spec: swift format lint FAILED ($findings findings, log $log)" "$log"
    fi
    echo "corpus: lint     $spec ${LINT_RESULT[i]}"
}

generate_all() {
    mkdir -p "$PKG/Sources" "$LOGS"
    local i
    for i in "${!SPEC[@]}"; do generate_one "$i"; done
    remove_stale_modules
}

# Sources/ may hold modules from an earlier run with another --only; the manifest lists
# only this run's, and an undeclared folder would just waste disk and confuse a reader.
remove_stale_modules() {
    local dir keep i
    for dir in "$PKG"/Sources/*/; do
        [[ -d "$dir" ]] || continue
        keep=0
        for i in "${!MOD[@]}"; do
            if [[ "${GEN[i]}" == ok && "$(basename "$dir")" == "${MOD[i]}" ]]; then keep=1; fi
        done
        ((keep)) || rm -rf "$dir"
    done
}

# ---- build ------------------------------------------------------------------------------

# SwiftPM names a path dependency by its folder's last component, lower-cased
# (/work/main → `main`); `.product(package:)` needs that identity, not the manifest's name.
repo_package_identity() { basename "$REPO" | tr 'A-Z' 'a-z'; }

# One package with one library target per generated client: SwiftPM resolves and builds
# the runtime once, and `swift build --target X` compiles one client at a time so a
# failing client does not hide the others. Only generated modules get a target (a target
# without sources is a manifest error that would fail every build).
write_manifest() {
    local identity i
    identity="$(repo_package_identity)"
    {
        echo "// swift-tools-version: 6.0"
        echo "// Written by Scripts/corpus.sh: one target per client generated from the spec corpus."
        echo "import PackageDescription"
        echo
        echo "let runtime: Target.Dependency = .product(name: \"MusubiRuntime\", package: \"$identity\")"
        echo
        echo "let package = Package("
        echo "    name: \"MusubiCorpus\","
        echo "    platforms: [.macOS(.v13)],"
        echo "    dependencies: [.package(path: \"$REPO\")],"
        echo "    targets: ["
        for i in "${!SPEC[@]}"; do
            [[ "${GEN[i]}" == ok ]] || continue
            echo "        .target(name: \"${MOD[i]}\", dependencies: [runtime]),"
        done
        echo "    ],"
        echo "    swiftLanguageModes: [.v6]"
        echo ")"
    } >"$PKG/Package.swift"
}

# Builds the runtime first, alone, so its time is not charged to the first client and a
# broken runtime is reported once instead of once per spec. Returns non-zero if it fails.
build_runtime() {
    local log="$LOGS/MusubiRuntime.build.log" start
    echo "corpus: building MusubiRuntime…"
    start="$(now)"
    if "${SWIFT_BUILD[@]}" --target MusubiRuntime >"$log" 2>&1; then
        echo "corpus: MusubiRuntime built in $(seconds_since "$start")s"
        return 0
    fi
    echo "corpus: MusubiRuntime does not build ($(seconds_since "$start")s, log $log):"
    first_errors "$log" 5
    return 1
}

build_one() {
    local i="$1" spec="${SPEC[$1]}" module="${MOD[$1]}"
    local log="$LOGS/$spec.build.log" mem="$LOGS/$spec.build.mem" start peak=""
    # The compiler's peak memory on the big clients is worth knowing (2-core, 24 GB CI
    # machines); it goes into the progress line only, the table is about the generator.
    local measure=()
    if [[ -n "$TIME_BIN" ]]; then measure=("$TIME_BIN" -f %M -o "$mem"); fi
    echo "corpus: building $module ($spec)…"
    start="$(now)"
    rm -f "$mem"
    if "${measure[@]}" "${SWIFT_BUILD[@]}" --target "$module" >"$log" 2>&1; then
        BUILD_RESULT[i]="ok"
    else
        BUILD_RESULT[i]="FAIL"
        note_failure "$spec: build FAILED ($(count_errors "$log") distinct errors, log $log)" "$log"
    fi
    BUILD_S[i]="$(seconds_since "$start")"
    if [[ -s "$mem" ]]; then peak=", peak $(tail -n 1 "$mem" | awk '{ printf "%.0f", $1 / 1024 }') MB"; fi
    echo "corpus: built    $module ${BUILD_RESULT[i]} in ${BUILD_S[i]}s$peak"
}

build_all() {
    local i any=0
    for i in "${!SPEC[@]}"; do
        BUILD_RESULT[i]="skipped" BUILD_S[i]="-"
        if [[ "${GEN[i]}" == ok ]]; then any=1; fi
    done
    ((BUILD && any)) || return 0

    write_manifest
    if ! build_runtime; then
        NOTES+=("MusubiRuntime: build FAILED, no client was compiled (log $LOGS/MusubiRuntime.build.log)")
        for i in "${!SPEC[@]}"; do
            if [[ "${GEN[i]}" == ok ]]; then BUILD_RESULT[i]="FAIL"; fi
        done
        return 0
    fi
    for i in "${!SPEC[@]}"; do
        if [[ "${GEN[i]}" == ok ]]; then build_one "$i"; fi
    done
}

# ---- report -----------------------------------------------------------------------------

HEADER=(spec version generate "gen s" "peak MB" warnings files lines lint build "build s")

# One tab-separated line per spec, header first.
table_tsv() {
    local i
    (IFS=$'\t'; echo "${HEADER[*]}")
    for i in "${!SPEC[@]}"; do
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "${SPEC[i]}" "${VER[i]}" "${GEN[i]}" \
            "${GEN_S[i]}" "${MEM[i]}" "${WARN[i]}" "${FILES[i]}" "${LINES[i]}" "${LINT_RESULT[i]}" \
            "${BUILD_RESULT[i]}" "${BUILD_S[i]}"
    done
}

# Aligned columns joined by ` | `; numbers right-aligned. awk, because `column` is not on
# every fresh machine.
print_table() {
    table_tsv | awk -F'\t' '
        { for (c = 1; c <= NF; c++) { cell[NR, c] = $c; if (length($c) > w[c]) w[c] = length($c) } }
        END {
            for (r = 1; r <= NR; r++) {
                line = ""
                for (c = 1; c <= NF; c++) {
                    v = cell[r, c]
                    fmt = (r > 1 && c != 2 && v ~ /^[0-9.]+$/) ? "%" w[c] "s" : "%-" w[c] "s"
                    line = line (c > 1 ? " | " : "") sprintf(fmt, v)
                }
                sub(/ +$/, "", line); print line
                if (r == 1) { sep = ""; for (c = 1; c <= NF; c++) sep = sep (c > 1 ? "-+-" : "") sprintf("%" w[c] "s", ""); gsub(/ /, "-", sep); print sep }
            }
        }'
}

write_markdown() {
    mkdir -p "$(dirname "$MARKDOWN")"
    table_tsv | awk -F'\t' '
        { row = "|"; for (c = 1; c <= NF; c++) row = row " " $c " |"; print row }
        NR == 1 { row = "|"; for (c = 1; c <= NF; c++) row = row (c <= 3 || c == 9 || c == 10 ? "---|" : "---:|"); print row }
    ' >"$MARKDOWN"
    printf '\n%s\n' "$SUMMARY" >>"$MARKDOWN"
}

report() {
    local i generated=0 built=0 passed=0 failed=0
    for i in "${!SPEC[@]}"; do
        if [[ "${GEN[i]}" == ok ]]; then generated=$((generated + 1)); fi
        if [[ "${BUILD_RESULT[i]}" == ok ]]; then built=$((built + 1)); fi
        if [[ "${GEN[i]}" == ok ]] && { [[ "${BUILD_RESULT[i]}" == ok ]] || ((!BUILD)); } \
            && [[ "${LINT_RESULT[i]}" != FAIL ]]; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
        fi
    done
    SUMMARY="summary: ${#SPEC[@]} specs, $generated generated, "
    if ((BUILD)); then SUMMARY+="$built built"; else SUMMARY+="build skipped (--no-build)"; fi

    echo
    if ((${#NOTES[@]} > 0)); then
        echo "failures:"
        printf '%s\n' "${NOTES[@]}"
        echo
    fi
    print_table
    echo
    echo "logs: $LOGS"
    if [[ -n "$MARKDOWN" ]]; then write_markdown; echo "markdown: $MARKDOWN"; fi
    echo "$SUMMARY"
    echo "corpus: $passed passed, $failed failed"
    ((failed == 0))
}

# Two runs sharing a work dir would delete each other's generated sources mid-build (each
# run clears its modules and removes stale ones): the second run waits for the first.
lock_work_dir() {
    command -v flock >/dev/null || return 0
    exec 9>"$WORK/.lock"
    if ! flock -n 9; then
        echo "corpus: another run is using $WORK; waiting for it (or pass --work DIR)…"
        flock 9
    fi
}

main() {
    parse_options "$@"
    lock_work_dir
    mkdir -p "$LOGS"
    select_specs
    echo "corpus: ${#SPEC[@]} specs from $SPECS_DIR (versions: $VERSIONS${ONLY:+, only: $ONLY})"
    GEN=() GEN_S=() MEM=() WARN=() FILES=() LINES=() LINT_RESULT=() BUILD_RESULT=() BUILD_S=() NOTES=()
    ensure_tools
    build_musubi
    generate_all
    build_all
    report
}

main "$@"
