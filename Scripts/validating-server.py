#!/usr/bin/env python3
"""An independent, validating mock server for an OpenAPI 3.0 spec.

Musubi's end-to-end tests point a generated Swift client at this server. It
shares no code with Musubi: every request is checked against the spec by
openapi-core, and the answer is built from the spec's examples (or synthesized
from its schemas), so a client and a generator that agree on a mistake still
get caught.

Usage:
    python Scripts/validating-server.py --spec Specs/petstore.yaml [--port 0]
        [--host 127.0.0.1] [--base-path /v1 ...] [--log-file FILE]
        [--exit-on-stdin-eof] [--no-parent-watch]
    python Scripts/validating-server.py --spec Specs/petstore.yaml --check-examples

The server prints exactly one line, `PORT=<n>`, to stdout, then serves until it
is killed, until its parent process dies (unless --no-parent-watch), or, with
--exit-on-stdin-eof, until its standard input reaches end of file. Everything
else it says goes to stderr (or to --log-file).

Request paths are matched with each server URL's path prefix removed (e.g.
`/v1/pets` for `https://petstore.example.com/v1`), with any --base-path
removed, or as they are (`/pets`).

A valid request is answered with the operation's lowest documented 2xx
response: its body is the media type's first example that matches the media
type's schema, else a value synthesized from the schema (examples inside it
used only when they match, strings made to match their `pattern`). Request headers the tests may send (they are not part of any spec):
    X-Musubi-Respond-With: 404      answer with that documented response
                                    (falls back to a `4XX` range or `default`
                                    response; `default` picks `default`, as 500)
    X-Musubi-Example: <name>        pick that entry of the media type's `examples`

A redirect's `Location` (301, 302, 303, 307, 308, or any 3xx that documents
one) is `http://127.0.0.1:<port>/__musubi/redirected`, whatever the spec's
example says, so no client is sent to another host; that
endpoint answers 200 with the bytes `redirected` (application/octet-stream)
and is not logged. Headers that frame the body (Content-Length,
Transfer-Encoding, Content-Encoding, ...) are the server's own, never the spec's.

An invalid request is answered with 400 and
    {"validation_errors": ["...", ...]}
instead of the documented response.

An operation with `x-musubi-test-pages: <scheme>` (Specs/pagination.yaml) is
answered with a page of the same 25 items `{"id": "item-01", "position": 1}`
... instead of its example: `link` (per_page, page, and a Link header with
rel="next"), `has-more` (limit, starting_after = the last item's id; `data`,
`has_more`), `next-cursor` (limit, cursor; `items`,
`response_metadata.next_cursor`, empty at the end), `links` (limit, cursor;
`data`, and `links.next` the next page's URL, absent at the end), `offset` (offset, limit)
or `page` (page, per_page), 10 items when the request names no size. With
    X-Musubi-Fail-Page: 2           that page is answered with the operation's
                                    `default` response, as 500

Endpoints outside the spec (handled before validation, under any prefix):
    GET    /__musubi/log   {"requests": [entry, ...]} in the order received
    DELETE /__musubi/log   forget the requests logged so far
An entry has: method, path (raw, still percent-encoded), query (raw), valid
(the request passed validation), errors (why not), status (what we answered),
headers, body (parsed JSON when it is JSON), and once an operation matched:
operation_id, template, path_params (percent-decoded); and when present:
response_errors + response_errors_format_only (openapi-core's complaints about
the answer we built; logged, never fatal), musubi_errors (a bad
X-Musubi-* header, answered with 500).

Besides openapi-core's checks, a request is invalid when a path variable is
empty or not UTF-8 once percent-decoded, when it has a query parameter the
operation does not document (an API key its security requirements name in the
query counts as documented), or when it has a body and the operation
documents no requestBody.

Security requirements are checked by openapi-core with stricter providers
(see StrictSecurityProviderFactory): HTTP schemes are compared without case and need
credentials after the scheme (Basic ones that decode to `user:password`),
OAuth 2.0 and OpenID Connect need `Authorization: Bearer <token>` (openapi-core
alone accepts anything for them), and mutualTLS is never met over this plain
HTTP server, so only another alternative can satisfy an operation.

A path key with a fixed query (`/responses?beta=true`) is the operation for
requests to that path whose query has those pairs; it wins over the bare path.
openapi-core cannot validate such keys, `style: deepObject` query parameters
once they nest (`card[address][city]=x`, `expand[0]=id`), form bodies with
deepObject properties nor an OpenAPI 3.1 spec's multipart bodies: the server
validates those itself (see NestedForm) and hands openapi-core a copy of the
spec without them (Spec.openapi_core_document). Discriminators whose values
name no schema get an explicit mapping to the alternative that pins each value
(see with_discriminator_mappings), for openapi-core and for the samples.

openapi-core looks for label and matrix path parameters, spaceDelimited values
and exploded form objects where no request has them; the server hands them over
where it looks (see Spec.adapt_for_openapi_core), so they are validated too.
"""

from __future__ import annotations

import argparse
import base64
import binascii
import copy
import ipaddress
import json
import logging
import os
import signal
import queue
import re
import sys
import threading
import time
from typing import Any, Iterable, Optional
from email import policy as email_policy
from email.parser import BytesParser
from urllib.parse import parse_qsl, unquote, urlsplit

import yaml
from openapi_core import Config, OpenAPI
from openapi_core.datatypes import RequestParameters
from openapi_core.security.exceptions import SecurityProviderError
from openapi_core.security.factories import SecurityProviderFactory
from openapi_core.security.providers import ApiKeyProvider, BaseProvider
from werkzeug.datastructures import Headers, ImmutableMultiDict
from werkzeug.serving import WSGIRequestHandler, make_server
from werkzeug.wrappers import Request, Response

LOG = logging.getLogger("validating-server")

LOG_PATH = "/__musubi/log"
RESPOND_WITH_HEADER = "X-Musubi-Respond-With"
FAIL_PAGE_HEADER = "X-Musubi-Fail-Page"
PAGES_EXTENSION = "x-musubi-test-pages"
EXAMPLE_HEADER = "X-Musubi-Example"
REDIRECT_PATH = "/__musubi/redirected"
REDIRECT_STATUSES = {301, 302, 303, 307, 308}
#: Response headers the server writes itself, whatever the spec documents: a spec's
#: `Transfer-Encoding: chunked` or `Content-Encoding: gzip` would describe a body we do not send.
FRAMING_HEADERS = {
    "content-type", "content-length", "content-encoding", "transfer-encoding", "connection",
    "keep-alive", "trailer", "te", "upgrade",
}
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


# ---------------------------------------------------------------------------
# Logging that never blocks a request: if whoever reads our stderr stops
# reading, lines are dropped instead of stalling the server.


class _NonBlockingHandler(logging.Handler):
    def __init__(self, stream) -> None:
        super().__init__()
        self._queue: "queue.Queue[str]" = queue.Queue(maxsize=10000)
        self._stream = stream
        threading.Thread(target=self._drain, name="log-writer", daemon=True).start()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self._queue.put_nowait(self.format(record))
        except queue.Full:
            pass
        except Exception:  # pragma: no cover - formatting problems
            self.handleError(record)

    def _drain(self) -> None:
        while True:
            line = self._queue.get()
            try:
                self._stream.write(line + "\n")
                self._stream.flush()
            except Exception:
                pass


# ---------------------------------------------------------------------------
# The spec as plain data (for matching and for building responses).


