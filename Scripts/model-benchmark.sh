#!/usr/bin/env bash
# Model runtime benchmark: how fast generated models decode, encode, compare (`==`) and hash,
# against plain structs with synthesized Codable/Hashable and swift-openapi-generator 1.14.3's
# types, on a payload of GitHub issues, pull requests and repositories (`--payload records`, the
# default; these models all have links, so Musubi keeps their values in a storage class), or of
# GitHub rate limits, page views and clones (`--payload inline`: models without links, which
# store their values in their own properties).
#
# What it does, all under the work dir (by default .build-model-bench/ in the repo, git-ignored
# by the `.build-*` rule; nothing is written into the repo's tracked files, the spec is read
# where it is and never copied):
#   1. the payload: JSON arrays built from the spec's own examples (components/examples
#      `issue`, `pull-request`, `full-repository`), 100/100/20 copies with distinct ids
#      (Benchmarks/model-runtime/make-payload.py);
#   2. the models of the `issue`, `pull-request` and `full-repository` schemas, four ways:
#      - plain: structs as a careful developer writes them, synthesized Codable and Hashable
#        (Benchmarks/model-runtime/plain-structs.py); every ratio is to these;
#      - plain+URL: the same with `URL` for `format: uri` strings, as Musubi's models have them;
#      - Musubi: `musubi generate` filtered to the three operations that return them
#        (issues/get, pulls/get, repos/get), with the runtime that binary embeds
#        (`--package --embed-runtime`), so each musubi binary is measured with its own
#        runtime; --baseline adds a second musubi binary the same way;
#      - swift-openapi-generator 1.14.3: `--mode types` with the same operation filter,
#        against swift-openapi-runtime 1.13.4;
#   3. ONE release executable (Benchmarks/model-runtime/Harness.swift) holding every variant,
#      each a module of its own, which times decode (JSONDecoder), encode (JSONEncoder), `==`
#      of two equal deep copies (the payload decoded twice) and `hash(into:)` over all items,
#      the variants interleaved in each round, and prints markdown tables: the median of
#      --rounds rounds, absolute times and ratios to the plain structs (each the median of the
#      rounds' ratios). A variant whose types are not Hashable gets "n/a" for hash(into:).
#      Unchanged generated files are not rewritten, so a second run rebuilds only what changed.
#
# All variants use one JSONDecoder/JSONEncoder configuration (ISO 8601 dates, no key sorting),
# so the figures compare model code, not coder settings.
#
# A developer script, NEVER for CI (Scripts/test.sh and .ci/run do not call it): the first run
# on a machine builds swift-openapi-generator into ~/.cache/musubi-bench (5 to 15 minutes;
# every checkout then shares it), and the first run in a work dir builds the benchmark in
# release mode (several minutes on two cores; later runs rebuild only what changed).
#
# Usage: Scripts/model-benchmark.sh [--musubi PATH] [--baseline PATH] [--rounds N]
#                                   [--sog PATH | --no-sog] [--spec-dir DIR] [--work DIR] [--markdown FILE]
#
# To compare a change: build the commit before it (say in a worktree) and pass both binaries:
#   Scripts/model-benchmark.sh --musubi .build-release/release/musubi --baseline /tmp/before/musubi
set -euo pipefail # note: `[[ cond ]] && cmd` as a function's last line would fail it; use `if`
export LC_ALL=C   # `.` as the decimal separator

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HERE="$REPO/Benchmarks/model-runtime"

SOG_VERSION="1.14.3"         # swift-openapi-generator, the tool compared against
SOG_RUNTIME_VERSION="1.13.4" # swift-openapi-runtime, what its generated code imports
# Where swift-openapi-generator is built, once for all checkouts (see build_sog).
SOG_CACHE="${MUSUBI_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/musubi-bench}/swift-openapi-generator-$SOG_VERSION"
SPEC_NAME="github-rest-api.json"

# ---- options ----------------------------------------------------------------------------

