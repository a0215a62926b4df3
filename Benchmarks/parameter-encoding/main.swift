// Times the runtime's parameter and body encoding: compiled with `-O` together with the
// runtime's sources into one program by `run.sh`, so two versions of the runtime can be compared.
import Foundation

struct Range: Encodable {
    var gte: Int? = 1_700_000_000
    var lt: Int? = 1_800_000_000
}

struct Filter: Encodable {
    var color = "brown"
    var sizes = [1, 2, 3]
    var since = Date(timeIntervalSince1970: 1_704_164_645)
}

struct SearchForm: Encodable {
    var criteria = "a&b=c d"
    var start = 20
    var limit: Int? = 100
    var tags = ["alpha", "beta", "gamma", "delta"]
    var id = UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000")!
    var filter = Filter()
    var note: String? = nil
    var flag = true
}

struct UploadForm: Encodable {
    var purpose = "fine-tune"
    var file = Data(repeating: 7, count: 256)
    var labels = ["a", "b", "c"]
    var meta = Filter()
}

/// The CPU time of the calling thread, in nanoseconds: on a shared machine, time spent waiting
/// for a core is not counted.
func threadCPUTime() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

/// The CPU nanoseconds one call of `body` takes, the best of seven rounds of `iterations`
/// calls; returns the sum of what `body` returned, so the optimizer cannot drop the calls.
@discardableResult
func measure(_ name: String, iterations: Int, _ body: () throws -> Int) rethrows -> Int {
    var best = Int.max
    var sink = 0
    for _ in 0..<7 {
        let start = threadCPUTime()
        for _ in 0..<iterations { sink &+= try body() }
        best = min(best, threadCPUTime() - start)
    }
    print(
        name.padding(toLength: 36, withPad: " ", startingAt: 0),
        String(format: "%9.0f ns", Double(best) / Double(iterations)))
    return sink
}

let tags = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"]
let petID = "pet/42"
measure("query: integer", iterations: 200_000) { QueryParameter("limit", 100).items.count }
measure("query: array of 10 strings", iterations: 50_000) { QueryParameter("tags", tags).items.count }
measure("query: model, deepObject", iterations: 50_000) {
    QueryParameter("created", Range(), style: .deepObject).items.count
}
measure("path: one string", iterations: 200_000) { ("/pets/\(petID)/photos" as RequestPath).encoded.utf8.count }
measure("header: array, simple", iterations: 100_000) { HeaderParameter("X-Tags", tags).value?.utf8.count ?? 0 }
measure("cookie: string", iterations: 200_000) { CookieParameter("session", "abc def").pairs.count }
try measure("form body: 8 fields", iterations: 20_000) { try URLEncodedForm.encode(SearchForm()).count }
try measure("multipart parts: 4 fields", iterations: 20_000) { try MultipartForm.parts(of: UploadForm()).count }
