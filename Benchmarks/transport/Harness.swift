import AsyncHTTPClient
import Foundation
import MusubiAsyncHTTPClient
import MusubiRuntime
import NIOCore
import PetstoreClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Times one GET of a small JSON pet, decoded into the generated `Pet`, four ways: raw
/// `URLSession` and raw AsyncHTTPClient (each followed by `JSONDecoder`), and Musubi's `Client`
/// over each of its two transports. Every variant runs in each round, the order rotating, so
/// a burst of load elsewhere hits them alike; a ratio is the median of the rounds' ratios.
@main
struct TransportBenchmark {
    struct Variant {
        var name: String
        var call: @Sendable () async throws -> Void
    }

    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2, let port = Int(arguments[1]) else {
            print("usage: TransportHarness PORT [REQUESTS] [ROUNDS] [CONCURRENCY]")
            exit(2)
        }
        let requests = arguments.count > 2 ? Int(arguments[2]) ?? 2000 : 2000
        let rounds = arguments.count > 3 ? Int(arguments[3]) ?? 7 : 7
        let concurrency = arguments.count > 4 ? Int(arguments[4]) ?? 16 : 16
        let base = URL(string: "http://127.0.0.1:\(port)")!

        let session = URLSession(configuration: .default)
        let httpClient = HTTPClient(
            eventLoopGroupProvider: .singleton,
            configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
        let urlSessionClient = Client(baseURL: base, transport: URLSessionTransport())
        let asyncHTTPClient = Client(baseURL: base, transport: AsyncHTTPClientTransport(client: httpClient))

        let variants = [
            Variant(name: "URLSession") {
                let url = URL(string: "http://127.0.0.1:\(port)/pets/\(42)")!
                let (data, response) = try await session.data(for: URLRequest(url: url))
                guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchmarkError.status }
                let pet = try JSONDecoder.benchmark.decode(Pet.self, from: data)
                precondition(pet.id == 42)
            },
            Variant(name: "Musubi on URLSessionTransport") {
                let pet = try await urlSessionClient.send(ShowPetByID(petID: "42"))
                precondition(pet.id == 42)
            },
            Variant(name: "AsyncHTTPClient") {
                let response = try await httpClient.execute(
                    HTTPClientRequest(url: "http://127.0.0.1:\(port)/pets/\(42)"), deadline: .distantFuture)
                guard response.status == .ok else { throw BenchmarkError.status }
                let body = try await response.body.collect(upTo: 1 << 20)
                let pet = try JSONDecoder.benchmark.decode(Pet.self, from: Data(body.readableBytesView))
                precondition(pet.id == 42)
            },
            Variant(name: "Musubi on AsyncHTTPClientTransport") {
                let pet = try await asyncHTTPClient.send(ShowPetByID(petID: "42"))
                precondition(pet.id == 42)
            },
        ]
        /// Each Musubi variant's raw baseline.
        let pairs = [(1, 0), (3, 2)]

        // `PROFILE=<variant number>`: only that variant, sequentially, for a profiler.
        if let profiled = ProcessInfo.processInfo.environment["PROFILE"].flatMap(Int.init) {
            try await run(variants[profiled], requests: requests, concurrency: 1)
            try await httpClient.shutdown()
            return
        }

        // Warm up: connections open, code paged in.
        for variant in variants {
            try await run(variant, requests: 200, concurrency: concurrency)
        }

        for (mode, workers) in [("sequential", 1), ("\(concurrency) concurrent tasks", concurrency)] {
            var times = Array(repeating: [Double](), count: variants.count)
            var cpuTimes = Array(repeating: [Double](), count: variants.count)
            var ratios = Array(repeating: [Double](), count: pairs.count)
            for round in 0..<rounds {
                var roundTimes = Array(repeating: 0.0, count: variants.count)
                for step in 0..<variants.count {
                    let index = (step + round) % variants.count
                    let cpuBefore = processCPUTime()
                    roundTimes[index] = try await run(variants[index], requests: requests, concurrency: workers)
                    cpuTimes[index].append(processCPUTime() - cpuBefore)
                    times[index].append(roundTimes[index])
                }
                for (pair, (musubi, raw)) in pairs.enumerated() {
                    ratios[pair].append(roundTimes[musubi] / roundTimes[raw])
                }
            }
            print("\n### \(requests) requests, \(mode), median of \(rounds) rounds\n")
            print("| variant | total | per request | ratio to raw | CPU per request |")
            print("|---|---:|---:|---:|---:|")
            for (index, variant) in variants.enumerated() {
                let total = median(times[index])
                let ratio =
                    pairs.firstIndex { $0.0 == index }.map { String(format: "%.3f×", median(ratios[$0])) } ?? "1"
                print(
                    "| \(variant.name) | \(String(format: "%.0f ms", total * 1000)) | "
                        + "\(String(format: "%.1f µs", total / Double(requests) * 1_000_000)) | \(ratio) | "
                        + "\(String(format: "%.1f µs", median(cpuTimes[index]) / Double(requests) * 1_000_000)) |")
            }
        }
        try await httpClient.shutdown()
    }

    /// Seconds to make `requests` calls, spread over `concurrency` tasks.
    @discardableResult
    static func run(_ variant: Variant, requests: Int, concurrency: Int) async throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        if concurrency == 1 {
            for _ in 0..<requests { try await variant.call() }
        } else {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<concurrency {
                    let share = requests / concurrency + (worker < requests % concurrency ? 1 : 0)
                    group.addTask {
                        for _ in 0..<share { try await variant.call() }
                    }
                }
                try await group.waitForAll()
            }
        }
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// User and system CPU seconds this process has used, all threads together.
    static func processCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
}

enum BenchmarkError: Error {
    case status
}

extension JSONDecoder {
    /// What Musubi's clients decode with: ISO 8601 dates.
    static var benchmark: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