MUSUBI=""
BASELINE=""
SOG=""
WITH_SOG=1
ROUNDS=15
SPEC_DIR="$REPO/../shared/specs"
WORK="$REPO/.build-model-bench"
MARKDOWN=""
PAYLOAD="records"

usage() {
    cat <<'EOF'
Usage: Scripts/model-benchmark.sh [options]
Times decode, encode, == and hash(into:) of generated models against plain structs with
synthesized Codable/Hashable and swift-openapi-generator 1.14.3's types, on GitHub issues,
pull requests and repositories (or, with --payload inline, rate limits, page views and clones)
made from the spec's examples, all in one release executable.
  --musubi PATH     the musubi binary to measure (default: a release build of this checkout)
  --baseline PATH   another musubi binary, measured beside it (say the commit before a change)
  --rounds N        rounds; each prints the median (default 15)
  --payload NAME    records: issues, pull requests, repositories (the default; storage-backed
                    models); inline: rate limits, page views, clones (models without storage)
  --sog PATH        an already built swift-openapi-generator 1.14.3 (default: built once per
                    machine into ~/.cache/musubi-bench, or $MUSUBI_BENCH_CACHE: 5 to 15 minutes)
  --no-sog          leave swift-openapi-generator out (no tool build, a quicker package build)
  --spec-dir DIR    where github-rest-api.json is (default: ../shared/specs next to the repo)
  --work DIR        work dir (default: .build-model-bench in the repo)
  --markdown FILE   also write the tables to FILE
A developer script: never run it in CI.
EOF
}

die() {
    echo "model-benchmark: error: $*" >&2
    exit 2
}

say() { echo "model-benchmark: $*" >&2; }

absolute() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }

