#!/usr/bin/env bash
# Transport benchmark: what a call through Musubi's `Client` costs next to the raw HTTP stack
# under it. One GET of a small JSON pet, decoded into the generated `Pet`
# (Examples/PetstoreClient), four ways in ONE release executable
# (Benchmarks/transport/Harness.swift): raw URLSession + JSONDecoder, Musubi over
# URLSessionTransport, raw AsyncHTTPClient + JSONDecoder, Musubi over AsyncHTTPClientTransport;
# sequentially and from concurrent tasks, the variants interleaved in each round. The server is
# a separate SwiftNIO process on 127.0.0.1 (Benchmarks/transport/Server.swift) answering every
# request with the same body.
#
# A developer script, never for CI. The first run builds the package in release mode under the
# work dir (several minutes on two cores); later runs rebuild only what changed.
#
# Usage: Scripts/transport-benchmark.sh [--requests N] [--rounds N] [--concurrency N] [--work DIR]
set -euo pipefail
export LC_ALL=C

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HERE="$REPO/Benchmarks/transport"
REQUESTS=2000
ROUNDS=7
CONCURRENCY=16
WORK="$REPO/.build-transport-bench"

while [[ $# -gt 0 ]]; do
    case "$1" in
    --requests) REQUESTS="$2"; shift 2 ;;
    --rounds) ROUNDS="$2"; shift 2 ;;
    --concurrency) CONCURRENCY="$2"; shift 2 ;;
    --work) WORK="$2"; shift 2 ;;
    -h | --help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "unknown option: $1" >&2; exit 2 ;;
    esac
done

mkdir -p "$WORK/Sources/PetstoreClient" "$WORK/Sources/TransportServer" "$WORK/Sources/TransportHarness"
# The committed generated client, so the runtime and the client are the checkout's own.
rm -rf "$WORK/Sources/PetstoreClient" && cp -R "$REPO/Examples/PetstoreClient" "$WORK/Sources/PetstoreClient"
cp "$HERE/Server.swift" "$WORK/Sources/TransportServer/main.swift"
cp "$HERE/Harness.swift" "$WORK/Sources/TransportHarness/main.swift"
cat >"$WORK/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "TransportBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: "$REPO", traits: ["AsyncHTTPClient"]),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .target(name: "PetstoreClient", dependencies: [.product(name: "MusubiRuntime", package: "$(basename "$REPO")")]),
        .executableTarget(
            name: "TransportServer",
            dependencies: [
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(
            name: "TransportHarness",
            dependencies: [
                "PetstoreClient",
                .product(name: "MusubiRuntime", package: "$(basename "$REPO")"),
                .product(name: "MusubiAsyncHTTPClient", package: "$(basename "$REPO")"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
MANIFEST

echo "building the benchmark (release) in $WORK ..." >&2
swift build -c release --package-path "$WORK" -j 2 >&2

"$WORK/.build/release/TransportServer" >"$WORK/server.port" &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 50); do
    [[ -s "$WORK/server.port" ]] && break
    sleep 0.1
done
PORT="$(head -1 "$WORK/server.port")"
echo "server on 127.0.0.1:$PORT; $REQUESTS requests, $ROUNDS rounds, $CONCURRENCY concurrent tasks" >&2
"$WORK/.build/release/TransportHarness" "$PORT" "$REQUESTS" "$ROUNDS" "$CONCURRENCY"
