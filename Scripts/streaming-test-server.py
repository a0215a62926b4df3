#!/usr/bin/env python3
"""A small HTTP server for the streaming and transport tests (standard library only).

It serves the operations of Specs/streaming.yaml, writing server-sent events and JSON Lines
one by one with pauses, plus a few test endpoints under /__musubi/: a redirect, an echo of
the request, a stream without end, a gate a test opens, and a log of what each stream did.

A request carrying `X-Musubi-Hold: ID` makes its stream stop after the first event until the
test calls /__musubi/release?id=ID (or 60 seconds pass), which proves that a client delivers
events while the response is still open: it can only ask for the release after it has seen
the first event. The log (/__musubi/log?id=ID) says whether the release came in time.
`X-Musubi-Hold-Head: ID` holds the response head itself the same way, for a client's timeout
to run out; the log says whether the client had gone away by the release.

Usage: streaming-test-server.py [--port N]   (0 picks a free port; prints PORT=<n> first)
"""

import argparse
import json
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

HOLD_TIMEOUT = 60  # seconds; generous, so a loaded CI machine cannot make a streaming client look buffering

gates = {}  # hold ID -> threading.Event
logs = {}  # hold ID -> dict describing the stream
lock = threading.Lock()


def gate(hold_id):
    with lock:
        return gates.setdefault(hold_id, threading.Event())


def log(hold_id, **fields):
    if hold_id is None:
        return
    with lock:
        logs.setdefault(hold_id, {}).update(fields)


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    # MARK: plumbing

    def query(self):
        return {k: v[-1] for k, v in parse_qs(urlsplit(self.path).query).items()}

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            return self.rfile.read(length)
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            body = b""
            while True:
                size = int(self.rfile.readline().strip().split(b";")[0], 16)
                if size == 0:
                    self.rfile.readline()
                    return body
                body += self.rfile.read(size)
                self.rfile.readline()
        return b""

    def send_json(self, status, value):
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def start_stream(self, content_type):
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Cache-Control", "no-store")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()

    def write_chunk(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
        self.wfile.flush()

    def end_stream(self):
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def stream(self, content_type, records, pause=0.05):
        """Writes `records` (bytes) one chunk each, holding after the first if asked."""
        hold_id = self.headers.get("X-Musubi-Hold")
        head_hold_id = self.headers.get("X-Musubi-Hold-Head")
        if head_hold_id is not None:
            log(head_hold_id, started=True, released=False)
            log(head_hold_id, released=gate(head_hold_id).wait(HOLD_TIMEOUT))
        try:
            self.start_stream(content_type)
        except (BrokenPipeError, ConnectionResetError):
            log(head_hold_id, disconnected=True)
            return
        log(hold_id, started=True, released=False, completed=False)
        try:
            for index, record in enumerate(records):
                self.write_chunk(record)
                if index == 0 and hold_id is not None:
                    released = gate(hold_id).wait(HOLD_TIMEOUT)
                    log(hold_id, released=released)
                else:
                    time.sleep(pause)
            self.end_stream()
            log(hold_id, completed=True)
        except (BrokenPipeError, ConnectionResetError):
            log(hold_id, disconnected=True)

    # MARK: routes

    def do_GET(self):
        path = urlsplit(self.path).path
        query = self.query()
        if path == "/ticks":
            count = int(query.get("count", "3"))
            events = [b"id: %d\ndata: {\"n\": %d}\n\n" % (n, n) for n in range(1, count + 1)]
            # A comment first, as servers send to keep connections open; not an event.
            self.stream("text/event-stream", [b": keep-alive\n\n" + events[0]] + events[1:])
        elif path == "/ticks/export":
            count = int(query.get("count", "3"))
            self.stream("application/x-ndjson", [b"{\"n\": %d}\n" % n for n in range(1, count + 1)])
        elif path == "/notifications":
            self.stream("text/event-stream", [
                b"event: greeting\r\ndata: hello\r\ndata: world\r\n\r\n",
                b"retry: 2500\r\nevent: bye\r\ndata: see you\r\n\r\n",
            ])
        elif path == "/__musubi/endless":
            hold_id = self.headers.get("X-Musubi-Hold")
            self.start_stream("text/event-stream")
            log(hold_id, started=True)
            try:
                n = 0
                while True:
                    n += 1
                    self.write_chunk(b"data: {\"n\": %d}\n\n" % n)
                    log(hold_id, sent=n)
                    time.sleep(0.05)
            except (BrokenPipeError, ConnectionResetError):
                log(hold_id, disconnected=True)
        elif path == "/__musubi/release":
            gate(query["id"]).set()
            self.send_json(200, {"released": query["id"]})
        elif path == "/__musubi/log":
            with lock:
                entry = dict(logs.get(query["id"], {}))
            self.send_json(200, entry)
        elif path == "/__musubi/redirect":
            self.read_body()
            self.send_response(int(query.get("status", "302")))
            self.send_header("Location", query["to"])
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif path == "/__musubi/echo":
            self.echo()
        else:
            self.send_json(404, {"code": 404, "message": "no route " + path})

    def do_POST(self):
        path = urlsplit(self.path).path
        if path == "/chat":
            request = json.loads(self.read_body() or b"{}")
            prompt = request.get("prompt", "")
            if prompt == "too fast":
                self.send_json(429, {"code": 429, "message": "slow down"})
                return
            words = prompt.split()
            if not request.get("stream"):
                self.send_json(200, {"id": "chat-1", "text": " ".join(reversed(words))})
                return
            events = [b"data: %s\n\n" % json.dumps({"type": "text.delta", "delta": word}).encode()
                      for word in reversed(words)]
            events.append(b"data: %s\n\n" % json.dumps({"type": "completed", "id": "chat-1"}).encode())
            events.append(b"data: [DONE]\n\n")
            self.stream("text/event-stream", events)
        elif path == "/__musubi/redirect":
            self.do_GET()
        elif path == "/__musubi/echo":
            self.echo()
        else:
            self.send_json(404, {"code": 404, "message": "no route " + path})

    def echo(self):
        body = self.read_body()
        self.send_json(200, {
            "method": self.command,
            "host": self.headers.get("Host"),
            "headers": {name.lower(): value for name, value in self.headers.items()},
            "bodyLength": len(body),
            "bodyCRC32": zlib.crc32(body),
        })


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, default=0)
    arguments = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", arguments.port), Handler)
    server.daemon_threads = True
    print("PORT=%d" % server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
