#!/usr/bin/env bash
# Benchmark: Musubi against swift-openapi-generator 1.14.3 on big real specs, side by side.
#
# For each spec it measures, for both tools:
#   1. generation: wall time (median of --runs runs, the two tools' runs interleaved so a
#      burst of load from something else on the machine hits both alike), peak RSS (the
#      highest of those runs) and the number of generated Swift lines;
#   2. unless --no-compile: a clean debug build of the generated code, with the tool's
#      runtime library built beforehand so only the generated module is timed, its wall
#      time and peak RSS (--build-runs N: the median of N clean builds, the tools
#      alternating; one by default, as a big client takes minutes).
#
# A developer script, NEVER for CI: a full run takes 30+ minutes and 12 GB of memory.
# Nothing is written into the repo's tracked files: everything (the two tools' builds, the
# generated code, the compile packages, logs) goes under the work dir, by default
# .build-bench/ in the repo (git-ignored by the `.build-*` rule). The specs are read where
# they are (../shared/specs next to the repo) and never copied.
#
# The timed generation runs write to a tmpfs folder (/dev/shm) by default, not to the work
# dir: on ext4, creating thousands of files shortly after deleting thousands (the previous
# run's output) makes every create scan the recently deleted inodes (ext4's
# `recently_deleted()`), and Musubi, which writes one file per type (2,300 for Stripe), got
# slower with every run: 0.85, 1.6, 2.4, 2.7, 3.7 s. That measures the file system's
# inode reuse, not the generator. `--gen-dir DIR` puts the runs elsewhere.
#
# Usage: Scripts/benchmark.sh [--specs "stripe.yaml github-rest-api.json"] [--spec-dir DIR]
#                             [--runs N] [--build-runs N] [--no-compile] [--swift-mode 5|6] [--gen-dir DIR]
#                             [--work DIR] [--markdown FILE] [--baseline MUSUBI]
#
# --baseline MUSUBI adds a third column to the generation runs: another musubi binary (say a
# release build of the commit before a refactoring), interleaved with the other two, so a
# change's effect on generation time and memory is measured in the same run.
set -euo pipefail # note: `[[ cond ]] && cmd` as a function's last line would fail it; use `if`
export LC_ALL=C   # `.` as the decimal separator for awk and printf

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=lib/apt.sh
source "$REPO/Scripts/lib/apt.sh"

SOG_VERSION="1.14.3"          # swift-openapi-generator, the tool compared against
SOG_RUNTIME_VERSION="1.13.4"  # swift-openapi-runtime, what its generated code imports
SOG_NAME="swift-openapi-generator $SOG_VERSION"
TOOLS=(musubi sog)

# ---- options ----------------------------------------------------------------------------

SPECS="stripe.yaml github-rest-api.json"
SPEC_DIR="$REPO/../shared/specs"
RUNS=5
COMPILE=1
WORK="$REPO/.build-bench"
BASELINE=""     # another musubi binary to time beside this one (--baseline)
GEN_DIR=""      # where the timed generation runs write; empty = a fresh folder on tmpfs
BUILD_RUNS=1    # clean debug builds per tool and spec
SWIFT_MODE=6    # language mode the generated code is compiled in (both tools alike)
MARKDOWN=""
# A generator that hangs must not stall the benchmark forever (seconds per run; 0 = none).
GEN_TIMEOUT="${BENCH_GEN_TIMEOUT:-1800}"