class Spec:
    def __init__(self, document: dict, extra_base_paths: Iterable[str]) -> None:
        # Every validator (openapi-core's too) and the samples see the completed mappings.
        self.doc = with_discriminator_mappings(document)
        # A path key with a fixed query the request has wins over the bare path; then fewer
        # variables first: a concrete path wins over a templated one.
        self.templates = sorted(
            ((template, _PathTemplate(template)) for template in (document.get("paths") or {})),
            key=lambda item: (not item[1].fixed_query, len(item[1].names)),
        )

        prefixes = set()
        for server in self._all_servers():
            prefix = urlsplit(self.server_url(server)).path.rstrip("/")
            if prefix:
                prefixes.add(prefix)
        for extra in extra_base_paths:
            extra = "/" + extra.strip("/") if extra.strip("/") else ""
            if extra:
                prefixes.add(extra)
        self.base_paths = sorted(prefixes, key=len, reverse=True)

    # -- what openapi-core cannot validate ----------------------------------

    @property
    def is_openapi_30(self) -> bool:
        return str(self.doc.get("openapi", "3.0")).startswith("3.0")

    def core_suffix(self, template: str) -> str:
        """What openapi-core's copy of the spec (`openapi_core_document`) appends to the
        path of a key with a fixed query, which it would otherwise never match: the
        query part becomes a segment of its own, numbered by the key's place in `paths`."""
        if not _PathTemplate(template).fixed_query:
            return ""
        return f"/__musubi-fixed-query-{list(self.doc.get('paths') or {}).index(template)}"

    def deep_object_parameters(self, template: str, operation: dict) -> list[dict]:
        """The operation's `style: deepObject` query parameters: openapi-core cannot read
        nested ones (`card[address][city]=x`), so the server validates them itself."""
        return [
            parameter for parameter in self.parameters_of(template, operation)
            if parameter.get("in") == "query" and parameter.get("style") == "deepObject"
        ]

    def own_form_media(self, operation: dict, content_type: str) -> Optional[dict]:
        """The media type object of the form body the request sent (`content_type`), when
        openapi-core cannot validate it, so the server does itself: a form whose `encoding`
        has a `deepObject` property, and any `multipart/form-data` body of an OpenAPI 3.1
        spec (openapi-core hands its validator every part as bytes, which no `type: string`
        or `number` accepts). None otherwise."""
        if "requestBody" not in operation:
            return None
        base = content_type.split(";")[0].strip().lower()
        if base not in ("application/x-www-form-urlencoded", "multipart/form-data"):
            return None
        content = self.resolve(operation["requestBody"]).get("content") or {}
        for media_type, media in content.items():
            if media_type.split(";")[0].strip().lower() != base:
                continue
            media = self.resolve(media)
            if base == "multipart/form-data" and not self.is_openapi_30:
                return media
            encodings = media.get("encoding") or {}
            if any(self.resolve(e).get("style") == "deepObject" for e in encodings.values()):
                return media
        return None

    def openapi_core_document(self) -> dict:
        """A copy of the spec for openapi-core, without what the server validates itself:
        path keys with a fixed query get the segment of `core_suffix` instead, deepObject
        query parameters are left out, and the schema of a form body with deepObject
        properties accepts anything. A parameter schema loses `readOnly`, which openapi-core
        applies to parameters as if they were properties written in a body."""
        document = copy.deepcopy(self.doc)
        copied = Spec.__new__(Spec)
        copied.doc = document

        def keep(parameter) -> bool:
            parameter = copied.resolve(parameter)
            schema = copied.resolve(parameter.get("schema"))
            if isinstance(schema, dict) and schema.get("readOnly"):
                # `readOnly` is about properties in bodies; openapi-core rejects any value of
                # a parameter whose schema says it (GitHub's `alert_number`).
                parameter["schema"] = {key: value for key, value in schema.items() if key != "readOnly"}
            return not (parameter.get("in") == "query" and parameter.get("style") == "deepObject")

        paths = {}
        for template, item in (document.get("paths") or {}).items():
            suffix = self.core_suffix(template)
            key = template.split("#", 1)[0].partition("?")[0] + suffix if suffix else template
            item = copied.resolve(item)
            item["parameters"] = [p for p in item.get("parameters") or [] if keep(p)]
            for method in HTTP_METHODS:
                operation = item.get(method)
                if not isinstance(operation, dict):
                    continue
                operation["parameters"] = [p for p in operation.get("parameters") or [] if keep(p)]
                if "requestBody" not in operation:
                    continue
                content = copied.resolve(operation["requestBody"]).get("content") or {}
                for media_type, media in content.items():
                    media = copied.resolve(media)
                    if self.own_form_media(operation, media_type) is not None:
                        media["schema"] = {}
                        media.pop("encoding", None)
            paths[key] = item
        document["paths"] = paths
        return document

    # -- references ---------------------------------------------------------

    def resolve(self, node: Any) -> Any:
        seen = set()
        while isinstance(node, dict) and "$ref" in node:
            ref = node["$ref"]
            if ref in seen:
                raise ValueError(f"circular $ref {ref}")
            seen.add(ref)
            node = self.lookup(ref)
        return node

    def lookup(self, ref: str) -> Any:
        if not ref.startswith("#"):
            raise ValueError(f"only local $refs are supported, not {ref}")
        node: Any = self.doc
        for part in ref[1:].split("/")[1:]:
            part = unquote(part).replace("~1", "/").replace("~0", "~")
            node = node[int(part)] if isinstance(node, list) else node[part]
        return node

    # -- servers ------------------------------------------------------------

    def _all_servers(self) -> Iterable[dict]:
        yield from self.doc.get("servers") or []
        for item in (self.doc.get("paths") or {}).values():
            item = self.resolve(item)
            yield from item.get("servers") or []
            for method in HTTP_METHODS:
                if isinstance(item.get(method), dict):
                    yield from item[method].get("servers") or []

    @staticmethod
    def server_url(server: dict) -> str:
        url = server.get("url", "/")
        for name, variable in (server.get("variables") or {}).items():
            url = url.replace("{" + name + "}", str(variable.get("default", "")))
        return url

    def servers_for(self, template: str, method: str) -> list[dict]:
        item = self.resolve(self.doc["paths"][template])
        operation = item.get(method) or {}
        return (
            operation.get("servers")
            or item.get("servers")
            or self.doc.get("servers")
            or [{"url": "/"}]
        )

    def query_parameter_names(self, template: str, operation: dict) -> set[str]:
        item = self.resolve(self.doc["paths"][template])
        names = set()
        for parameter in list(item.get("parameters") or []) + list(operation.get("parameters") or []):
            parameter = self.resolve(parameter)
            if parameter.get("in") != "query":
                continue
            schema = self.resolve(parameter.get("schema") or {})
            if parameter.get("style", "form") == "deepObject":
                # `name` and `name[...]`.
                names.add(parameter["name"])
                names.add(parameter["name"] + "[")
                continue
            if schema.get("type") == "object" and parameter.get("explode", True):
                # Object parameters spread over names we cannot list.
                return {"*"} | names
            names.add(parameter["name"])
        names.update(name for name, _ in self.fixed_query(template))
        # API keys in the query, for the schemes the operation's requirements name.
        security = operation.get("security", self.doc.get("security")) or []
        schemes = (self.doc.get("components") or {}).get("securitySchemes") or {}
        for requirement in security:
            for scheme_name in requirement or {}:
                scheme = self.resolve(schemes.get(scheme_name) or {})
                if scheme.get("type") == "apiKey" and scheme.get("in") == "query":
                    names.add(scheme.get("name"))
        return names

    def parameters_of(self, template: str, operation: dict) -> list[dict]:
        """The operation's parameters: the path item's, replaced by the operation's own
        of the same name and location."""
        item = self.resolve(self.doc["paths"][template])
        merged: dict = {}
        for parameter in list(item.get("parameters") or []) + list(operation.get("parameters") or []):
            parameter = self.resolve(parameter)
            merged[(parameter.get("name"), parameter.get("in"))] = parameter
        return list(merged.values())

    def adapt_for_openapi_core(self, template, operation, path_params, query, cookies):
        """openapi-core reads some styles from places a request does not have: a label or
        matrix path parameter under `.name`/`;name` (`*` when exploded), a spaceDelimited
        value split on a literal `%20`, and an exploded form object under its own name as
        `k=v&k=v`. Returns the path parameters, query and cookies with those added, so
        openapi-core validates what was sent instead of finding the parameter missing."""
        query = list(query)
        cookies = list(cookies)
        for parameter in self.parameters_of(template, operation):
            if "schema" not in parameter:
                continue
            place, name = parameter.get("in"), parameter.get("name")
            style = parameter.get("style") or ("simple" if place in ("path", "header") else "form")
            explode = parameter.get("explode", style == "form")
            schema = self.resolve(parameter["schema"])
            if place == "path" and style in ("label", "matrix") and name in path_params:
                prefix = "." if style == "label" else ";"
                path_params[prefix + name + ("*" if explode else "")] = path_params[name]
            elif place == "query" and style == "spaceDelimited":
                query = [(key, value.replace(" ", "%20") if key == name else value) for key, value in query]
            elif place in ("query", "cookie") and style == "form" and explode and schema.get("type") == "object":
                members = set((schema.get("properties") or {}).keys())
                pairs = query if place == "query" else cookies
                found = [f"{key}={value}" for key, value in pairs if key in members]
                if found:
                    pairs.append((name, "&".join(found)))
        return path_params, ImmutableMultiDict(query), ImmutableMultiDict(cookies)

    # -- matching -----------------------------------------------------------

    def fixed_query(self, template: str) -> list[tuple[str, str]]:
        """The query pairs written into the path key (`beta=true` of `/responses?beta=true`)."""
        return _PathTemplate(template).fixed_query

    def match(self, raw_path: str, method: str, query: list[tuple[str, str]] = ()):
        """Returns (template, operation, raw path params, stripped prefix, bare path) or
        raises LookupError with a human-readable reason. `query` (the request's decoded
        pairs) picks a path key with a fixed query."""
        query = list(query)
        candidates = []
        for prefix in self.base_paths:
            if raw_path == prefix or raw_path.startswith(prefix + "/"):
                candidates.append((prefix, raw_path[len(prefix):] or "/"))
        candidates.append(("", raw_path))

        matched_templates = []
        for prefix, bare in candidates:
            for template, matcher in self.templates:
                found = matcher.match(bare)
                if found is None or not matcher.query_matches(query):
                    continue
                item = self.resolve(self.doc["paths"][template])
                if isinstance(item.get(method), dict):
                    return template, item[method], found, prefix, bare
                matched_templates.append(template)
        if matched_templates:
            raise LookupError(
                f"{method.upper()} is not documented for {matched_templates[0]}"
                f" (path {raw_path})"
            )
        tried = ", ".join(bare for _, bare in candidates)
        raise LookupError(f"no path in the spec matches {raw_path} (tried {tried})")