parse_options() {
    while (($# > 0)); do
        case "$1" in
            --musubi) MUSUBI="${2:?--musubi needs a binary}"; shift 2 ;;
            --baseline) BASELINE="${2:?--baseline needs a binary}"; shift 2 ;;
            --rounds) ROUNDS="${2:?--rounds needs a number}"; shift 2 ;;
            --sog) SOG="${2:?--sog needs a binary}"; shift 2 ;;
            --no-sog) WITH_SOG=0; shift ;;
            --spec-dir) SPEC_DIR="${2:?--spec-dir needs a directory}"; shift 2 ;;
            --work) WORK="${2:?--work needs a directory}"; shift 2 ;;
            --markdown) MARKDOWN="${2:?--markdown needs a file}"; shift 2 ;;
            --payload) PAYLOAD="${2:?--payload needs records or inline}"; shift 2 ;;
            -h | --help) usage; exit 0 ;;
            *) usage >&2; die "unknown argument: $1" ;;
        esac
    done
    [[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || die "--rounds needs a positive number"
    choose_payload
    [[ -f "$SPEC_DIR/$SPEC_NAME" ]] || die "no $SPEC_NAME in $SPEC_DIR"
    SPEC="$(absolute "$SPEC_DIR/$SPEC_NAME")"
    local binary
    for binary in MUSUBI BASELINE SOG; do
        if [[ -n "${!binary}" ]]; then
            [[ -x "${!binary}" ]] || die "not an executable: ${!binary}"
            printf -v "$binary" '%s' "$(absolute "${!binary}")"
        fi
    done
    mkdir -p "$WORK/logs"
    WORK="$(cd "$WORK" && pwd)"
    LOGS="$WORK/logs"
    if [[ -n "$MARKDOWN" && "$MARKDOWN" != /* ]]; then MARKDOWN="$PWD/$MARKDOWN"; fi
}

# The schemas measured, the examples the payload is made of (with their counts), the operations
# whose responses use them (the generators' filter), the three types' Swift names (Musubi's and
# the plain structs' are the same; swift-openapi-generator's are its own) and the harness's
# label for each kind.
choose_payload() {
    case "$PAYLOAD" in
        records)
            SCHEMAS=(issue pull-request full-repository)
            EXAMPLES=(issue=100 pull-request=100 full-repository=20)
            OPERATIONS=(issues/get pulls/get repos/get)
            TYPES=(Issue PullRequest FullRepository)
            SOG_TYPES=(issue pull_hyphen_request full_hyphen_repository)
            LABELS=("issues" "pull requests" "repositories")
            ;;
        inline)
            SCHEMAS=(rate-limit-overview view-traffic clone-traffic)
            EXAMPLES=(rate-limit-overview=3000 view-traffic=1500 clone-traffic=1500)
            OPERATIONS=(rate-limit/get repos/get-views repos/get-clones)
            TYPES=(RateLimitOverview ViewTraffic CloneTraffic)
            SOG_TYPES=(rate_hyphen_limit_hyphen_overview view_hyphen_traffic clone_hyphen_traffic)
            LABELS=("rate limits" "page views" "clones")
            ;;
        *) die "--payload is records or inline, not $PAYLOAD" ;;
    esac
}

# Runs a command with its output in log $1; on failure shows the log's end and stops.
logged() {
    local log="$1" what="$2"
    shift 2
    if ! "$@" >"$log" 2>&1; then
        tail -n 30 "$log" >&2
        die "$what failed; see $log"
    fi
}

load_average() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo "?"; }

# ---- tools ------------------------------------------------------------------------------

build_musubi() {
    if [[ -n "$MUSUBI" ]]; then
        MUSUBI_LABEL="$("$MUSUBI" --version 2>/dev/null || echo '?') ($MUSUBI)"
        return 0
    fi
    # The commit is read before the build, which is what the build compiles.
    local commit
    commit="$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo '?')$(git -C "$REPO" diff --quiet HEAD -- Sources Templates 2>/dev/null || echo ', modified')"
    say "building musubi (release)…"
    logged "$LOGS/musubi.build.log" "building musubi" \
        swift build -c release --package-path "$REPO" --product musubi --scratch-path "$REPO/.build-release"
    MUSUBI="$REPO/.build-release/release/musubi"
    check_embedded_copies
    MUSUBI_LABEL="$("$MUSUBI" --version 2>/dev/null || echo '?') ($commit)"
}

# The musubi binary generates from copies of Templates/ and Sources/MusubiRuntime/ compiled
# into it (Sources/MusubiEmitter/BuiltInTemplates.swift and EmbeddedRuntime.swift, written by
# Scripts/embed-templates.py). After an edit of a template or the runtime without that script,
# this checkout's build would measure the old code: the script is run on a scratch copy and
# its output compared with the checkout's, and a difference is reported (not fixed: the
# repo's files are not written).
check_embedded_copies() {
    local scratch="$WORK/embed-check" file
    rm -rf "$scratch"
    mkdir -p "$scratch/Scripts" "$scratch/Sources/MusubiEmitter"
    cp "$REPO/Scripts/embed-templates.py" "$scratch/Scripts/"
    cp -R "$REPO/Templates" "$scratch/Templates"
    cp -R "$REPO/Sources/MusubiRuntime" "$scratch/Sources/MusubiRuntime"
    logged "$LOGS/embed-check.log" "Scripts/embed-templates.py on a scratch copy" python3 "$scratch/Scripts/embed-templates.py"
    for file in BuiltInTemplates.swift EmbeddedRuntime.swift; do
        if ! cmp -s "$scratch/Sources/MusubiEmitter/$file" "$REPO/Sources/MusubiEmitter/$file"; then
            WARNINGS+=("Sources/MusubiEmitter/$file is not what Scripts/embed-templates.py writes now: musubi generates with the old templates or runtime; run the script and measure again")
            say "WARNING: ${WARNINGS[-1]}"
        fi
    done
}

# swift-openapi-generator is built once per machine, not per work dir: a pinned release, so
# every checkout can share it, and its release build takes 5 to 15 minutes on two cores. It
# is built from a tiny package that depends on it (as Scripts/benchmark.sh does) and its
# binary copied to $SOG_CACHE/bin.
build_sog() {
    if [[ -n "$SOG" ]] || ((!WITH_SOG)); then return 0; fi
    SOG="$SOG_CACHE/bin/swift-openapi-generator"
    if [[ -x "$SOG" ]]; then return 0; fi
    local dir="$SOG_CACHE/package" built
    mkdir -p "$dir" "$SOG_CACHE/bin"
    # Scripts/benchmark.sh builds the same release in its work dir: take that binary if it is there.
    built="$REPO/.build-bench/sog-tool/.build/release/swift-openapi-generator"
    if [[ -x "$built" ]] && grep -qF "exact: \"$SOG_VERSION\"" "$REPO/.build-bench/sog-tool/Package.swift" 2>/dev/null; then
        cp "$built" "$SOG.partial"
        mv "$SOG.partial" "$SOG"
        return 0
    fi
    cat >"$dir/Package.swift" <<EOF
// swift-tools-version: 6.0
// Written by Scripts/model-benchmark.sh: builds swift-openapi-generator $SOG_VERSION.
import PackageDescription

let package = Package(
    name: "SOGTool",
    dependencies: [.package(url: "https://github.com/apple/swift-openapi-generator", exact: "$SOG_VERSION")],
    targets: []
)
EOF
    say "building swift-openapi-generator $SOG_VERSION in $dir (release; once per machine, minutes)…"
    logged "$LOGS/sog.build.log" "building swift-openapi-generator" \
        swift build -c release --package-path "$dir" --product swift-openapi-generator
    built="$(swift build -c release --package-path "$dir" --show-bin-path)/swift-openapi-generator"
    [[ -x "$built" ]] || die "no swift-openapi-generator binary at $built"
    cp "$built" "$SOG.partial"
    mv "$SOG.partial" "$SOG"
}

# ---- the benchmark package --------------------------------------------------------------

make_payload() {
    say "payload from the spec's examples: ${EXAMPLES[*]}"
    rm -rf "$WORK/payload"
    logged "$LOGS/payload.log" "making the payload" python3 "$HERE/make-payload.py" "$SPEC" "$WORK/payload" "${EXAMPLES[@]}"
}

# Musubi binary $1's models as two targets of the benchmark package: `$2Models` (the
# generated code) and `$2Runtime` (the runtime the binary embeds). Both are renamed from
# MusubiRuntime so that two musubi binaries' runtimes can live in one executable.
generate_musubi() {
    local binary="$1" prefix="$2" out="$WORK/gen/$2" filters=() operation
    for operation in "${OPERATIONS[@]}"; do filters+=(--include-operation "$operation"); done
    rm -rf "$out"
    say "generating the ${prefix} models…"
    logged "$LOGS/$prefix.generate.log" "musubi generate ($binary)" \
        "$binary" generate "$SPEC" --output "$out" --package "${prefix}Models" --embed-runtime --quiet "${filters[@]}"
    local models runtime
    models="$(find "$out/Sources" -mindepth 1 -maxdepth 1 -type d ! -name MusubiRuntime | head -n 1)"
    runtime="$out/Sources/MusubiRuntime"
    [[ -d "$models" && -d "$runtime" ]] || die "unexpected layout of $out (expected Sources/${prefix}Models and Sources/MusubiRuntime)"
    cp -R "$models" "$STAGE/Sources/${prefix}Models"
    cp -R "$runtime" "$STAGE/Sources/${prefix}Runtime"
    find "$STAGE/Sources/${prefix}Models" "$STAGE/Sources/${prefix}Runtime" -name '*.swift' -print0 |
        xargs -0 sed -i -E "s/\\bMusubiRuntime\\b/${prefix}Runtime/g"
}

generate_sog() {
    local dir="$STAGE/Sources/SOGModels" config="$WORK/gen/openapi-generator-config.yaml" operation
    mkdir -p "$dir" "$WORK/gen"
    {
        echo "generate: [types]"
        echo "accessModifier: public"
        echo "filter:"
        echo "  operations:"
        for operation in "${OPERATIONS[@]}"; do echo "    - $operation"; done
    } >"$config"
    say "generating the swift-openapi-generator types…"
    logged "$LOGS/sog.generate.log" "swift-openapi-generator generate" \
        "$SOG" generate --config "$config" --output-directory "$dir" "$SPEC"
}

# The plain structs twice: with `uri` strings as String (the reference of the ratios) and as URL.
generate_plain() {
    mkdir -p "$STAGE/Sources/PlainModels" "$STAGE/Sources/PlainURLModels"
    logged "$LOGS/plain.generate.log" "plain-structs.py" \
        python3 "$HERE/plain-structs.py" "$SPEC" "$STAGE/Sources/PlainModels/PlainModels.swift" "${SCHEMAS[@]}"
    logged "$LOGS/plain-url.generate.log" "plain-structs.py --urls" \
        python3 "$HERE/plain-structs.py" --urls "$SPEC" "$STAGE/Sources/PlainURLModels/PlainURLModels.swift" "${SCHEMAS[@]}"
}

# The variants: prefix of the module and the Swift names of the three model types.
variant_types() {
    case "$1" in
        Plain | PlainURL | Musubi | Baseline) echo "${TYPES[*]/#/${1}Models.}" ;;
        SOG) echo "${SOG_TYPES[*]/#/SOGModels.Components.Schemas.}" ;;
    esac
}

variant_name() {
    case "$1" in
        Plain) echo plain ;;
        PlainURL) echo plain+URL ;;
        Musubi) echo musubi ;;
        Baseline) echo baseline ;;
        SOG) echo sog ;;
    esac
}

write_package() {
    local variant types targets="" products=""
    {
        echo "// The variants of the model runtime benchmark, written by Scripts/model-benchmark.sh."
        echo "import Foundation"
        for variant in "${VARIANTS[@]}"; do echo "import ${variant}Models"; done
        echo
        echo "/// The variants, plain first (the others' ratios are to it)."
        echo "nonisolated(unsafe) let variantFactories: [(String, ([Data]) throws -> any Variant)] = ["
        for variant in "${VARIANTS[@]}"; do
            read -r -a types <<<"$(variant_types "$variant")"
            echo "    (\"$(variant_name "$variant")\", { try Models<${types[0]}, ${types[1]}, ${types[2]}>(name: \"$(variant_name "$variant")\", payload: \$0) }),"
        done
        echo "]"
        echo
        echo "/// The payload's kinds, in the order of the \`Models\` generic parameters."
        echo "let kinds = ["
        local index
        for index in 0 1 2; do
            echo "    Kind(label: \"${LABELS[$index]}\", file: \"${SCHEMAS[$index]}.json\"),"
        done
        echo "]"
    } >"$STAGE/Sources/ModelBench/Variants.swift"
    cp "$HERE/Harness.swift" "$STAGE/Sources/ModelBench/main.swift"

    for variant in "${VARIANTS[@]}"; do
        case "$variant" in
            Plain | PlainURL) targets+="        .target(name: \"${variant}Models\"),"$'\n' ;;
            SOG)
                targets+="        .target(name: \"SOGModels\", dependencies: [.product(name: \"OpenAPIRuntime\", package: \"swift-openapi-runtime\"), .product(name: \"HTTPTypes\", package: \"swift-http-types\")]),"$'\n'
                ;;
            *)
                targets+="        .target(name: \"${variant}Runtime\"),"$'\n'
                targets+="        .target(name: \"${variant}Models\", dependencies: [\"${variant}Runtime\"]),"$'\n'
                ;;
        esac
        products+="\"${variant}Models\", "
    done
    cat >"$STAGE/Package.swift" <<EOF
// swift-tools-version: 6.0
// Written by Scripts/model-benchmark.sh: the model runtime benchmark, every variant a module.
import PackageDescription

let package = Package(
    name: "ModelBench",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/apple/swift-openapi-runtime", exact: "$SOG_RUNTIME_VERSION"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
    ],
    targets: [
$targets        .executableTarget(name: "ModelBench", dependencies: [${products%, }]),
    ]
)
EOF
}

# Copies the files of directory $1 that differ into directory $2 and removes from $2/Sources
# what $1 lacks, leaving unchanged files untouched, so SwiftPM rebuilds only modules that changed
# (compiling swift-openapi-generator's types in release mode takes minutes).
sync_tree() {
    local from="$1" to="$2" file
    mkdir -p "$to"
    while IFS= read -r -d '' file; do
        if ! cmp -s "$from/$file" "$to/$file"; then
            mkdir -p "$(dirname "$to/$file")"
            cp "$from/$file" "$to/$file"
        fi
    done < <(cd "$from" && find . -type f -print0)
    while IFS= read -r -d '' file; do
        if [[ ! -e "$from/$file" ]]; then rm -f "$to/$file"; fi
    done < <(cd "$to" && find Sources -type f -print0)
}

prepare_package() {
    VARIANTS=(Plain PlainURL Musubi)
    if [[ -n "$BASELINE" ]]; then VARIANTS+=(Baseline); fi
    if ((WITH_SOG)); then VARIANTS+=(SOG); fi
    # The package is written to $STAGE, then synced into $PACKAGE, where it is built.
    STAGE="$WORK/stage"
    PACKAGE="$WORK/bench"
    rm -rf "$STAGE" "$WORK/gen"
    mkdir -p "$STAGE/Sources/ModelBench" "$WORK/gen"
    generate_plain
    generate_musubi "$MUSUBI" Musubi
    if [[ -n "$BASELINE" ]]; then generate_musubi "$BASELINE" Baseline; fi
    if ((WITH_SOG)); then generate_sog; fi
    write_package
    sync_tree "$STAGE" "$PACKAGE"
    say "building the benchmark (release; minutes on a busy machine, load $(load_average))…"
    logged "$LOGS/bench.build.log" "building the benchmark" \
        swift build -c release --package-path "$PACKAGE" --product ModelBench
    BENCH="$(swift build -c release --package-path "$PACKAGE" --show-bin-path)/ModelBench"
}

# ---- run --------------------------------------------------------------------------------

context_lines() {
    local warning
    for warning in "${WARNINGS[@]}"; do echo "- WARNING: $warning"; done
    echo "- musubi: $MUSUBI_LABEL"
    if [[ -n "$BASELINE" ]]; then echo "- baseline: $("$BASELINE" --version 2>/dev/null || echo '?') ($BASELINE)"; fi
    if ((WITH_SOG)); then echo "- sog: swift-openapi-generator $SOG_VERSION (--mode types), swift-openapi-runtime $SOG_RUNTIME_VERSION"; fi
    echo "- plain: Benchmarks/model-runtime/plain-structs.py (synthesized Codable and Hashable)"
    echo "- release builds, one process, variants interleaved; $(nproc 2>/dev/null || echo '?') cores; $(swift --version 2>/dev/null | head -n 1)"
    echo "- load average (1/5/15 min): $LOAD_BEFORE before, $(load_average) after"
}

lock_work_dir() {
    command -v flock >/dev/null || return 0
    exec 9>"$WORK/.lock"
    if ! flock -n 9; then
        say "another run is using $WORK; waiting for it (or pass --work DIR)…"
        flock 9
    fi
}

main() {
    WARNINGS=()
    parse_options "$@"
    lock_work_dir
    build_musubi
    build_sog
    make_payload
    prepare_package
    LOAD_BEFORE="$(load_average)"
    say "running $ROUNDS rounds (load $LOAD_BEFORE)…"
    local results="$WORK/results.md"
    "$BENCH" "$WORK/payload" "$ROUNDS" | tee "$results.tables"
    {
        cat "$results.tables"
        echo
        context_lines
    } >"$results"
    echo
    context_lines
    if [[ -n "$MARKDOWN" ]]; then
        mkdir -p "$(dirname "$MARKDOWN")"
        cp "$results" "$MARKDOWN"
        echo "markdown: $MARKDOWN"
    fi
}

# `; exit` on the same line: bash reads a script as it runs it, so an edit to this file during
# a run is not read as the rest of the script.
main "$@"; exit