usage() {
    cat <<'EOF'
Usage: Scripts/benchmark.sh [options]
Compares Musubi with swift-openapi-generator 1.14.3: generation time and memory, generated
lines, and the debug compile time and memory of the generated code.
  --specs "A B"     spec file names in the spec dir (default: "stripe.yaml github-rest-api.json")
  --spec-dir DIR    where the specs are (default: ../shared/specs next to the repo)
  --runs N          generation runs per tool and spec; the median is reported (default 5)
  --build-runs N    clean debug builds per tool and spec, the tools alternating; the median
                    is reported (default 1: a big client takes minutes)
  --no-compile      skip compiling the generated code (the slow part: minutes per spec)
  --swift-mode 5|6  Swift language mode for compiling the generated code (default 6)
  --gen-dir DIR     where the timed generation runs write (default: a temporary folder
                    in /dev/shm, so ext4's inode reuse does not slow the later runs)
  --work DIR        work dir for builds, output and logs (default: .build-bench in the repo);
                    a new one builds swift-openapi-generator again (5+ minutes)
  --markdown FILE   also write the results as markdown to FILE
Environment: BENCH_GEN_TIMEOUT (seconds per generate run, default 1800; 0 = none).
A developer script: never run it in CI.
EOF
}

die() {
    echo "benchmark: error: $*" >&2
    exit 2
}

say() { echo "benchmark: $*"; }

parse_options() {
    while (($# > 0)); do
        case "$1" in
            --specs) SPECS="${2:?--specs needs a list of file names}"; shift 2 ;;
            --spec-dir) SPEC_DIR="${2:?--spec-dir needs a directory}"; shift 2 ;;
            --runs) RUNS="${2:?--runs needs a number}"; shift 2 ;;
            --build-runs) BUILD_RUNS="${2:?--build-runs needs a number}"; shift 2 ;;
            --no-compile) COMPILE=0; shift ;;
            --swift-mode) SWIFT_MODE="${2:?--swift-mode needs 5 or 6}"; shift 2 ;;
            --gen-dir) GEN_DIR="${2:?--gen-dir needs a directory}"; shift 2 ;;
            --work) WORK="${2:?--work needs a directory}"; shift 2 ;;
            --markdown) MARKDOWN="${2:?--markdown needs a file}"; shift 2 ;;
            --baseline) BASELINE="${2:?--baseline needs a musubi binary}"; shift 2 ;;
            -h | --help) usage; exit 0 ;;
            *) usage >&2; die "unknown argument: $1" ;;
        esac
    done
    [[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || die "--runs needs a positive number"
    [[ "$BUILD_RUNS" =~ ^[1-9][0-9]*$ ]] || die "--build-runs needs a positive number"
    [[ "$SWIFT_MODE" == 5 || "$SWIFT_MODE" == 6 ]] || die "--swift-mode needs 5 or 6"
    [[ -d "$SPEC_DIR" ]] || die "no spec directory at $SPEC_DIR"
    if [[ -n "$BASELINE" ]]; then
        [[ -x "$BASELINE" ]] || die "--baseline needs an executable musubi, not $BASELINE"
        BASELINE="$(cd "$(dirname "$BASELINE")" && pwd)/$(basename "$BASELINE")"
        BASELINE_VERSION="$("$BASELINE" --version 2>/dev/null || echo '?')"
        TOOLS=(baseline musubi sog)
    fi
    SPEC_DIR="$(cd "$SPEC_DIR" && pwd)"
    read -r -a SPEC_LIST <<<"$SPECS"
    ((${#SPEC_LIST[@]} > 0)) || die "--specs is empty"
    local spec
    for spec in "${SPEC_LIST[@]}"; do
        [[ -f "$SPEC_DIR/$spec" ]] || die "no spec $spec in $SPEC_DIR"
    done
    mkdir -p "$WORK"
    WORK="$(cd "$WORK" && pwd)"
    # MARKDOWN is written at the end, after `cd`s in subshells: make it absolute now.
    if [[ -n "$MARKDOWN" && "$MARKDOWN" != /* ]]; then MARKDOWN="$PWD/$MARKDOWN"; fi
    LOGS="$WORK/logs"
    OUT="$WORK/out" # the last run's generated code, kept: $OUT/<tool>/<module>
}

# The folder the timed generation runs write to (see the comment at the top): the one
# given with --gen-dir, else a fresh one on tmpfs, removed when the script exits, else
# (no writable /dev/shm) one in the work dir.
setup_gen_dir() {
    GEN_DIR_NOTE=""
    if [[ -n "$GEN_DIR" ]]; then
        mkdir -p "$GEN_DIR"
        GEN_DIR="$(cd "$GEN_DIR" && pwd)"
    elif [[ -d /dev/shm && -w /dev/shm ]] && GEN_DIR="$(mktemp -d /dev/shm/musubi-bench.XXXXXX)"; then
        trap 'rm -rf "$GEN_DIR"' EXIT
        GEN_DIR_NOTE=" (tmpfs)"
    else
        GEN_DIR="$WORK/gen"
        mkdir -p "$GEN_DIR"
    fi
}

# ---- small helpers ----------------------------------------------------------------------

# `github-rest-api.json` → `GithubRestAPIClient`: PascalCase words of the file name, a few
# acronyms upper case (the same rule as Scripts/corpus.sh). Both tools' modules for a spec
# get this name, each in its own compile package.
module_name() {
    local stem="${1%.*}" word name=""
    for word in $(printf '%s' "$stem" | tr -c 'A-Za-z0-9' ' '); do
        case "$(printf '%s' "$word" | tr '[:upper:]' '[:lower:]')" in
            api | oai | aws | url | http) word="$(printf '%s' "$word" | tr '[:lower:]' '[:upper:]')" ;;
            *) word="$(printf '%s' "${word:0:1}" | tr '[:lower:]' '[:upper:]')${word:1}" ;;
        esac
        name+="$word"
    done
    [[ "$name" =~ ^[A-Za-z] ]] || name="Spec$name" # a Swift module name cannot start with a digit
    echo "${name}Client"
}

# Where the timed runs of tool $1 generate the client for spec $2.
gen_dir() { echo "$GEN_DIR/$1/$(module_name "$2")"; }

# Where the last run's output of tool $1 for spec $2 is kept (and compiled from).
output_dir() { echo "$OUT/$1/$(module_name "$2")"; }

tool_label() {
    case "$1" in
        musubi) echo musubi ;;
        baseline) echo "musubi baseline $BASELINE_VERSION" ;;
        *) echo "$SOG_NAME" ;;
    esac
}

# Median of the numbers given as arguments (mean of the middle two for an even count).
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { printf "%.2f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

max_of() { printf '%s\n' "$@" | sort -g | tail -n 1; }

kb_to_mb() { awk -v k="$1" 'BEGIN { printf "%.0f", k / 1024 }'; }

# Line count of all .swift files under a directory.
swift_lines() { find "$1" -name '*.swift' -print0 | xargs -0 cat | wc -l | tr -d ' '; }

swift_files() { find "$1" -name '*.swift' | wc -l | tr -d ' '; }

# The parts of file $2 matching extended regex $1, one a line; nothing (and no failure
# under pipefail) when none match.
matches() { grep -o -E "$1" "$2" || true; }

# A build log's `error:` lines, each once: the compiler repeats a diagnostic for every
# frontend job that sees it.
distinct_errors() { { grep -E '(^|: )error:' "$1" || true; } | awk '!seen[$0]++'; }

load_average() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?"; }

# Runs a command under GNU time, writing `<wall seconds> <peak RSS KB>` to the file $1.
# The command's own output goes to $2 (stdout and stderr together). GNU time's %M is
# the largest maxrss among the process and the children it waited for — the single
# biggest process, not a sum over the tree.
timed() {
    local measure="$1" log="$2"
    shift 2
    rm -f "$measure"
    "$TIME_BIN" -f '%e %M' -o "$measure" "$@" >"$log" 2>&1
}

# The measure file's last line (with a failing command GNU time first writes "Command
# exited with non-zero status N").
measured_seconds() { tail -n 1 "$1" | awk '{ print $1 }'; }
measured_kb() { tail -n 1 "$1" | awk '{ print $2 }'; }

# ---- tools ------------------------------------------------------------------------------

# GNU time is the whole point (wall time and peak RSS in one); libyaml-dev is what
# Musubi's CLibYAML target links.
ensure_tools() {
    if [[ ! -x /usr/bin/time ]]; then ensure_apt_package time benchmark; fi
    ensure_apt_package libyaml-dev benchmark
    TIME_BIN=/usr/bin/time
    "$TIME_BIN" -f '%e %M' -o /dev/null true 2>/dev/null || die "GNU time is needed at /usr/bin/time (Debian package 'time')"
}

# Musubi's release build, in the scratch folder the other scripts use for it.
build_musubi() {
    local log="$LOGS/musubi.build.log"
    say "building musubi (release)…"
    if ! (cd "$REPO" && swift build -c release --product musubi --scratch-path .build-release) >"$log" 2>&1; then
        tail -n 20 "$log" >&2
        die "musubi does not build; see $log"
    fi
    MUSUBI="$REPO/.build-release/release/musubi"
    [[ -x "$MUSUBI" ]] || die "no musubi binary at $MUSUBI"
    MUSUBI_VERSION="$("$MUSUBI" --version 2>/dev/null || echo '?') ($(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$REPO" diff --quiet HEAD -- Sources 2>/dev/null || echo ', Sources modified'))"
}

# swift-openapi-generator is built from a tiny package of its own that only depends on it:
# SwiftPM builds a dependency's executable product by name. Its first release build takes
# several minutes (swift-syntax is not involved, but OpenAPIKit is big); later runs reuse it.
build_sog() {
    local dir="$WORK/sog-tool" log="$LOGS/sog.build.log"
    # Scripts/model-benchmark.sh keeps a release build per machine: take it when it is there.
    local cached="${MUSUBI_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/musubi-bench}/swift-openapi-generator-$SOG_VERSION/bin/swift-openapi-generator"
    if [[ -x "$cached" ]]; then
        SOG="$cached"
        say "using swift-openapi-generator $SOG_VERSION from $cached"
        return 0
    fi
    mkdir -p "$dir"
    cat >"$dir/Package.swift" <<EOF
// swift-tools-version: 6.0
// Written by Scripts/benchmark.sh: builds swift-openapi-generator $SOG_VERSION to compare against.
import PackageDescription

let package = Package(
    name: "SOGTool",
    dependencies: [.package(url: "https://github.com/apple/swift-openapi-generator", exact: "$SOG_VERSION")],
    targets: []
)
EOF
    say "building swift-openapi-generator $SOG_VERSION (release; the first time takes minutes)…"
    if ! swift build -c release --package-path "$dir" --product swift-openapi-generator >"$log" 2>&1; then
        tail -n 20 "$log" >&2
        die "swift-openapi-generator does not build; see $log"
    fi
    SOG="$(swift build -c release --package-path "$dir" --show-bin-path)/swift-openapi-generator"
    [[ -x "$SOG" ]] || die "no swift-openapi-generator binary at $SOG"
}

# ---- generate ---------------------------------------------------------------------------

# The command line that generates the client for spec $2 with tool $1 into directory $3.
# swift-openapi-generator: types + client (what an app needs; no server stubs), public like
# Musubi's default, so both outputs are the same kind of library.
generate_command() {
    local tool="$1" spec="$2" out="$3" module
    module="$(module_name "$spec")"
    GEN_CMD=()
    if [[ "$GEN_TIMEOUT" != 0 ]] && command -v timeout >/dev/null; then GEN_CMD=(timeout "$GEN_TIMEOUT"); fi
    if [[ "$tool" == baseline ]]; then
        GEN_CMD+=("$BASELINE" generate "$SPEC_DIR/$spec" --output "$out" --module-name "$module")
    elif [[ "$tool" == musubi ]]; then
        GEN_CMD+=("$MUSUBI" generate "$SPEC_DIR/$spec" --output "$out" --module-name "$module")
    else
        GEN_CMD+=("$SOG" generate --mode types --mode client --access-modifier public
            --output-directory "$out" "$SPEC_DIR/$spec")
    fi
}

# One timed generation into an empty folder: Musubi skips rewriting unchanged files, so a
# non-empty output folder would make later runs cheaper than a real first generation.
generate_once() {
    local tool="$1" spec="$2" run="$3" key="$1|$2"
    local out log="$LOGS/$spec.$tool.gen.$run.log"
    local measure="$LOGS/$spec.$tool.gen.$run.time" status=0
    out="$(gen_dir "$tool" "$spec")"
    rm -rf "$out"
    mkdir -p "$out"
    generate_command "$tool" "$spec" "$out"
    timed "$measure" "$log" "${GEN_CMD[@]}" || status=$?
    if ((status != 0)); then
        GEN_OK[$key]=0
        NOTES+=("$spec: $(tool_label "$tool") generate FAILED (exit $status, log $log): $(grep -m1 -i 'error' "$log" || tail -n 1 "$log")")
        return 1
    fi
    GEN_TIMES[$key]+=" $(measured_seconds "$measure")"
    GEN_KBS[$key]+=" $(measured_kb "$measure")"
    LAST_GEN_LOG[$key]="$log"
}

# Runs both tools $RUNS times on one spec, alternating, then reduces the runs to a median
# time and a peak memory, and counts the output of the last run.
generate_spec() {
    local spec="$1" run tool key
    for tool in "${TOOLS[@]}"; do
        key="$tool|$spec"
        GEN_OK[$key]=1 GEN_TIMES[$key]="" GEN_KBS[$key]=""
    done
    for ((run = 1; run <= RUNS; run++)); do
        for tool in "${TOOLS[@]}"; do
            key="$tool|$spec"
            [[ "${GEN_OK[$key]}" == 1 ]] || continue
            generate_once "$tool" "$spec" "$run" || continue
            printf 'benchmark: generate %-24s %-32s run %d/%d: %6.2f s\n' \
                "$spec" "$(tool_label "$tool")" "$run" "$RUNS" "${GEN_TIMES[$key]##* }"
        done
    done
    for tool in "${TOOLS[@]}"; do
        key="$tool|$spec"
        if [[ "${GEN_OK[$key]}" == 1 ]]; then
            # shellcheck disable=SC2086 # the lists are space-separated numbers
            GEN_S[$key]="$(median ${GEN_TIMES[$key]})"
            # shellcheck disable=SC2086
            GEN_MB[$key]="$(kb_to_mb "$(max_of ${GEN_KBS[$key]})")"
            keep_output "$tool" "$spec"
            LINES[$key]="$(swift_lines "$(output_dir "$tool" "$spec")")"
            FILES[$key]="$(swift_files "$(output_dir "$tool" "$spec")")"
            note_generator_warnings "$tool" "$spec" "${LAST_GEN_LOG[$key]}"
        else
            GEN_S[$key]="FAIL" GEN_MB[$key]="-" LINES[$key]="-" FILES[$key]="-"
        fi
    done
}

# Moves the last run's output from the generation folder to the work dir, where it is
# counted, compiled and kept for a look after the run.
keep_output() {
    local from to
    from="$(gen_dir "$1" "$2")"
    to="$(output_dir "$1" "$2")"
    rm -rf "$to"
    mkdir -p "$(dirname "$to")"
    cp -R "$from" "$to"
    rm -rf "$from"
}

# What a generator said while it worked (swift-openapi-generator warns about constructs it
# skips): the count and the most frequent distinct messages go into the report's notes.
# `grep -o` because a warning may start mid-line (its progress output lacks a newline), and
# the `[context: …]` tail names the place, which would make every message distinct.
note_generator_warnings() {
    local tool="$1" spec="$2" log="$3" count top
    count="$(matches 'warning:' "$log" | wc -l | tr -d ' ')"
    ((count > 0)) || return 0
    top="$(matches 'warning:.*' "$log" | sed 's/ \[context:.*//' | cut -c1-150 | sort | uniq -c | sort -rn | head -n 3 | sed 's/^ */    /')"
    NOTES+=("$spec: $(tool_label "$tool") printed $count warnings (by message):" "$top")
}

# ---- compile ----------------------------------------------------------------------------

# SwiftPM names a path dependency by its folder's last component, lower-cased
# (/work/main → `main`); `.product(package:)` needs that identity, not the manifest's name.
repo_package_identity() { basename "$REPO" | tr '[:upper:]' '[:lower:]'; }

# One compile package per tool with one library target per spec. Musubi's output depends
# on MusubiRuntime (the repo, by path); swift-openapi-generator's on OpenAPIRuntime and
# HTTPTypes (its generated files import both).
write_compile_package() {
    local tool="$1" dir="$WORK/$1-compile" spec module deps
    mkdir -p "$dir/Sources"
    {
        echo "// swift-tools-version: 6.0"
        echo "// Written by Scripts/benchmark.sh: the $(tool_label "$tool") clients of the benchmark specs."
        echo "import PackageDescription"
        echo
        echo "let package = Package("
        echo "    name: \"Bench$(if [[ "$tool" == musubi ]]; then echo Musubi; else echo SOG; fi)\","
        echo "    platforms: [.macOS(.v13)],"
        if [[ "$tool" == musubi ]]; then
            echo "    dependencies: [.package(path: \"$REPO\")],"
            deps=".product(name: \"MusubiRuntime\", package: \"$(repo_package_identity)\")"
        else
            echo "    dependencies: ["
            echo "        .package(url: \"https://github.com/apple/swift-openapi-runtime\", exact: \"$SOG_RUNTIME_VERSION\"),"
            echo "        .package(url: \"https://github.com/apple/swift-http-types\", from: \"1.0.0\"),"
            echo "    ],"
            deps=".product(name: \"OpenAPIRuntime\", package: \"swift-openapi-runtime\"), .product(name: \"HTTPTypes\", package: \"swift-http-types\")"
        fi
        echo "    targets: ["
        for spec in "${SPEC_LIST[@]}"; do
            [[ "${GEN_OK[$tool|$spec]}" == 1 ]] || continue
            module="$(module_name "$spec")"
            echo "        .target(name: \"$module\", dependencies: [$deps]),"
        done
        echo "    ],"
        echo "    swiftLanguageModes: [.v$SWIFT_MODE]"
        echo ")"
    } >"$dir/Package.swift"
    # Only this run's modules: a target folder without a manifest entry is just clutter.
    rm -rf "$dir/Sources"
    mkdir -p "$dir/Sources"
    for spec in "${SPEC_LIST[@]}"; do
        [[ "${GEN_OK[$tool|$spec]}" == 1 ]] || continue
        module="$(module_name "$spec")"
        cp -R "$(output_dir "$tool" "$spec")" "$dir/Sources/$module"
    done
}

# The runtime's target name in each compile package.
runtime_target() { if [[ "$1" == musubi ]]; then echo MusubiRuntime; else echo OpenAPIRuntime; fi; }

# A clean debug build of one generated module: a fresh scratch folder (so nothing of an
# earlier build is reused), the runtime built there first and untimed, then the module
# alone under GNU time. Run $3 of --build-runs; each run's seconds are kept in
# BUILD_RUN_S, the highest peak in BUILD_MB, and BUILD_S becomes their median.
compile_one() {
    local tool="$1" spec="$2" run="$3" key="$1|$2" module dir scratch log measure status=0
    module="$(module_name "$spec")"
    dir="$WORK/$tool-compile"
    scratch="$dir/.build-$module"
    log="$LOGS/$spec.$tool.compile.log"
    measure="$LOGS/$spec.$tool.compile.time"
    if [[ "${BUILD_S[$key]}" == FAIL ]]; then return 0; fi
    if ((run == 1)); then BUILD_RUN_S[$key]="" BUILD_MB[$key]=0; fi
    BUILD_S[$key]="FAIL"

    rm -rf "$scratch"
    say "compile $spec ($(tool_label "$tool")): building $(runtime_target "$tool") first…"
    if ! swift build --package-path "$dir" --scratch-path "$scratch" --target "$(runtime_target "$tool")" \
        >"$LOGS/$spec.$tool.runtime.log" 2>&1; then
        NOTES+=("$spec: $(runtime_target "$tool") does not build (log $LOGS/$spec.$tool.runtime.log)")
        return 0
    fi
    say "compile $spec ($(tool_label "$tool")): timing a debug build of $module, run $run/$BUILD_RUNS (load $(load_average))…"
    timed "$measure" "$log" swift build --package-path "$dir" --scratch-path "$scratch" --target "$module" || status=$?
    if ((status != 0)); then
        local errors
        errors="$(distinct_errors "$log" | wc -l | tr -d ' ')"
        NOTES+=("$spec: $(tool_label "$tool") output does not compile ($errors distinct errors after $(measured_seconds "$measure") s, log $log)")
        NOTES+=("$(distinct_errors "$log" | head -n 3 | sed "s|$dir/||; s/^/    /")")
        return 0
    fi
    local seconds peak
    seconds="$(awk -v s="$(measured_seconds "$measure")" 'BEGIN { printf "%.0f", s }')"
    peak="$(kb_to_mb "$(measured_kb "$measure")")"
    BUILD_RUN_S[$key]+="$seconds "
    if ((peak > BUILD_MB[$key])); then BUILD_MB[$key]="$peak"; fi
    BUILD_S[$key]="$(echo "${BUILD_RUN_S[$key]}" | tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')"
    say "compile $spec ($(tool_label "$tool")): $seconds s, peak $peak MB (runs so far: ${BUILD_RUN_S[$key]% })"
    if ((run == 1)); then note_compiler_warnings "$tool" "$spec" "$log"; fi
    # The build folder of a big client is gigabytes of objects and index: nothing reads it again.
    rm -rf "$scratch"
}

# The compiler repeats a warning for every frontend job that sees the file: count the
# distinct `file:line:col: warning: message` lines, and show the most frequent messages.
note_compiler_warnings() {
    local tool="$1" spec="$2" log="$3" count top
    count="$(matches '^[^ ]+:[0-9]+:[0-9]+: warning: .*' "$log" | sort -u | wc -l | tr -d ' ')"
    ((count > 0)) || return 0
    top="$(matches '^[^ ]+:[0-9]+:[0-9]+: warning: .*' "$log" | sort -u | sed -E 's/^[^ ]+: warning: //' | cut -c1-150 | sort | uniq -c | sort -rn | head -n 3 | sed 's/^ */    /')"
    NOTES+=("$spec: compiling the $(tool_label "$tool") output gave $count distinct warnings (by message):" "$top")
}

compile_all() {
    local tool spec
    for tool in "${TOOLS[@]}"; do
        for spec in "${SPEC_LIST[@]}"; do BUILD_S["$tool|$spec"]="-" BUILD_MB["$tool|$spec"]="-"; done
    done
    ((COMPILE)) || return 0
    # The baseline is for generation only: its output's build is not what is compared.
    for tool in musubi sog; do write_compile_package "$tool"; done
    local run
    for spec in "${SPEC_LIST[@]}"; do
        for ((run = 1; run <= BUILD_RUNS; run++)); do
            for tool in musubi sog; do
                if [[ "${GEN_OK[$tool|$spec]}" == 1 ]]; then compile_one "$tool" "$spec" "$run"; fi
            done
        done
    done
}

# ---- report -----------------------------------------------------------------------------

# 371000 → `371 000`, as in the table of the brief; anything not a whole number unchanged.
group_digits() { awk -v n="$1" 'BEGIN { if (n !~ /^[0-9]+$/) { print n; exit } s = ""; while (length(n) > 3) { s = " " substr(n, length(n) - 2) s; n = substr(n, 1, length(n) - 3) } print n s }'; }

build_column() { if ((BUILD_RUNS == 1)); then echo "debug build (1 run)"; else echo "debug build (median of $BUILD_RUNS)"; fi; }

with_unit() { if [[ "$1" =~ ^[0-9.]+$ ]]; then echo "$1 s"; else echo "$1"; fi; }

# One tab-separated line per spec and tool, header first.
table_tsv() {
    local spec tool key
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' spec tool "generate (median of $RUNS)" "peak MB" \
        files lines "$(build_column)" "build peak MB"
    for spec in "${SPEC_LIST[@]}"; do
        for tool in "${TOOLS[@]}"; do
            key="$tool|$spec"
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$spec" "$(tool_label "$tool")" \
                "$(with_unit "${GEN_S[$key]}")" "$(group_digits "${GEN_MB[$key]}")" \
                "$(group_digits "${FILES[$key]}")" "$(group_digits "${LINES[$key]}")" \
                "$(with_unit "${BUILD_S[$key]}")" "$(group_digits "${BUILD_MB[$key]}")"
        done
    done
}

# Aligned columns joined by ` | `. awk, because `column` is not on every fresh machine.
print_table() {
    table_tsv | awk -F'\t' '
        { for (c = 1; c <= NF; c++) { cell[NR, c] = $c; if (length($c) > w[c]) w[c] = length($c) } }
        END {
            for (r = 1; r <= NR; r++) {
                line = ""
                for (c = 1; c <= NF; c++) line = line (c > 1 ? " | " : "") sprintf("%-" w[c] "s", cell[r, c])
                sub(/ +$/, "", line); print line
            }
        }'
}

# "3.2x" for sog ÷ musubi, or "-" when either side has no number.
ratio() {
    local musubi="${1// /}" sog="${2// /}"
    if [[ "$musubi" =~ ^[0-9.]+$ && "$sog" =~ ^[0-9.]+$ ]] && awk -v m="$musubi" 'BEGIN { exit !(m > 0) }'; then
        awk -v m="$musubi" -v s="$sog" 'BEGIN { r = s / m; printf (r >= 10 ? "%.0fx" : "%.1fx"), r }'
    else
        echo "-"
    fi
}

# One line per spec: how many times more swift-openapi-generator takes than Musubi.
ratio_lines() {
    local spec m s line
    for spec in "${SPEC_LIST[@]}"; do
        m="musubi|$spec" s="sog|$spec"
        line="$spec: generate $(ratio "${GEN_S[$m]}" "${GEN_S[$s]}") time, $(ratio "${GEN_MB[$m]}" "${GEN_MB[$s]}") memory"
        line+=", $(ratio "${LINES[$m]}" "${LINES[$s]}") lines"
        if ((COMPILE)); then
            line+="; debug build $(ratio "${BUILD_S[$m]}" "${BUILD_S[$s]}") time, $(ratio "${BUILD_MB[$m]}" "${BUILD_MB[$s]}") memory"
        fi
        echo "$line"
    done
}

# With --baseline, one line per spec: this musubi's generation against the baseline's.
baseline_lines() {
    [[ -n "$BASELINE" ]] || return 0
    local spec m b
    for spec in "${SPEC_LIST[@]}"; do
        m="musubi|$spec" b="baseline|$spec"
        echo "$spec: musubi ${GEN_S[$m]} s, ${GEN_MB[$m]} MB; baseline ${GEN_S[$b]} s, ${GEN_MB[$b]} MB"
    done
}

# What a reader needs to judge the numbers: versions, what was measured how, the load.
context_lines() {
    echo "musubi $MUSUBI_VERSION (release build) vs $SOG_NAME (release build, --mode types --mode client)"
    echo "machine: $(nproc 2>/dev/null || echo '?') cores, $(awk '/MemTotal/ { printf "%.0f GB", $2 / 1048576 }' /proc/meminfo 2>/dev/null); $(swift --version 2>/dev/null | head -n 1)"
    echo "load average (1/5/15 min): $LOAD_BEFORE before, $(load_average) after; other builds on this machine slow both tools alike but add noise"
    echo "generate: wall time is the median of $RUNS runs (tools alternating), peak MB the highest of those runs' max RSS; output to $GEN_DIR$GEN_DIR_NOTE"
    if ((COMPILE)); then
        if ((BUILD_RUNS == 1)); then
            echo "debug build: one run, a clean \`swift build --target <client>\` per tool and spec (Swift $SWIFT_MODE language mode), with the runtime library built beforehand (untimed)"
        else
            echo "debug build: median of $BUILD_RUNS clean \`swift build --target <client>\` runs per tool and spec, the tools alternating (Swift $SWIFT_MODE language mode), each with the runtime library built beforehand (untimed); build peak MB the highest of the runs"
            local key
            for key in "${!BUILD_RUN_S[@]}"; do echo "debug build runs, $key: ${BUILD_RUN_S[$key]% } s"; done | sort
        fi
        echo "build peak MB: GNU time's %M, the max RSS of the single largest process in the tree (a swift-frontend), not the sum over the tree"
    else
        echo "debug build: skipped (--no-compile)"
    fi
}

write_markdown() {
    mkdir -p "$(dirname "$MARKDOWN")"
    {
        table_tsv | awk -F'\t' '
            { row = "|"; for (c = 1; c <= NF; c++) row = row " " $c " |"; print row }
            NR == 1 { row = "|"; for (c = 1; c <= NF; c++) row = row (c <= 2 ? "---|" : "---:|"); print row }'
        echo
        echo "swift-openapi-generator ÷ musubi:"
        echo
        ratio_lines | sed 's/^/- /'
        if [[ -n "$BASELINE" ]]; then
            echo
            echo "musubi against the baseline (generation):"
            echo
            baseline_lines | sed 's/^/- /'
        fi
        echo
        context_lines | sed 's/^/- /'
        if ((${#NOTES[@]} > 0)); then
            echo
            echo "Notes:"
            echo
            echo '```'
            printf '%s\n' "${NOTES[@]}"
            echo '```'
        fi
    } >"$MARKDOWN"
}

report() {
    echo
    if ((${#NOTES[@]} > 0)); then
        echo "notes:"
        printf '%s\n' "${NOTES[@]}"
        echo
    fi
    print_table
    echo
    echo "swift-openapi-generator ÷ musubi:"
    ratio_lines | sed 's/^/  /'
    if [[ -n "$BASELINE" ]]; then
        echo
        echo "musubi against the baseline (generation):"
        baseline_lines | sed 's/^/  /'
    fi
    echo
    context_lines
    echo "logs and generated code: $WORK"
    if [[ -n "$MARKDOWN" ]]; then
        write_markdown
        echo "markdown: $MARKDOWN"
    fi
}

# Two runs sharing a work dir would delete each other's output and build folders mid-run.
lock_work_dir() {
    command -v flock >/dev/null || return 0
    exec 9>"$WORK/.lock"
    if ! flock -n 9; then
        say "another run is using $WORK; waiting for it (or pass --work DIR)…"
        flock 9
    fi
}

main() {
    parse_options "$@"
    lock_work_dir
    mkdir -p "$LOGS"
    LOAD_BEFORE="$(load_average)"
    say "specs: ${SPEC_LIST[*]} (from $SPEC_DIR); $RUNS generation runs each; load average $LOAD_BEFORE"
    declare -gA GEN_OK GEN_TIMES GEN_KBS LAST_GEN_LOG GEN_S GEN_MB LINES FILES BUILD_S BUILD_MB BUILD_RUN_S
    NOTES=()
    setup_gen_dir
    ensure_tools
    build_musubi
    build_sog
    local spec
    for spec in "${SPEC_LIST[@]}"; do generate_spec "$spec"; done
    compile_all
    report
}

# `; exit` on the same line: bash reads a script as it runs it, so without it an edit to
# this file during a (30-minute) run would be read as the rest of the script afterwards.
main "$@"; exit
