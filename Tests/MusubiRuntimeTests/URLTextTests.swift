import Foundation
import Testing

@testable import MusubiRuntime

/// How a model with a storage class keeps a link: its text, checked when decoded, made a `URL`
/// when read.
@Suite struct URLTextTests {
    private struct Sample: Decodable {
        let link: URLText
        let optional: URLText?

        init(from decoder: any Decoder) throws {
            let container = try ModelDecodingContainer(decoder)
            link = try container.decode(URLText.self, forKey: "link")
            optional = try container.decodeURLTextIfPresent(forKey: "optional")
        }
    }

    private func decode(_ json: String) throws -> Sample {
        try JSONDecoder().decode(Sample.self, from: Data(json.utf8))
    }

    @Test func aDecodedLinkReadsAsTheURLOfItsText() throws {
        let texts = [
            "https://api.github.com/repos/octocat/Hello-World/issues/1347",
            "https://example.com:8443/a/b?q=1&r=%20x#frag",
            "https://user:secret@example.com/private",  // not plain: parsed to be checked
            "https://[::1]:8080/",
            "https://example.com/a b",  // Foundation encodes the space
            "https://example.com/{id}",
            "mailto:someone@example.com",
            "urn:isbn:0451450523",
            "/relative/path",
        ]
        for text in texts {
            let sample = try decode(#"{"link": "\#(text)"}"#)
            #expect(sample.link.text == text)
            #expect(sample.link.url == URL(string: text), "\(text)")
            #expect(sample.optional == nil)
        }
    }

    @Test func textThatIsNoURLFailsWithItsKey() throws {
        let invalid = ["https://example.com:99999/", "http://example.com:x/", "http://[zz]/"].filter {
            URL(string: $0) == nil
        }
        #expect(!invalid.isEmpty)
        for text in invalid {
            #expect(throws: DecodingError.self, "\(text)") { try decode(#"{"link": "\#(text)"}"#) }
        }
        for text in invalid {
            do {
                _ = try decode(#"{"link": "https://a.example", "optional": "\#(text)"}"#)
                Issue.record("decoded \(text)")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.codingPath.map(\.stringValue) == ["optional"])
            }
        }
    }

    /// A required link sent as `""` (Mastodon's `PreviewCard.author_url`) is kept as that
    /// text: it reads as the empty URL and is written back as `""`.
    @Test func anEmptyRequiredLinkIsTheEmptyURL() throws {
        let sample = try decode(#"{"link": ""}"#)
        #expect(sample.link.text == "")
        #expect(sample.link.url.absoluteString == "" && sample.link.url.host == nil)
        #expect(String(decoding: try JSONEncoder().encode([sample.link]), as: UTF8.self) == #"[""]"#)
        // Set from the empty URL, it is equal to the decoded one.
        #expect(URLText(sample.link.url) == sample.link)
    }

    @Test func anEmptyOptionalLinkIsNone() throws {
        let sample = try decode(#"{"link": "https://a.example", "optional": ""}"#)
        #expect(sample.optional == nil)
        #expect(
            try decode(#"{"link": "https://a.example", "optional": "https://b.example/x"}"#).optional?.url
                == URL(string: "https://b.example/x"))
    }

    @Test func aLinkSetFromAURLKeepsThatURL() throws {
        let base = try #require(URL(string: "https://example.com/api/"))
        let relative = try #require(URL(string: "issues?page=2", relativeTo: base))
        let link = URLText(relative)
        #expect(link.url == relative)
        #expect(link.url.baseURL == base)
        #expect(link.text == "https://example.com/api/issues?page=2")
        // Equal to the same link decoded from its text, and hashed alike.
        let decoded = try #require(URLText(decoding: "https://example.com/api/issues?page=2"))
        #expect(link == decoded)
        #expect(link.hashValue == decoded.hashValue)
        #expect(link != URLText(decoding: "https://example.com/api/issues?page=3"))
    }

    @Test func encodingWritesTheText() throws {
        let link = try #require(URLText(decoding: "https://example.com/a%2Fb"))
        let data = try JSONEncoder().encode([link])
        #expect(String(decoding: data, as: UTF8.self) == #"["https:\/\/example.com\/a%2Fb"]"#)
        #expect("\(link)" == "https://example.com/a%2Fb")
        var dumped = ""
        dump(link, to: &dumped)
        #expect(dumped == "- https://example.com/a%2Fb\n")
    }

    /// The check that lets decoding skip the parse must only pass text that `URL(string:)`
    /// parses: random links from the characters around each part of a URL, many of them
    /// malformed, each one the check passes parsed by Foundation.
    @Test func everyLinkTheQuickCheckPassesIsAURL() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "http", "https", "ftp", "x+y.z-1", "1a", ":", "//", "/", "?", "#", "@", "%", "%2", "%20", "%zz", "%C3%A9",
            "a", "Z", "0", "9", "-", ".", "..", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=",
            ":80", ":65535", ":65536", ":0", ":", "[", "]", "[::1]", " ", "\"", "<", ">", "\\", "^", "`", "{", "|",
            "}", "é", "\u{0}", "\n", "example.com", "xn--nxasmq6b", "localhost",
        ]
        var passed = 0
        for round in 0..<60_000 {
            var text = round.isMultiple(of: 2) ? ["http://", "https://", "a://"].randomElement(using: &generator)! : ""
            for _ in 0..<Int.random(in: 0...10, using: &generator) {
                text += pieces.randomElement(using: &generator)!
            }
            guard URLText.isPlainAbsoluteLink(text) else { continue }
            passed += 1
            #expect(URL(string: text) != nil, "\(text)")
            #expect(URL(string: text)?.absoluteString == text, "\(text)")
        }
        #expect(passed > 1_000)
    }

    @Test func theQuickCheckLeavesUnusualLinksToFoundation() {
        for text in [
            "https://api.github.com/repos/o/r", "http://localhost:8080/", "https://a.example/?q=a,b&x=%E2%9C%93#top",
            "x-git+ssh://host.example/path",
        ] {
            #expect(URLText.isPlainAbsoluteLink(text), "\(text)")
        }
        for text in [
            "", "https:", "https://", "https:///path", "https://user@host/", "https://[::1]/", "https://a b/",
            "https://a.example/é", "https://a.example/%2", "https://a.example/#a#b", "https://a.example:/",
            "https://a.example:123456/", "https://a.example:65536/", "/relative", "1http://a/",
            "https://a.example/{x}",
        ] {
            #expect(!URLText.isPlainAbsoluteLink(text), "\(text)")
        }
    }
}
