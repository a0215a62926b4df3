#!/usr/bin/env python3
"""An OAuth 2.0 token endpoint and a protected API, for the OAuth end-to-end tests (standard
library only).

POST /oauth/token issues access tokens (RFC 6749 §5.1) for the client credentials grant, with
the client authenticated by HTTP Basic or by fields of the body, and for the refresh token
grant, whose refresh tokens rotate: each answer carries a new one and the used one stops
working. Each answer takes --token-delay seconds, so that concurrent clients overlap, and its
tokens are announced to last --expires-in seconds (they work --grace seconds longer: the tests
check that the client replaces them in time, not how fast a loaded machine is).

The API answers the operations of Specs/security.yaml that an OAuth 2.0 token serves — GET
/v1/pets and POST /v1/orders — with 401 unless the request carries a live token, and records
each POST's Idempotency-Key. POST /__musubi/revoke revokes every access token issued so far;
GET /__musubi/stats reports the token requests and the idempotency keys.

Usage: oauth-test-server.py --client-id ID --client-secret SECRET --refresh-token TOKEN
       [--expires-in SECONDS] [--token-delay SECONDS] [--grace SECONDS] [--port N]
       (0 picks a free port; prints PORT=<n> first)
"""

import argparse
import base64
import json
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qsl, unquote_plus

lock = threading.Lock()
state = {
    "issued": 0,  # access tokens issued so far, which number them
    "access": {},  # access token -> expiry (time.monotonic())
    "refresh": set(),  # refresh tokens that still work
    "token_requests": [],  # each token request: grant type, refresh token used, outcome
    "idempotency_keys": [],  # the Idempotency-Key of each POST /v1/orders, None when absent
}
options = None


def client_of(handler, form):
    """The (id, secret) the client authenticated with, by Basic or in the body."""
    authorization = handler.headers.get("Authorization", "")
    if authorization.startswith("Basic "):
        decoded = base64.b64decode(authorization[len("Basic "):]).decode("utf-8")
        client_id, _, secret = decoded.partition(":")
        return unquote_plus(client_id), unquote_plus(secret)
    return form.get("client_id"), form.get("client_secret")


def issue(refresh_token):
    """A new access token (and, for the refresh grant, the refresh token that replaces the old)."""
    with lock:
        state["issued"] += 1
        number = state["issued"]
        access = f"access-{number}"
        state["access"][access] = time.monotonic() + options.expires_in + options.grace
        answer = {"access_token": access, "token_type": "Bearer", "expires_in": options.expires_in}
        if refresh_token is not None:
            state["refresh"].discard(refresh_token)
            rotated = f"refresh-{number}"
            state["refresh"].add(rotated)
            answer["refresh_token"] = rotated
        return answer


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body=None):
        data = json.dumps(body).encode() if body is not None else b""
        self.send_response(status)
        if body is not None:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length).decode("utf-8") if length else ""

    def authorized(self):
        authorization = self.headers.get("Authorization", "")
        if not authorization.startswith("Bearer "):
            return False
        with lock:
            expiry = state["access"].get(authorization[len("Bearer "):])
        return expiry is not None and time.monotonic() < expiry

    def do_GET(self):
        if self.path == "/__musubi/stats":
            with lock:
                self.reply(200, {k: state[k] for k in ("token_requests", "idempotency_keys")})
        elif self.path == "/v1/pets":
            self.reply(200, [{"id": 1, "name": "Rex"}]) if self.authorized() else self.reply(401)
        else:
            self.reply(404)

    def do_POST(self):
        text = self.body()
        if self.path == "/oauth/token":
            self.token(dict(parse_qsl(text, keep_blank_values=True)))
        elif self.path == "/__musubi/revoke":
            with lock:
                state["access"].clear()
            self.reply(204)
        elif self.path == "/v1/orders":
            if not self.authorized():
                self.reply(401)
                return
            with lock:
                state["idempotency_keys"].append(self.headers.get("Idempotency-Key"))
            self.reply(201, {"status": "placed"})
        else:
            self.reply(404)

    def token(self, form):
        time.sleep(options.token_delay)
        grant = form.get("grant_type")
        record = {"grant_type": grant, "refresh_token": form.get("refresh_token"), "scope": form.get("scope")}
        client_id, secret = client_of(self, form)
        if client_id != options.client_id or secret not in (options.client_secret, None):
            outcome, status, answer = "invalid_client", 401, {"error": "invalid_client"}
        elif grant == "client_credentials" and secret == options.client_secret:
            outcome, status, answer = "issued", 200, issue(None)
        elif grant == "refresh_token":
            with lock:
                live = form.get("refresh_token") in state["refresh"]
            if live:
                outcome, status, answer = "issued", 200, issue(form.get("refresh_token"))
            else:
                outcome, status, answer = "invalid_grant", 400, {"error": "invalid_grant"}
        else:
            outcome, status, answer = "unsupported_grant_type", 400, {"error": "unsupported_grant_type"}
        record["outcome"] = outcome
        with lock:
            state["token_requests"].append(record)
        self.reply(status, answer)


def main():
    global options
    parser = argparse.ArgumentParser()
    parser.add_argument("--client-id", required=True)
    parser.add_argument("--client-secret", required=True)
    parser.add_argument("--refresh-token", required=True, help="the refresh token the first refresh may use")
    parser.add_argument("--expires-in", type=int, default=3600)
    parser.add_argument("--token-delay", type=float, default=0.2)
    parser.add_argument(
        "--grace", type=float, default=30,
        help="seconds a token keeps working after its announced expiry, so a loaded machine cannot fail a test")
    parser.add_argument("--port", type=int, default=0)
    options = parser.parse_args()
    state["refresh"].add(options.refresh_token)
    server = ThreadingHTTPServer(("127.0.0.1", options.port), Handler)
    server.daemon_threads = True
    print(f"PORT={server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
