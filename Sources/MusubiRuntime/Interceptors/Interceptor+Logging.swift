import Foundation
import Logging

extension Interceptor {
    /// Logs every request through swift-log, secrets redacted (see ``Redaction``).
    ///
    /// Levels follow swift-log's advice for libraries, so a production log set to `info`
    /// stays quiet until something goes wrong:
    /// - `debug`: one line per request — method, URL, status, duration — with the request and
    ///   response headers as metadata;
    /// - `info`: the same line instead, when the server answered 5XX or no response arrived
    ///   (the error is in the metadata); a `.retry()` placed outside this interceptor makes one
    ///   line per attempt;
    /// - `trace`: a line as the request leaves, and the request and response bodies, at most
    ///   `bodyLimit` bytes each. Bodies are what the API exchanges: a login body holds a
    ///   password, so trace is for development.
    ///
    /// Placed after `.authentication(…)` it logs requests as they are sent, credentials
    /// redacted; placed before, as the operation built them.
    public static func logging(_ logger: Logger, bodyLimit: Int = 4096) -> Interceptor {
        Interceptor { request, next in
            let url = Redaction.url(request.url, credentialQueryNames: request.credentialQueryNames)
            var metadata: Logger.Metadata = ["http.method": "\(request.method.rawValue)", "url.full": "\(url)"]
            if logger.logLevel <= .debug {
                metadata["http.request.headers"] = .dictionary(
                    RequestLogText.metadata(
                        Redaction.headers(request.headers, credentialNames: request.credentialHeaderNames)))
            }
            if logger.logLevel <= .trace {
                var sending = metadata
                sending["http.request.body"] = "\(RequestLogText.body(request.body, limit: bodyLimit))"
                logger.trace("\(request.method.rawValue) \(url)", metadata: sending)
            }

            let clock = ContinuousClock()
            let start = clock.now
            let response: HTTPResponse
            do {
                response = try await next(request)
            } catch {
                metadata["duration_ms"] = "\(RequestLogText.milliseconds(clock.now - start))"
                // An error's text may quote the request: a `URLError` holds the whole URL.
                let message = Redaction.scrub(String(describing: error), secretsOf: request)
                metadata["error.message"] = "\(message)"
                let level: Logger.Level = error is CancellationError ? .debug : .info
                logger.log(
                    level: level,
                    "\(request.method.rawValue) \(url) failed after \(RequestLogText.milliseconds(clock.now - start)) ms: \(message)",
                    metadata: metadata)
                throw error
            }
            let elapsed = RequestLogText.milliseconds(clock.now - start)
            metadata["http.response.status_code"] = "\(response.statusCode)"
            metadata["duration_ms"] = "\(elapsed)"
            let level: Logger.Level = response.statusCode >= 500 ? .info : .debug
            if logger.logLevel <= level {
                if logger.logLevel <= .debug {
                    // Response headers named like the request's credentials (an echoed key) too.
                    metadata["http.response.headers"] = .dictionary(
                        RequestLogText.metadata(
                            Redaction.headers(response.headers, credentialNames: request.credentialHeaderNames)))
                }
                logger.log(
                    level: level, "\(request.method.rawValue) \(url) → \(response.statusCode) in \(elapsed) ms",
                    metadata: metadata)
            }
            if logger.logLevel <= .trace {
                metadata["http.response.body"] = "\(RequestLogText.body(.data(response.body), limit: bodyLimit))"
                logger.trace("\(response.statusCode) body of \(request.method.rawValue) \(url)", metadata: metadata)
            }
            return response
        }
    }

    /// Logs through a new `Logger` with this label, for code that does not use swift-log
    /// itself: `.logging(label: "petstore")`, shown once `LoggingSystem` is bootstrapped.
    public static func logging(label: String = "musubi.client", bodyLimit: Int = 4096) -> Interceptor {
        logging(Logger(label: label), bodyLimit: bodyLimit)
    }
}

/// Formatting shared by the logging interceptor's lines.
enum RequestLogText {
    /// Header pairs as metadata, repeated names joined as HTTP joins them.
    static func metadata(_ pairs: [(name: String, value: String)]) -> Logger.Metadata {
        var result: Logger.Metadata = [:]
        for (name, value) in pairs {
            if case .string(let previous)? = result[name] {
                result[name] = .string(previous + ", " + value)
            } else {
                result[name] = .string(value)
            }
        }
        return result
    }

    /// A body as text when it is UTF-8, cut after `limit` bytes; else its size.
    static func body(_ body: HTTPBody?, limit: Int) -> String {
        switch body {
        case nil:
            return "(none)"
        case .file(let url):
            return "(the file \(url.path))"
        case .data(let data):
            if data.isEmpty { return "(empty)" }
            let prefix = data.prefix(max(0, limit))
            // A cut may split a character: decoding drops at most that character's bytes.
            guard
                var text = String(data: prefix, encoding: .utf8)
                    ?? String(data: prefix.dropLast(min(3, prefix.count)), encoding: .utf8)
            else { return "(\(data.count) bytes, not UTF-8 text)" }
            if prefix.count < data.count { text += "… (\(data.count) bytes in all)" }
            return text
        }
    }

    /// `12.3`: milliseconds with one decimal.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = (Double(seconds) * 1000 + Double(attoseconds) / 1e15) * 10
        let rounded = Int(tenths.rounded())
        return "\(rounded / 10).\(rounded % 10)"
    }
}