def with_discriminator_mappings(document: dict) -> dict:
    """A copy of `document` in which each discriminator maps the values its alternatives
    pin (`role: {enum: [developer]}` in the `$ref`'d branch) to that branch, when neither
    its `mapping` nor a schema of that name (the implicit mapping) covers them.

    OpenAI's 107 discriminators have no mapping, and their values (`developer`,
    `function`) are no schema names: a validator that follows the implicit mapping
    finds no schema for any value and rejects every instance, where the spec's author,
    like a client, picks the alternative that pins the value."""
    document = copy.deepcopy(document)
    schemas = (document.get("components") or {}).get("schemas") or {}
    spec = Spec.__new__(Spec)
    spec.doc = document
    seen: set[int] = set()

    def pinned(branch: Any, name: str) -> list[str]:
        try:
            branch = spec.resolve(branch)
        except (KeyError, IndexError, ValueError, TypeError):
            return []
        if not isinstance(branch, dict):
            return []
        parts = [branch] + [spec.resolve(part) for part in branch.get("allOf") or [] if isinstance(part, dict)]
        for part in parts:
            if not isinstance(part, dict):
                continue
            prop = spec.resolve((part.get("properties") or {}).get(name))
            if isinstance(prop, dict):
                values = [prop["const"]] if "const" in prop else list(prop.get("enum") or [])
                return [value for value in values if isinstance(value, str)]
        return []

    def visit(node: Any, depth: int = 0) -> None:
        if depth > 200 or id(node) in seen:
            return
        seen.add(id(node))
        if isinstance(node, list):
            for item in node:
                visit(item, depth + 1)
            return
        if not isinstance(node, dict):
            return
        discriminator = node.get("discriminator")
        if isinstance(discriminator, dict) and isinstance(discriminator.get("propertyName"), str):
            name = discriminator["propertyName"]
            mapping = dict(discriminator.get("mapping") or {})
            found: dict[str, list[str]] = {}
            for key in ("oneOf", "anyOf"):
                for branch in node.get(key) or []:
                    if isinstance(branch, dict) and isinstance(branch.get("$ref"), str):
                        for value in pinned(branch, name):
                            found.setdefault(value, []).append(branch["$ref"])
            for value, refs in found.items():
                if value not in mapping and value not in schemas and len(set(refs)) == 1:
                    mapping[value] = refs[0]
            if mapping:
                discriminator["mapping"] = mapping
        for value in node.values():
            visit(value, depth + 1)

    visit(document)
    return document


class _PathTemplate:
    """A spec path such as `/pets/{petId}` as a matcher. A variable matches one
    non-empty segment, taken verbatim (still percent-encoded).

    A path key with a fixed query (`/responses?beta=true`, which some specs use to
    tell two operations on one path apart) matches that path when the request's
    query has each of the fixed pairs; `fixed_query` lists them. A `#fragment`
    suffix is never sent, so it plays no part."""

    def __init__(self, template: str) -> None:
        template = template.split("#", 1)[0]
        template, _, query = template.partition("?")
        self.fixed_query: list[tuple[str, str]] = parse_qsl(query, keep_blank_values=True)
        parts, self.names, position = [], [], 0
        for found in re.finditer(r"\{([^}/]+)\}", template):
            parts.append(re.escape(template[position:found.start()]))
            parts.append(f"(?P<p{len(self.names)}>[^/]+)")
            self.names.append(found.group(1))
            position = found.end()
        parts.append(re.escape(template[position:]))
        self.regex = re.compile("".join(parts))

    def match(self, path: str) -> Optional[dict]:
        found = self.regex.fullmatch(path)
        if not found:
            return None
        return {name: found.group(f"p{index}") for index, name in enumerate(self.names)}

    def query_matches(self, query: list[tuple[str, str]]) -> bool:
        """Whether the request's query (decoded pairs) has every fixed pair."""
        return all(pair in query for pair in self.fixed_query)


# ---------------------------------------------------------------------------
# Synthesizing values from schemas.

FORMAT_SAMPLES = {
    "date-time": "2024-01-02T03:04:05Z",
    "date": "2024-01-02",
    "time": "03:04:05",
    "duration": "P1D",
    "uuid": "123e4567-e89b-12d3-a456-426614174000",
    "email": "user@example.com",
    "idn-email": "user@example.com",
    "uri": "https://example.com/",
    "url": "https://example.com/",
    "uri-reference": "/example",
    "iri": "https://example.com/",
    "hostname": "example.com",
    "idn-hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "byte": "aGVsbG8=",
    # Stripe's amounts as decimal strings (`unit_amount_decimal`): a client may check them.
    "decimal": "12.5",
    # Base64 text (of "binary"): a client reads a JSON string of this format as bytes.
    "binary": "YmluYXJ5",
    "password": "secret",
    "regex": "^[a-z]+$",
    "json-pointer": "/a/b",
}


