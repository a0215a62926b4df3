import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The benchmark's server: answers every request with the same small JSON pet, over
/// keep-alive HTTP/1.1, as fast as SwiftNIO can, so the clients' costs dominate what is timed.
/// Prints the port it listens on, then serves until killed.
@main
enum BenchmarkServer {
    static let body = #"""
        {"id":42,"name":"Rex","tag":"dog","status":"available","created_at":"2024-01-02T03:04:05Z",\#
        "owner":{"display_name":"Alice","email":"alice@example.com"}}
        """#

    static func main() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let channel = try await ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.pipeline.configureHTTPServerPipeline().flatMap {
                    channel.pipeline.addHandler(PetHandler())
                }
            }
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: "127.0.0.1", port: 0)
            .get()
        // Unbuffered: the script reads the port while the server keeps running.
        FileHandle.standardOutput.write(Data("\(channel.localAddress?.port ?? 0)\n".utf8))
        try await channel.closeFuture.get()
    }
}

final class PetHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private var keepAlive = true

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            keepAlive = head.isKeepAlive
        case .body:
            break
        case .end:
            var headers = HTTPHeaders()
            headers.add(name: "Content-Type", value: "application/json")
            headers.add(name: "Content-Length", value: String(BenchmarkServer.body.utf8.count))
            if !keepAlive { headers.add(name: "Connection", value: "close") }
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .ok, headers: headers))), promise: nil
            )
            let buffer = context.channel.allocator.buffer(string: BenchmarkServer.body)
            context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
            let channel = keepAlive ? nil : context.channel
            context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
                channel?.close(promise: nil)
            }
        }
    }
}