class Synthesizer:
    MAX_DEPTH = 12

    def __init__(self, spec: Spec) -> None:
        self.spec = spec

    def value(self, schema: Any, depth: int = 0, refs: tuple = ()) -> Any:
        if schema is True or schema is None or schema == {}:
            return "value"
        if isinstance(schema, dict) and "$ref" in schema:
            ref = schema["$ref"]
            recursive = ref in refs
            schema = self.spec.resolve(schema)
            refs = refs + (ref,)
        else:
            recursive = False
        if not isinstance(schema, dict):
            return "value"
        if "example" in schema:
            return copy.deepcopy(schema["example"])
        if "default" in schema:
            return copy.deepcopy(schema["default"])
        if "const" in schema:
            return copy.deepcopy(schema["const"])
        if schema.get("enum"):
            for candidate in schema["enum"]:
                if candidate is not None:
                    return copy.deepcopy(candidate)
            return None
        if "allOf" in schema:
            return self.value(self._merge_all_of(schema), depth + 1, refs)
        for key in ("oneOf", "anyOf"):
            if schema.get(key):
                return self.value(schema[key][0], depth + 1, refs)

        kind = schema.get("type")
        if isinstance(kind, list):  # OpenAPI 3.1: `[object, "null"]` and the like
            kind = next((name for name in kind if name != "null"), "null")
        if kind == "null":
            return None
        if kind is None:
            if "properties" in schema or "additionalProperties" in schema:
                kind = "object"
            elif "items" in schema:
                kind = "array"
            elif schema.get("nullable"):
                return None
            else:
                return "value"

        if kind == "object":
            result = {}
            required = set(schema.get("required") or [])
            too_deep = recursive or depth >= self.MAX_DEPTH
            for name, subschema in (schema.get("properties") or {}).items():
                if too_deep and name not in required:
                    continue
                if depth >= self.MAX_DEPTH * 2:
                    break
                result[name] = self.value(subschema, depth + 1, refs)
            extra = schema.get("additionalProperties")
            if isinstance(extra, dict) and extra and not result and not too_deep:
                result["key"] = self.value(extra, depth + 1, refs)
            return result
        if kind == "array":
            if depth >= self.MAX_DEPTH * 2 or (recursive and not schema.get("minItems")):
                return []
            count = max(1, int(schema.get("minItems") or 1))
            return [self.value(schema.get("items") or {}, depth + 1, refs) for _ in range(count)]
        if kind == "string":
            return self._string(schema)
        if kind == "integer":
            return int(self._number(schema, 1))
        if kind == "number":
            return self._number(schema, 1.5)
        if kind == "boolean":
            return True
        return "value"

    def _merge_all_of(self, schema: dict) -> dict:
        merged: dict = {k: v for k, v in schema.items() if k != "allOf"}
        for part in schema["allOf"]:
            part = self.spec.resolve(part)
            if "allOf" in part:
                part = self._merge_all_of(part)
            for key, value in part.items():
                if key == "properties":
                    merged.setdefault("properties", {}).update(value)
                elif key == "required":
                    merged["required"] = list(merged.get("required", [])) + list(value)
                else:
                    merged.setdefault(key, value)
        return merged

    @staticmethod
    def _string(schema: dict) -> str:
        text = FORMAT_SAMPLES.get(schema.get("format", ""), "string")
        min_length = schema.get("minLength")
        max_length = schema.get("maxLength")
        if min_length is not None and len(text) < min_length:
            text = text + "x" * (min_length - len(text))
        if max_length is not None and len(text) > max_length:
            text = text[:max_length]
        pattern = schema.get("pattern")
        if isinstance(pattern, str) and not _matches(pattern, text):
            made = PatternSample.make(pattern, min_length, max_length)
            if made is not None:
                return made
        return text

    @staticmethod
    def _number(schema: dict, preferred: float) -> float:
        value = preferred
        minimum, maximum = schema.get("minimum"), schema.get("maximum")
        is_int = schema.get("type") == "integer"
        step = 1 if is_int else 0.5
        if minimum is not None:
            low = minimum + (step if schema.get("exclusiveMinimum") is True else 0)
            value = max(value, low)
        if maximum is not None:
            high = maximum - (step if schema.get("exclusiveMaximum") is True else 0)
            value = min(value, high)
        multiple = schema.get("multipleOf")
        if multiple:
            value = (value // multiple) * multiple
            if minimum is not None and value < minimum:
                value += multiple
        return value


class CheckedSynthesizer(Synthesizer):
    """The synthesizer, but a schema's `example` or `default` is used only when it matches
    its schema: real specs' examples are often wrong (a number where the schema says string,
    a required property missing), and an answer or argument built from one would blame the
    client for the spec's mistake."""

    def __init__(self, spec: Spec, validator) -> None:
        super().__init__(spec)
        self.validator = validator

    def value(self, schema: Any, depth: int = 0, refs: tuple = ()) -> Any:
        resolved = self.spec.resolve(schema) if isinstance(schema, dict) else schema
        if isinstance(resolved, dict) and ("example" in resolved or "default" in resolved):
            stripped = {k: v for k, v in resolved.items() if k not in ("example", "default")}
            for key in ("example", "default"):
                if key in resolved and self.is_valid(stripped, resolved[key]):
                    return copy.deepcopy(resolved[key])
            if isinstance(schema, dict) and "$ref" in schema:
                refs = refs + (schema["$ref"],)
            return super().value(stripped, depth, refs)
        return super().value(schema, depth, refs)

    def first_error(self, schema: Any, value: Any) -> Optional[str]:
        """Why `value` does not match `schema`, or None when it does."""
        try:
            error = next(iter(self.validator.evolve(schema=schema or {}).iter_errors(value)), None)
        except (RecursionError, LookupError, ValueError) as failure:  # an unresolvable $ref, say
            return f"the schema cannot be checked: {failure}"
        return None if error is None else error.message

    def is_valid(self, schema: Any, value: Any) -> bool:
        return self.first_error(schema, value) is None


def schema_validator(document: dict):
    """A JSON Schema validator for the document's schemas, in its OpenAPI version's dialect;
    validating against the whole document lets `$ref`s inside any schema resolve."""
    import openapi_schema_validator

    if str(document.get("openapi", "3.0")).startswith("3.1"):
        return openapi_schema_validator.OAS31Validator(document)
    return openapi_schema_validator.OAS30Validator(document)


def _matches(pattern: str, text: str) -> bool:
    """Whether `text` matches a schema `pattern` (JSON Schema searches: the pattern is not
    anchored unless it says so)."""
    try:
        return re.search(pattern, text) is not None
    except (re.error, RecursionError):
        return False


class PatternSample:
    """A string matching a schema `pattern`, built from the regular expression's parse tree
    (Python's own parser): literals, character classes and categories, anchors, repeats
    (`{n}`, `{n,m}`, `+`, `*`, `?`), groups and alternation. Lookarounds are passed over and
    back-references are beyond it; every result is checked with `re.fullmatch`, so a pattern
    it cannot satisfy yields None rather than a wrong value."""

    #: Characters preferred for a class or `.`, in order: readable and safe in a URL path.
    PREFERRED = "a1bcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0234567890_-."
    #: How many times an unbounded repeat (`+`, `*`, `{n,}`) runs, tried in order until the
    #: length limits are met.
    STRETCHES = (1, 2, 4, 8, 16, 32)
    MAX_LENGTH = 4096

    @classmethod
    def make(cls, pattern: str, min_length: Optional[int] = None, max_length: Optional[int] = None) -> Optional[str]:
        try:
            tree = _regex_parser.parse(pattern)
        except (re.error, RecursionError, OverflowError):
            return None
        # A single unbounded repeat running exactly to the length limits meets them.
        stretches = list(cls.STRETCHES) + [n for n in (min_length, max_length) if isinstance(n, int) and n > 0]
        for stretch in sorted(set(stretches)):
            try:
                text = cls(stretch)._sequence(tree)
            except (_Unsupported, RecursionError):
                return None
            if text is None or len(text) > cls.MAX_LENGTH:
                continue
            if min_length is not None and len(text) < min_length:
                continue
            if max_length is not None and len(text) > max_length:
                continue
            try:
                if re.fullmatch(pattern, text) is not None:
                    return text
            except (re.error, RecursionError):
                return None
        return None

    def __init__(self, stretch: int) -> None:
        self.stretch = stretch

    def _sequence(self, items) -> str:
        return "".join(self._item(op, av) for op, av in items)

    def _item(self, op, av) -> str:
        c = _regex_constants
        if op is c.LITERAL:
            return chr(av)
        if op is c.NOT_LITERAL:
            return self._pick(lambda ch: ord(ch) != av)
        if op is c.ANY:
            return self._pick(lambda ch: ch != "\n")
        if op is c.IN:
            return self._pick(lambda ch: self._in_class(av, ch))
        if op is c.AT:
            return ""
        if op in (c.ASSERT, c.ASSERT_NOT):
            return ""
        if op is c.SUBPATTERN:
            return self._sequence(av[-1])
        if op is c.BRANCH:
            return self._sequence(av[1][0])
        if op in (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", None)):
            low, high, body = av
            count = low if high is not c.MAXREPEAT and high == low else max(low, self.stretch)
            if high is not c.MAXREPEAT:
                count = min(count, high)
            return "".join(self._sequence(body) for _ in range(count))
        if op is getattr(c, "ATOMIC_GROUP", None):
            return self._sequence(av)
        raise _Unsupported(str(op))

    def _pick(self, accepts) -> str:
        for ch in self.PREFERRED + " /:+=@,;!~*'()":
            if accepts(ch):
                return ch
        for code in range(0x20, 0x250):
            if accepts(chr(code)):
                return chr(code)
        raise _Unsupported("character class with no printable member")

    def _in_class(self, items, ch: str) -> bool:
        c = _regex_constants
        negate = False
        found = False
        for op, av in items:
            if op is c.NEGATE:
                negate = True
            elif op is c.LITERAL:
                found = found or ord(ch) == av
            elif op is c.RANGE:
                found = found or av[0] <= ord(ch) <= av[1]
            elif op is c.CATEGORY:
                found = found or self._in_category(av, ch)
            else:
                raise _Unsupported(str(op))
        return found != negate

    @staticmethod
    def _in_category(category, ch: str) -> bool:
        c = _regex_constants
        tests = {
            c.CATEGORY_DIGIT: lambda: ch.isdigit(),
            c.CATEGORY_NOT_DIGIT: lambda: not ch.isdigit(),
            c.CATEGORY_SPACE: lambda: ch.isspace(),
            c.CATEGORY_NOT_SPACE: lambda: not ch.isspace(),
            c.CATEGORY_WORD: lambda: ch.isalnum() or ch == "_",
            c.CATEGORY_NOT_WORD: lambda: not (ch.isalnum() or ch == "_"),
        }
        if category not in tests:
            raise _Unsupported(str(category))
        return tests[category]()


class _Unsupported(Exception):
    """A regular expression construct PatternSample does not generate."""


try:  # Python 3.11 moved the regular expression parser.
    import re._parser as _regex_parser
    import re._constants as _regex_constants
except ImportError:  # pragma: no cover - older Pythons
    import sre_parse as _regex_parser
    import sre_constants as _regex_constants


class NestedForm:
    """Reads `style: deepObject` values, which openapi-core cannot validate once they nest
    (Stripe's `card[address][city]=x`, `expand[0]=customer`), and the form bodies it cannot
    validate (see Spec.own_form_media) into JSON values to check against their schema,
    independently of any client's code.

    `pairs_to_tree` turns decoded `name=value` pairs into a tree: `a[b][c]=v` nests
    objects, `a[b][]=v` appends to a list, and a repeated key (`a=v&a=w`) makes a list.
    `coerce` then reads the tree as the schema says: an object whose keys are all indices
    (`0`, `1`) as an array when the schema wants one, and text as an integer, number or
    boolean where the schema wants those; alternatives (`anyOf`, `oneOf`) are tried in
    order, the first that the value then matches winning."""

    class Json:
        """A multipart part's JSON value, as it is: not text to read as the schema says."""

        def __init__(self, value: Any) -> None:
            self.value = value

    @classmethod
    def multipart_pairs(cls, body: bytes, content_type: str) -> list[tuple[str, Any]]:
        """Each part's name and value: a JSON part's value (as `Json`), a file's or other
        binary part's bytes as Latin-1 text (a `format: binary` string says no more about
        them), else the part's text. Raises ValueError for a body that is not multipart."""
        head = f"Content-Type: {content_type}\r\nMIME-Version: 1.0\r\n\r\n".encode("latin-1")
        message = BytesParser(policy=email_policy.HTTP).parsebytes(head + body)
        if not message.is_multipart():
            raise ValueError("no parts")
        pairs = []
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            if name is None:
                raise ValueError("a part without a name")
            payload = part.get_payload(decode=True) or b""
            kind = part.get_content_type()
            if kind == "application/json" or kind.endswith("+json"):
                pairs.append((name, cls.Json(json.loads(payload.decode("utf-8")))))
            elif part.get_filename() is not None or not kind.startswith("text/"):
                pairs.append((name, payload.decode("latin-1")))
            else:
                pairs.append((name, payload.decode(part.get_content_charset() or "utf-8")))
        return pairs

    KEY = re.compile(r"([^\[\]]+)((?:\[[^\[\]]*\])*)")

    @classmethod
    def pairs_to_tree(cls, pairs: Iterable[tuple[str, Any]]) -> tuple[dict, list[str]]:
        """The tree of the pairs, and why some pairs could not be placed (a key that is
        both a value and an object, say)."""
        tree: dict = {}
        errors: list[str] = []
        for key, value in pairs:
            found = cls.KEY.fullmatch(key)
            if found is None:
                name, segments = key, []
            else:
                name, segments = found.group(1), re.findall(r"\[([^\[\]]*)\]", found.group(2))
            cls._insert(tree, name, segments, value, key, errors)
        return tree, errors

    @classmethod
    def _insert(cls, tree: dict, name: str, segments: list[str], value: Any, key: str, errors: list[str]) -> None:
        if not segments:
            existing = tree.get(name)
            if name not in tree:
                tree[name] = value
            elif isinstance(existing, list):
                existing.append(value)
            elif not isinstance(existing, dict):
                tree[name] = [existing, value]
            else:
                errors.append(f"{key!r} gives a value to what other keys make an object")
            return
        head, rest = segments[0], segments[1:]
        if head == "":
            child = tree.setdefault(name, [])
            if not isinstance(child, list) or rest:
                errors.append(f"{key!r}: `[]` must end a key, and only after a list")
                return
            child.append(value)
            return
        child = tree.setdefault(name, {})
        if not isinstance(child, dict):
            errors.append(f"{key!r} makes an object of what other keys give a value")
            return
        cls._insert(child, head, rest, value, key, errors)

    def __init__(self, spec: Spec, validator) -> None:
        self.spec = spec
        self.validator = validator

    def errors(self, schema: Any, value: Any) -> list[str]:
        """Every way `value` breaks `schema`, with where."""
        try:
            found = list(self.validator.evolve(schema=schema or {}).iter_errors(value))
        except (RecursionError, LookupError, ValueError) as failure:
            return [f"the schema cannot be checked: {failure}"]
        lines = []
        for error in found:
            where = "/".join(str(part) for part in error.path)
            lines.append(error.message + (f" (at /{where})" if where else ""))
        return lines

    def coerce(self, schema: Any, node: Any, depth: int = 0, single: bool = False,
               form_names: frozenset = frozenset()) -> Any:
        """`node` read as `schema` says. `single`: a lone value stands for an array of one
        (a form-style array, `a=1`, unlike a deepObject one). `form_names`: the members of
        this object that are form style."""
        if isinstance(node, NestedForm.Json):
            return node.value
        schema = self.spec.resolve(schema) if isinstance(schema, dict) else schema
        if not isinstance(schema, dict) or depth > 64:
            return node
        if "allOf" in schema:
            merged = Synthesizer(self.spec)._merge_all_of(schema)
            return self.coerce(merged, node, depth + 1, single, form_names)
        for key in ("anyOf", "oneOf"):
            alternatives = schema.get(key)
            if alternatives:
                for alternative in alternatives:
                    value = self.coerce(alternative, node, depth + 1, single, form_names)
                    if not self.errors(alternative, value):
                        return value
                return self.coerce(alternatives[0], node, depth + 1, single, form_names)
        kind = schema.get("type")
        if isinstance(kind, list):
            kind = next((name for name in kind if name != "null"), None)
        if kind is None:
            kind = "object" if "properties" in schema else "array" if "items" in schema else None
        if kind == "array":
            items = schema.get("items") or {}
            if isinstance(node, dict) and node and all(index.isdigit() for index in node):
                return [self.coerce(items, node[index], depth + 1) for index in sorted(node, key=int)]
            if isinstance(node, list):
                return [self.coerce(items, element, depth + 1) for element in node]
            if isinstance(node, str) and single:
                return [self.coerce(items, node, depth + 1)]
            return node
        if kind == "object" and isinstance(node, dict):
            properties = schema.get("properties") or {}
            extra = schema.get("additionalProperties")
            return {
                name: self.coerce(
                    properties.get(name, extra if isinstance(extra, dict) else {}), value, depth + 1,
                    single=name in form_names)
                for name, value in node.items()
            }
        if isinstance(node, str):
            if kind == "integer" and re.fullmatch(r"-?[0-9]+", node):
                return int(node)
            if kind == "number" and re.fullmatch(r"-?[0-9]+", node):
                return int(node)
            if kind == "number" and re.fullmatch(r"-?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?", node):
                return float(node)
            if kind == "boolean" and node in ("true", "false"):
                return node == "true"
        return node

    def check_parameter(self, parameter: dict, pairs: list[tuple[str, str]]) -> list[str]:
        """Why the deepObject query parameter's pairs (`name`, `name[...]`) do not match its
        schema, or that a required one is missing."""
        name = parameter.get("name")
        mine = [(key, value) for key, value in pairs if key == name or key.startswith(f"{name}[")]
        if not mine:
            return [f"Missing required query parameter {name!r}"] if parameter.get("required") else []
        tree, problems = self.pairs_to_tree(mine)
        schema = parameter.get("schema") or {}
        value = self.coerce(schema, tree.get(name))
        return [f"Invalid query parameter {name!r}: {line}" for line in problems + self.errors(schema, value)]

    def check_body(self, schema: Any, encoding: dict, body: bytes, content_type: str) -> list[str]:
        """Why a form body, URL-encoded or multipart (`content_type`, with its boundary),
        each property deepObject or form style as `encoding` says, does not match its
        schema."""
        multipart = content_type.split(";")[0].strip().lower() == "multipart/form-data"
        try:
            if multipart:
                pairs = self.multipart_pairs(body, content_type)
            else:
                pairs = parse_qsl(body.decode("utf-8"), keep_blank_values=True, strict_parsing=bool(body))
        except (UnicodeDecodeError, ValueError) as error:
            return [f"Invalid request body: not a form: {error}"]
        tree, problems = self.pairs_to_tree(pairs)
        # OpenAPI 3.0 ignores `style` outside URL-encoded forms: a multipart array is a part
        # per element, even one.
        styled = not multipart or not self.spec.is_openapi_30
        form_names = frozenset(
            name for name in tree
            if not styled or self.spec.resolve(encoding.get(name) or {}).get("style", "form") == "form")
        value = self.coerce(schema, tree, form_names=form_names)
        return [f"Invalid request body: {line}" for line in problems + self.errors(schema, value)]


def header_text(value: Any) -> str:
    """The `simple` style serialization of a header value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(header_text(item) for item in value)
    if isinstance(value, dict):
        return ",".join(f"{key},{header_text(item)}" for key, item in value.items())
    if value is None:
        return ""
    return str(value)


# ---------------------------------------------------------------------------
# Security providers: what a request must carry to meet a security scheme.


def _authorization(parameters: RequestParameters) -> tuple[str, str]:
    """The scheme and credentials of the Authorization header, or raise."""
    value = parameters.header.get("Authorization")
    if not value:
        raise SecurityProviderError("Missing authorization header.")
    scheme, _, credentials = value.partition(" ")
    if not credentials.strip():
        raise SecurityProviderError(f"No credentials after the {scheme!r} scheme.")
    return scheme, credentials.strip()


class StrictHttpProvider(BaseProvider):
    """HTTP schemes compared without case (RFC 9110), credentials required, and
    Basic credentials that are base64 of `user:password`."""

    def __call__(self, parameters: RequestParameters) -> Any:
        scheme, credentials = _authorization(parameters)
        expected = (self.scheme / "scheme").read_str()
        if scheme.lower() != expected.lower():
            raise SecurityProviderError(f"Authorization scheme {scheme!r}, expected {expected!r}.")
        if expected.lower() == "basic":
            try:
                decoded = base64.b64decode(credentials, validate=True).decode("utf-8")
            except (binascii.Error, UnicodeDecodeError):
                raise SecurityProviderError("Basic credentials are not base64 of UTF-8 text.")
            if ":" not in decoded:
                raise SecurityProviderError("Basic credentials have no ':' between user and password.")
        return credentials


class BearerTokenProvider(BaseProvider):
    """OAuth 2.0 and OpenID Connect: an access token as a bearer token."""

    def __call__(self, parameters: RequestParameters) -> Any:
        scheme, token = _authorization(parameters)
        if scheme.lower() != "bearer":
            raise SecurityProviderError(f"Authorization scheme {scheme!r}, expected a bearer token.")
        return token


class NoClientCertificateProvider(BaseProvider):
    """mutualTLS: this server speaks plain HTTP, so no certificate can arrive."""

    def __call__(self, parameters: RequestParameters) -> Any:
        raise SecurityProviderError("No TLS client certificate over plain HTTP.")


class StrictSecurityProviderFactory(SecurityProviderFactory):
    PROVIDERS = {
        "apiKey": ApiKeyProvider,
        "http": StrictHttpProvider,
        "oauth2": BearerTokenProvider,
        "openIdConnect": BearerTokenProvider,
        "mutualTLS": NoClientCertificateProvider,
    }


# ---------------------------------------------------------------------------
# Adapters to openapi-core's request/response protocols.


class CoreRequest:
    """What openapi-core validates: the request as seen on the wire, moved
    under the first server URL of its operation so openapi-core's own server
    matching accepts it, with path parameters percent-decoded by us (openapi-core
    takes them verbatim from the path otherwise)."""

    def __init__(self, host_url, path, method, body, content_type, query, headers, cookies, path_params):
        self.host_url = host_url
        self.path = path
        self.method = method
        self.body = body
        self.content_type = content_type
        self.parameters = RequestParameters(
            query=query, header=headers, cookie=cookies, path=path_params
        )


class CoreResponse:
    def __init__(self, status_code: int, data: bytes, content_type: str, headers: Headers) -> None:
        self.status_code = status_code
        self.data = data
        self.content_type = content_type
        self.headers = headers


def describe(error: BaseException) -> list[str]:
    """Human-readable lines for an openapi-core error (flattening nested ones)."""
    nested = getattr(error, "errors", None)
    if nested is not None and not isinstance(nested, (str, bytes)):
        lines: list[str] = []
        for item in nested:
            lines.extend(describe(item))
        return lines or [str(error)]

    head = str(error)
    cause = error.__cause__
    schema_errors = getattr(cause, "schema_errors", None) or getattr(error, "schema_errors", None)
    if cause is not None and hasattr(cause, "schema_errors"):
        head = _head_without_cause(error)
    if schema_errors:
        lines = []
        for schema_error in schema_errors:
            message = getattr(schema_error, "message", str(schema_error))
            where = "/".join(str(part) for part in getattr(schema_error, "path", []) or [])
            lines.append(f"{head}: {message}" + (f" (at /{where})" if where else ""))
        return lines
    if cause is not None and str(cause) not in head:
        return [f"{head}: {type(cause).__name__}: {cause}"]
    return [head]


def _head_without_cause(error: BaseException) -> str:
    name = getattr(error, "name", None)
    location = getattr(error, "location", None)
    if name and location:
        return f"Invalid {location} parameter {name!r}"
    kind = type(error).__name__
    if "Body" in kind:
        return "Invalid request body"
    if "Data" in kind:
        return "Invalid response body"
    if "Header" in kind:
        return f"Invalid header {name!r}" if name else "Invalid header"
    return kind


def is_format_only(error: BaseException) -> bool:
    """True when every schema problem in `error` is a `format` mismatch."""
    nested = getattr(error, "errors", None)
    if nested is not None and not isinstance(nested, (str, bytes)):
        items = list(nested)
        return bool(items) and all(is_format_only(item) for item in items)
    cause = error.__cause__
    schema_errors = list(getattr(cause, "schema_errors", None) or getattr(error, "schema_errors", None) or [])
    if not schema_errors:
        return False
    return all(_is_format_error(schema_error) for schema_error in schema_errors)


def _is_format_error(schema_error: Any) -> bool:
    if getattr(schema_error, "validator", None) == "format":
        return True
    context = getattr(schema_error, "context", None) or []
    return bool(context) and all(_is_format_error(item) for item in context)


# ---------------------------------------------------------------------------
# The WSGI application.


def _load_openapi(spec_path: str, document: dict) -> OpenAPI:
    """openapi-core's view of the spec (`document`, read from `spec_path`). Real specs are
    often slightly invalid (a `default: "false"` on a boolean); such a spec is still
    served, with a warning, and requests are still validated against it."""
    security = StrictSecurityProviderFactory()
    try:
        return OpenAPI.from_dict(document, config=Config(security_provider_factory=security))
    except Exception as error:  # openapi-spec-validator's OpenAPIValidationError and kin
        first_line = str(error).split("\n", 1)[0]
        LOG.warning("warning: %s is not valid OpenAPI (%s); validating requests anyway", spec_path, first_line)
        return OpenAPI.from_dict(
            document, config=Config(spec_validator_cls=None, security_provider_factory=security)
        )


class App:
    def __init__(self, spec_path: str, extra_base_paths: Iterable[str]) -> None:
        with open(spec_path, "r", encoding="utf-8") as handle:
            document = yaml.safe_load(handle)
        self.spec = Spec(document, extra_base_paths)
        document = self.spec.doc
        validator = schema_validator(document)
        self.synth = CheckedSynthesizer(self.spec, validator)
        self.nested = NestedForm(self.spec, type(validator)(document, format_checker=type(validator).FORMAT_CHECKER))
        self.openapi = _load_openapi(spec_path, self.spec.openapi_core_document())
        self.port = 0
        self._log: list[dict] = []
        self._lock = threading.Lock()

    # -- plumbing -----------------------------------------------------------

    def __call__(self, environ, start_response):
        request = Request(environ)
        try:
            response = self.handle(request)
        except Exception as error:  # never let a bug in here look like a hang
            LOG.exception("internal error")
            response = _json_response(500, {"musubi_errors": [f"internal error: {error!r}"]})
        return response(environ, start_response)

    def handle(self, request: Request) -> Response:
        raw_uri = request.environ.get("RAW_URI") or request.environ.get("REQUEST_URI")
        if raw_uri:
            if "://" in raw_uri.split("?", 1)[0]:
                raw_uri = raw_uri.split("://", 1)[1]
                raw_uri = "/" + raw_uri.split("/", 1)[1] if "/" in raw_uri else "/"
            raw_path, _, raw_query = raw_uri.partition("?")
        else:  # not served by werkzeug's server: best effort
            raw_path = request.environ.get("PATH_INFO", "/")
            raw_query = request.environ.get("QUERY_STRING", "")
        raw_path = raw_path or "/"
        method = request.method.lower()

        if raw_path == LOG_PATH or raw_path.endswith(LOG_PATH):
            return self.handle_log(method)
        if raw_path == REDIRECT_PATH:
            # Where every 3xx answer points: the redirect's target, not logged (the request
            # that was redirected is).
            return Response(b"redirected", status=200, content_type="application/octet-stream")

        entry: dict[str, Any] = {
            "method": request.method,
            "path": raw_path,
            "query": raw_query,
            "valid": False,
            "errors": [],
        }
        try:
            response = self.handle_api(request, method, raw_path, entry)
        except Exception as error:  # a bug here, or in openapi-core: say so, loudly
            LOG.exception("internal error")
            entry["musubi_errors"] = [f"internal error: {error!r}"]
            response = _json_response(500, {"musubi_errors": entry["musubi_errors"]})
        entry["status"] = response.status_code
        with self._lock:
            self._log.append(entry)
        status_word = "valid" if entry["valid"] else "INVALID"
        line = f"{request.method} {raw_path}{'?' + raw_query if raw_query else ''} -> {response.status_code} {status_word}"
        if entry.get("operation_id"):
            line += f" ({entry['operation_id']})"
        LOG.info(line)
        for error in entry["errors"]:
            LOG.info("    request error: %s", error)
        for error in entry.get("response_errors", []):
            LOG.info("    response error%s: %s", " (format only)" if entry.get("response_errors_format_only") else "", error)
        for error in entry.get("musubi_errors", []):
            LOG.info("    harness error: %s", error)
        return response

    def handle_log(self, method: str) -> Response:
        with self._lock:
            if method == "delete":
                count = len(self._log)
                self._log.clear()
                return _json_response(200, {"cleared": count})
            if method in ("get", "head"):
                return _json_response(200, {"requests": copy.deepcopy(self._log)})
        return _json_response(405, {"musubi_errors": [f"{method.upper()} {LOG_PATH} is not supported"]})

    # -- the API ------------------------------------------------------------

    def handle_api(self, request: Request, method: str, raw_path: str, entry: dict) -> Response:
        body = request.get_data(cache=True)
        entry["headers"] = {key: value for key, value in request.headers.items()}
        entry["body"] = _body_for_log(body, request.content_type)

        try:
            template, operation, raw_params, prefix, bare = self.spec.match(
                raw_path, method, request.args.items(multi=True))
        except LookupError as error:
            entry["errors"] = [str(error)]
            return _invalid(entry["errors"])
        entry["operation_id"] = operation.get("operationId")
        entry["template"] = template

        errors: list[str] = []
        path_params = {}
        for name, value in raw_params.items():
            try:
                path_params[name] = unquote(value, errors="strict")
            except UnicodeDecodeError:
                errors.append(f"path parameter {name!r} is not percent-encoded UTF-8: {value}")
                path_params[name] = value
        entry["path_params"] = path_params

        server_url = Spec.server_url(self.spec.servers_for(template, method)[0])
        server = urlsplit(server_url)
        if server.scheme and server.netloc:
            host_url = f"{server.scheme}://{server.netloc}"
        else:
            host_url = f"http://127.0.0.1:{self.port}"
        core_path = server.path.rstrip("/") + bare + self.spec.core_suffix(template)

        # What openapi-core cannot validate, the server does itself (and hides from it):
        # the path key's fixed query, deepObject query parameters and form bodies with
        # deepObject properties (see Spec.openapi_core_document).
        query = list(request.args.items(multi=True))
        fixed = self.spec.fixed_query(template)
        deep = self.spec.deep_object_parameters(template, operation)
        deep_names = {parameter["name"] for parameter in deep}
        for parameter in deep:
            errors.extend(self.nested.check_parameter(parameter, query))
        core_query = [
            (key, value) for key, value in query
            if (key, value) not in fixed and key.split("[", 1)[0] not in deep_names
        ]
        content_type = (request.content_type or "").lower()
        own_form = self.spec.own_form_media(operation, content_type)
        if own_form is not None and body:
            errors.extend(self.nested.check_body(
                own_form.get("schema") or {}, own_form.get("encoding") or {}, body,
                request.headers.get("Content-Type", "")))

        core_path_params, core_query, core_cookies = self.spec.adapt_for_openapi_core(
            template, operation, dict(path_params), core_query, request.cookies.items(multi=True))
        core_request = CoreRequest(
            host_url=host_url,
            path=core_path,
            method=method,
            body=body or None,
            content_type=content_type or "application/octet-stream",
            query=core_query,
            headers=Headers(request.headers),
            cookies=core_cookies,
            path_params=core_path_params,
        )

        # Checks openapi-core does not make: undocumented query parameters
        # (usually a misspelled name) and a body nobody asked for.
        documented = self.spec.query_parameter_names(template, operation)
        for name in dict.fromkeys(request.args.keys()):
            prefix_documented = "[" in name and name.split("[", 1)[0] + "[" in documented
            if "*" not in documented and name not in documented and not prefix_documented:
                errors.append(
                    f"query parameter {name!r} is not documented for {entry['operation_id'] or template}"
                    f" (documented: {', '.join(sorted(documented)) or 'none'})"
                )
        if body and "requestBody" not in operation:
            errors.append(
                f"the request has a body ({len(body)} bytes) but {entry['operation_id'] or template}"
                " documents no requestBody"
            )

        for error in self.openapi.iter_request_errors(core_request):
            errors.extend(describe(error))
        entry["errors"] = errors
        entry["valid"] = not errors
        if errors:
            return _invalid(errors)

        return self.respond(request, operation, core_request, entry)

    def respond(self, request: Request, operation: dict, core_request: CoreRequest, entry: dict) -> Response:
        responses = operation.get("responses") or {}
        wanted = request.headers.get(RESPOND_WITH_HEADER)
        page = None
        if PAGES_EXTENSION in operation:
            try:
                page = TestPage(operation[PAGES_EXTENSION], request.args, request.base_url)
                fail_page = request.headers.get(FAIL_PAGE_HEADER)
                if fail_page is not None and page.number == int(fail_page):
                    wanted = "default"
            except (LookupError, ValueError) as error:
                entry["musubi_errors"] = [str(error)]
                return _json_response(500, {"musubi_errors": [str(error)]})
        try:
            status, response_spec = _pick_response(responses, wanted)
        except LookupError as error:
            entry["musubi_errors"] = [str(error)]
            return _json_response(500, {"musubi_errors": [str(error)]})
        response_spec = self.spec.resolve(response_spec)

        headers = Headers()
        for name, header in (response_spec.get("headers") or {}).items():
            if name.lower() in FRAMING_HEADERS:
                continue
            header = self.spec.resolve(header)
            if page is not None and name.lower() == "link":
                if page.link is not None and status < 300:
                    headers[name] = page.link
                continue
            headers[name] = header_text(self._header_value(header))
        if status in REDIRECT_STATUSES or (300 <= status < 400 and "Location" in headers):
            # Back here, whatever the spec's example says: the example points at the real API,
            # and a client that follows it would leave this machine. A redirect the spec gives
            # no `Location` (GitHub's migration archives) gets one, as from a real server.
            headers["Location"] = f"http://127.0.0.1:{self.port}{REDIRECT_PATH}"

        data = b""
        content_type = ""
        content = response_spec.get("content") or {}
        if content and status not in (204, 304) and request.method != "HEAD":
            media_type = _pick_media_type(content)
            media = content[media_type]
            try:
                if page is not None:
                    value = page.body if status < 300 else {"message": f"page {page.number} failed"}
                else:
                    value = self._media_value(media, request.headers.get(EXAMPLE_HEADER))
            except LookupError as error:
                entry["musubi_errors"] = [str(error)]
                return _json_response(500, {"musubi_errors": [str(error)]})
            content_type, data = _serialize(media_type, value)
            headers["Content-Type"] = content_type

        core_response = CoreResponse(status, data, content_type or "", Headers(headers))
        response_errors: list[str] = []
        format_only = True
        for error in self.openapi.iter_response_errors(core_request, core_response):
            response_errors.extend(describe(error))
            format_only = format_only and is_format_only(error)
        if response_errors:
            entry["response_errors"] = response_errors
            entry["response_errors_format_only"] = format_only

        response = Response(data, status=status, headers=headers)
        if not content_type:
            # Werkzeug adds a text/plain Content-Type by default; an empty
            # documented response has none.
            del response.headers["Content-Type"]
        return response

    def _media_value(self, media: dict, example_name: Optional[str]) -> Any:
        examples = media.get("examples") or {}
        if example_name:
            if example_name not in examples:
                raise LookupError(
                    f"{EXAMPLE_HEADER}: {example_name!r} is not one of the media type's examples"
                    f" ({', '.join(examples) or 'none'})"
                )
            return copy.deepcopy(self.spec.resolve(examples[example_name]).get("value"))
        # The answer exercises the client's decoding, so an example that contradicts the
        # documented schema gives way to a value synthesized from it.
        schema = media.get("schema") or {}
        candidates = [media["example"]] if "example" in media else []
        for example in examples.values():
            example = self.spec.resolve(example)
            if isinstance(example, dict) and "value" in example:
                candidates.append(example["value"])
        for candidate in candidates:
            if self.synth.is_valid(schema, candidate):
                return copy.deepcopy(candidate)
        return self.synth.value(schema)

    def _header_value(self, header: dict) -> Any:
        if "example" in header:
            return header["example"]
        for example in (header.get("examples") or {}).values():
            example = self.spec.resolve(example)
            if "value" in example:
                return example["value"]
        if "schema" in header:
            return self.synth.value(header["schema"])
        for media in (header.get("content") or {}).values():
            return self._media_value(media, None)
        return "value"

    # -- --check-examples ---------------------------------------------------

    def check_examples(self) -> int:
        """Validates every example in the spec against its schema; returns the
        number of problems that are not format-only."""
        from openapi_schema_validator import OAS30Validator

        hard = 0
        for where, schema, value in self._examples():
            validator = OAS30Validator(
                self._inline(schema), format_checker=OAS30Validator.FORMAT_CHECKER
            )
            for problem in validator.iter_errors(value):
                fmt = _is_format_error(problem)
                if not fmt:
                    hard += 1
                location = "/".join(str(p) for p in problem.path)
                print(
                    f"{'format' if fmt else 'ERROR '} {where}{(' at /' + location) if location else ''}: {problem.message}",
                    file=sys.stderr,
                )
        return hard

    def _inline(self, schema: Any, depth: int = 0) -> Any:
        if depth > 30:
            return {}
        if isinstance(schema, dict):
            if "$ref" in schema:
                return self._inline(self.spec.resolve(schema), depth + 1)
            return {key: self._inline(value, depth + 1) if key not in ("example", "default", "enum") else value
                    for key, value in schema.items()}
        if isinstance(schema, list):
            return [self._inline(item, depth + 1) for item in schema]
        return schema

    def _examples(self):
        doc = self.spec.doc
        for name, schema in ((doc.get("components") or {}).get("schemas") or {}).items():
            yield from self._schema_examples(f"#/components/schemas/{name}", schema)

        def media_examples(where, content):
            for media_type, media in (content or {}).items():
                schema = media.get("schema") or {}
                if "example" in media:
                    yield f"{where} {media_type} example", schema, media["example"]
                for example_name, example in (media.get("examples") or {}).items():
                    example = self.spec.resolve(example)
                    if "value" in example:
                        yield f"{where} {media_type} examples.{example_name}", schema, example["value"]

        def parameter_examples(where, parameters):
            for parameter in parameters or []:
                parameter = self.spec.resolve(parameter)
                if "example" in parameter and "schema" in parameter:
                    yield f"{where} parameter {parameter.get('name')}", parameter["schema"], parameter["example"]

        for template, item in (doc.get("paths") or {}).items():
            item = self.spec.resolve(item)
            yield from parameter_examples(template, item.get("parameters"))
            for method in HTTP_METHODS:
                operation = item.get(method)
                if not isinstance(operation, dict):
                    continue
                where = f"{method.upper()} {template}"
                yield from parameter_examples(where, operation.get("parameters"))
                if "requestBody" in operation:
                    body = self.spec.resolve(operation["requestBody"])
                    yield from media_examples(f"{where} requestBody", body.get("content"))
                for status, response in (operation.get("responses") or {}).items():
                    response = self.spec.resolve(response)
                    yield from media_examples(f"{where} {status}", response.get("content"))
                    for header_name, header in (response.get("headers") or {}).items():
                        header = self.spec.resolve(header)
                        if "example" in header and "schema" in header:
                            yield f"{where} {status} header {header_name}", header["schema"], header["example"]

    def _schema_examples(self, where, schema, depth=0):
        if depth > 30 or not isinstance(schema, dict) or "$ref" in schema:
            return
        if "example" in schema:
            yield where, schema, schema["example"]
        for name, subschema in (schema.get("properties") or {}).items():
            yield from self._schema_examples(f"{where}.{name}", subschema, depth + 1)
        if isinstance(schema.get("items"), dict):
            yield from self._schema_examples(f"{where}[]", schema["items"], depth + 1)
        if isinstance(schema.get("additionalProperties"), dict):
            yield from self._schema_examples(f"{where}{{}}", schema["additionalProperties"], depth + 1)
        for key in ("allOf", "oneOf", "anyOf"):
            for index, subschema in enumerate(schema.get(key) or []):
                yield from self._schema_examples(f"{where}.{key}[{index}]", subschema, depth + 1)


class TestPage:
    """One page of the 25 items an `x-musubi-test-pages` operation lists, as the
    request asks for it in the operation's scheme: the body, the Link header's
    rel="next" target (scheme `link`) and the page's number (counted from 1 by
    position, whatever the scheme) for X-Musubi-Fail-Page. Raises LookupError
    for an unknown scheme or cursor."""

    ITEMS = [{"id": f"item-{index:02d}", "position": index} for index in range(1, 26)]
    DEFAULT_SIZE = 10

    def __init__(self, scheme: str, args, base_url: str) -> None:
        def integer(name: str, default: int) -> int:
            text = args.get(name)
            return default if text is None else int(text)

        items = self.ITEMS
        self.link: Optional[str] = None
        if scheme == "link":
            size = integer("per_page", self.DEFAULT_SIZE)
            start = (integer("page", 1) - 1) * size
        elif scheme == "has-more":
            size = integer("limit", self.DEFAULT_SIZE)
            after = args.get("starting_after")
            start = 0 if after is None else self._index_after(after)
        elif scheme in ("next-cursor", "links"):
            size = integer("limit", self.DEFAULT_SIZE)
            cursor = args.get("cursor")
            start = 0 if not cursor else self._cursor_start(cursor)
        elif scheme == "offset":
            size = integer("limit", self.DEFAULT_SIZE)
            start = integer("offset", 0)
        elif scheme == "page":
            size = integer("per_page", self.DEFAULT_SIZE)
            start = (integer("page", 1) - 1) * size
        else:
            raise LookupError(f"{PAGES_EXTENSION}: unknown scheme {scheme!r}")
        if size < 1 or start < 0:
            raise LookupError(f"{PAGES_EXTENSION}: no page of size {size} from {start}")
        end = start + size
        chunk = copy.deepcopy(items[start:end])
        more = end < len(items)
        self.number = start // size + 1
        if scheme == "has-more":
            self.body: Any = {"data": chunk, "has_more": more}
        elif scheme == "next-cursor":
            cursor = base64.urlsafe_b64encode(f"from:{end}".encode()).decode() if more else ""
            self.body = {"items": chunk, "response_metadata": {"next_cursor": cursor}}
        elif scheme == "links":
            links = {"self": base_url}
            if more:
                cursor = base64.urlsafe_b64encode(f"from:{end}".encode()).decode()
                links["next"] = f"{base_url}?limit={size}&cursor={cursor}"
            self.body = {"data": chunk, "links": links}
        else:
            self.body = chunk
        if scheme == "link" and more:
            self.link = f'<{base_url}?per_page={size}&page={self.number + 1}>; rel="next"'

    @classmethod
    def _index_after(cls, item_id: str) -> int:
        for index, item in enumerate(cls.ITEMS):
            if item["id"] == item_id:
                return index + 1
        raise LookupError(f"{PAGES_EXTENSION}: starting_after {item_id!r} names no item")

    @staticmethod
    def _cursor_start(cursor: str) -> int:
        try:
            text = base64.urlsafe_b64decode(cursor.encode()).decode()
        except (binascii.Error, UnicodeDecodeError):
            text = ""
        if not text.startswith("from:") or not text[5:].isdigit():
            raise LookupError(f"{PAGES_EXTENSION}: {cursor!r} is not a cursor this server gave")
        return int(text[5:])


def _pick_response(responses: dict, wanted: Optional[str]) -> tuple[int, dict]:
    codes = {str(code).upper(): spec for code, spec in responses.items()}
    if not wanted:
        successes = sorted(code for code in codes if code.isdigit() and code.startswith("2"))
        if successes:
            return int(successes[0]), codes[successes[0]]
        for code in ("2XX",):
            if code in codes:
                return 200, codes[code]
        if "DEFAULT" in codes:
            return 200, codes["DEFAULT"]
        others = sorted(code for code in codes if code.isdigit())
        if others:
            return int(others[0]), codes[others[0]]
        raise LookupError("the operation documents no responses")
    wanted = wanted.strip()
    if wanted.lower() == "default":
        if "DEFAULT" in codes:
            return 500, codes["DEFAULT"]
        raise LookupError(f"{RESPOND_WITH_HEADER}: default, but the operation has no default response")
    if not (wanted.isdigit() and len(wanted) == 3 and 100 <= int(wanted) <= 599):
        raise LookupError(f"{RESPOND_WITH_HEADER}: {wanted!r} is not a status code")
    for code in (wanted, wanted[0] + "XX", "DEFAULT"):
        if code in codes:
            return int(wanted), codes[code]
    raise LookupError(
        f"{RESPOND_WITH_HEADER}: {wanted} is not documented for this operation"
        f" (documented: {', '.join(sorted(responses))})"
    )


def _pick_media_type(content: dict) -> str:
    for candidate in content:
        if candidate.split(";")[0].strip().lower() == "application/json":
            return candidate
    for candidate in content:
        if "json" in candidate.lower():
            return candidate
    return next(iter(content))


def _serialize(media_type: str, value: Any) -> tuple[str, bytes]:
    base = media_type.split(";")[0].strip().lower()
    if "*" in base:
        base = "application/json" if not isinstance(value, (str, bytes)) else "text/plain"
    if "json" in base:
        return base, json.dumps(value, ensure_ascii=False).encode("utf-8")
    if isinstance(value, bytes):
        return base, value
    if isinstance(value, str):
        charset = "; charset=utf-8" if base.startswith("text/") else ""
        return base + charset, value.encode("utf-8")
    return base, json.dumps(value, ensure_ascii=False).encode("utf-8")


def _body_for_log(body: bytes, content_type: Optional[str]) -> Any:
    if not body:
        return None
    text = body.decode("utf-8", errors="replace")
    if content_type and "json" in content_type.lower():
        try:
            return json.loads(text)
        except ValueError:
            pass
    return text[:4096]


def _json_response(status: int, payload: Any) -> Response:
    return Response(
        json.dumps(payload, ensure_ascii=False), status=status, content_type="application/json"
    )


def _invalid(errors: list[str]) -> Response:
    response = _json_response(400, {"validation_errors": errors})
    response.headers["X-Musubi-Validation"] = "failed"
    return response


# ---------------------------------------------------------------------------
# Entry point.


class _QuietHandler(WSGIRequestHandler):
    def log_request(self, *args, **kwargs) -> None:  # we log our own line
        pass


def _check_loopback(host: str) -> str:
    if host == "localhost":
        return "127.0.0.1"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        raise SystemExit(f"--host must be a loopback address, not {host!r}")
    if not address.is_loopback:
        raise SystemExit(f"--host must be a loopback address, not {host!r}")
    return host


_LOG_STREAM = sys.stderr


def _exit_now(reason: str) -> None:
    try:  # directly: the log writer thread may not get another turn
        _LOG_STREAM.write(f"[validating-server] {reason}; exiting\n")
        _LOG_STREAM.flush()
    except Exception:
        pass
    os._exit(0)


def _watch_parent(original_parent: int) -> None:
    while True:
        time.sleep(0.5)
        if os.getppid() != original_parent:
            _exit_now("parent process went away")


def _watch_stdin() -> None:
    try:
        while sys.stdin.buffer.read(4096):
            pass
    except Exception:
        pass
    _exit_now("standard input closed")


def main(argv: Optional[list[str]] = None) -> int:
    # A parent that starts us from a thread with signals blocked (Foundation's Process on
    # Linux does) passes that mask on; unblock, or SIGTERM could never stop the server.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT, signal.SIGHUP})
    parser = argparse.ArgumentParser(
        description="Serve an OpenAPI spec's examples, validating every request with openapi-core."
    )
    parser.add_argument("--spec", required=True, help="the OpenAPI 3.0 document (YAML or JSON)")
    parser.add_argument("--port", type=int, default=0, help="the port; 0 (the default) picks a free one")
    parser.add_argument("--host", default="127.0.0.1", help="a loopback address to bind (default 127.0.0.1)")
    parser.add_argument(
        "--base-path", action="append", default=[],
        help="an extra path prefix to accept and strip (repeatable); the servers' prefixes are always accepted",
    )
    parser.add_argument("--log-file", help="append the log here instead of writing it to stderr")
    parser.add_argument("--exit-on-stdin-eof", action="store_true",
                        help="exit when standard input reaches end of file")
    parser.add_argument("--no-parent-watch", action="store_true",
                        help="keep running after the parent process exits")
    parser.add_argument("--check-examples", action="store_true",
                        help="validate the spec's examples against their schemas and exit"
                             " (1 if a non-format problem is found)")
    args = parser.parse_args(argv)

    global _LOG_STREAM
    stream = open(args.log_file, "a", encoding="utf-8") if args.log_file else sys.stderr
    _LOG_STREAM = stream
    handler = _NonBlockingHandler(stream)
    handler.setFormatter(logging.Formatter("[validating-server] %(message)s"))
    LOG.addHandler(handler)
    LOG.setLevel(logging.INFO)
    LOG.propagate = False
    logging.getLogger("werkzeug").setLevel(logging.WARNING)

    app = App(args.spec, args.base_path)
    if args.check_examples:
        hard = app.check_examples()
        print(f"{'OK' if not hard else f'{hard} problem(s)'}: examples in {args.spec}", file=sys.stderr)
        return 1 if hard else 0

    host = _check_loopback(args.host)
    server = make_server(host, args.port, app, threaded=True, request_handler=_QuietHandler)
    app.port = server.server_port
    LOG.info("serving %s on http://%s:%d (base paths: %s)", args.spec, host, app.port,
             ", ".join(app.spec.base_paths) or "none")

    if not args.no_parent_watch:
        threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()
    if args.exit_on_stdin_eof:
        threading.Thread(target=_watch_stdin, daemon=True).start()

    sys.stdout.write(f"PORT={app.port}\n")
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
