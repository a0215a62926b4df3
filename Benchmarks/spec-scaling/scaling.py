#!/usr/bin/env python3
"""How the generator's time and memory grow with hostile specs: each shape at two sizes.

  Benchmarks/spec-scaling/scaling.py [--musubi PATH] [--size N] [--runs R] [--work DIR]

Every shape stresses one thing a short spec can ask for many of: chains of references,
compositions or aliases, names that sanitize alike, wide unions and objects, thousands of
parameters, long quoted text, scopes copied into every request. Each is written at N and 2N
(JSON, into a scratch folder) and generated with `musubi generate` into a folder on tmpfs when
there is one, so file system timing stays out; the table gives the median wall time and peak
memory of each and the ratio of the two times. Work that grows with the spec doubles (ratio about
2); a ratio near 4 or more is quadratic or worse and is a bug, as is a crash or a time-out.
Shapes past one of the generator's limits (an `allOf` deeper than 256, more than 200 000 merged
properties or security names) are refused with an error, which counts as a result; its time
is what matters.

A developer script: CI does not run it. It only reads the musubi binary and writes under --work
and the tmpfs folder.
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time


def spec(paths=None, schemas=None, components=None, security=None):
    document = {"openapi": "3.0.3", "info": {"title": "Scaling", "version": "1"}, "paths": paths or {}}
    document["components"] = dict(components or {})
    document["components"]["schemas"] = schemas or {}
    if security is not None:
        document["security"] = security
    return document


def ok_response():
    return {"200": {"description": "OK"}}


def allof_chain(n):
    # n / 100 chains 50 deep: under the depth limit, and under the property limit up to n = 15 000.
    depth = 50
    width = max(n // 100, 1)
    schemas = {}
    for chain in range(width):
        for i in range(depth):
            schemas[f"C{chain}S{i}"] = {
                "allOf": [{"$ref": f"#/components/schemas/C{chain}S{i + 1}"}],
                "properties": {f"p{i}": {"type": "string"}},
            }
        schemas[f"C{chain}S{depth}"] = {"type": "object", "properties": {"x": {"type": "string"}}}
    return spec(schemas=schemas)


def alias_chain(n):
    schemas = {f"S{i}": {"$ref": f"#/components/schemas/S{i + 1}"} for i in range(n)}
    schemas[f"S{n}"] = {"type": "string", "enum": ["only"]}
    schemas["Holder"] = {"type": "object", "required": ["id"], "properties": {"id": {"$ref": "#/components/schemas/S0"}}}
    return spec(schemas=schemas)


def unions_of_an_alias_chain(n):
    """n/5 unions whose first alternative starts the same chain of n aliases."""
    schemas = {f"S{i}": {"$ref": f"#/components/schemas/S{i + 1}"} for i in range(n)}
    schemas[f"S{n}"] = {"type": "string", "enum": ["a", "b"]}
    schemas["Item"] = {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}
    for k in range(n // 5):
        schemas[f"U{k}"] = {"anyOf": [{"$ref": "#/components/schemas/S0"}, {"$ref": "#/components/schemas/Item"}]}
    return spec(schemas=schemas)


def union_chain(n):
    schemas = {
        f"S{i}": {
            "oneOf": [
                {"$ref": f"#/components/schemas/S{i + 1}"},
                {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string", "enum": [f"k{i}"]}}},
            ],
            "discriminator": {"propertyName": "kind"},
        }
        for i in range(n)
    }
    schemas[f"S{n}"] = {"type": "object", "properties": {"kind": {"type": "string"}}}
    return spec(schemas=schemas)


def alike_enum(n):
    values = ["v" + "-" * (i % 100) + "_" * (i // 100) for i in range(n)]
    return spec(schemas={"E": {"type": "string", "enum": values}})


def wide_mapping(n):
    schemas = {f"A{i}": {"type": "object", "properties": {"kind": {"type": "string"}}} for i in range(n)}
    schemas["U"] = {
        "oneOf": [{"$ref": f"#/components/schemas/A{i}"} for i in range(n)],
        "discriminator": {"propertyName": "kind", "mapping": {f"m{i}": f"#/components/schemas/A{i}" for i in range(n)}},
    }
    return spec(schemas=schemas)


def wide_required(n):
    names = [f"p{i}" for i in range(n)]
    properties = {name: {"type": "string"} for name in names}
    schemas = {
        kind: {
            "type": "object",
            "required": names + ["kind"],
            "properties": dict(properties, kind={"type": "string", "enum": [kind.lower()]}),
        }
        for kind in ("Cat", "Dog")
    }
    schemas["Pet"] = {"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}]}
    return spec(schemas=schemas)


def many_parameters(n):
    parameters = [{"name": f"h{i}", "in": "header", "required": True, "schema": {"type": "string"}} for i in range(n)]
    parameters += [{"name": f"c{i}", "in": "cookie", "schema": {"type": "string"}} for i in range(n)]
    return spec(paths={"/q": {"get": {"operationId": "q", "parameters": parameters, "responses": ok_response()}}})


def long_undefined_path(n):
    path = "/" + "/".join("{p%d}" % i for i in range(n))
    return spec(paths={path: {"get": {"operationId": "long", "responses": ok_response()}}})


def copied_scopes(n):
    # Kept under the limit of security names: operations × scopes stays below 200 000.
    scopes = [f"scope{i}" for i in range(n)]
    operations = max(min(100, 190_000 // (n + 1)), 1)
    flows = {"clientCredentials": {"tokenUrl": "https://auth.example/token", "scopes": {}}}
    return spec(
        paths={f"/p{i}": {"get": {"operationId": f"p{i}", "responses": ok_response()}} for i in range(operations)},
        components={"securitySchemes": {"oauth": {"type": "oauth2", "flows": flows}}},
        security=[{"oauth": scopes}],
    )


def unnamed_reference_chain(n):
    # `#/x/0` an array of `#/x/1`, …: references to schemas that are no components.
    document = spec(schemas={"A": {"$ref": "#/x/0"}})
    document["x"] = [{"type": "array", "items": {"$ref": f"#/x/{i + 1}"}} for i in range(n)] + [{"type": "string"}]
    return document


def path_in_operation_id(n):
    # An ID that almost holds the path at every offset.
    path = "/a" * n + "/b"
    return spec(paths={path: {"get": {"operationId": "/a" * (2 * n), "responses": ok_response()}}})


def long_name_in_another_script(n):
    name = "名前" * n
    return spec(schemas={"E": {"type": "string", "enum": [name]}})


def parameter_reference_chain(n):
    parameters = {f"p{i}": {"$ref": f"#/components/parameters/p{i + 1}"} for i in range(n)}
    parameters[f"p{n}"] = {"name": "q", "in": "query", "schema": {"type": "string"}}
    operation = {"operationId": "q", "parameters": [{"$ref": f"#/components/parameters/p{i}"} for i in range(0, n, 7)]}
    operation["responses"] = ok_response()
    return spec(paths={"/q": {"get": operation}}, components={"parameters": parameters})


def operation_servers_beside_api_servers(n):
    # Every operation with a server of its own, beside as many API servers with variables.
    document = spec(paths={
        f"/a{i}": {"get": {"operationId": f"a{i}", "servers": [{"url": f"https://op{i}.example/"}],
                           "responses": ok_response()}} for i in range(n)})
    document["servers"] = [
        {"url": f"https://{{a}}.example{i}/{{b}}",
         "variables": {"a": {"default": "x", "enum": ["x", "y"]}, "b": {"default": "v1"}}} for i in range(n)]
    return document


def shared_response_media_types(n):
    # One response of n media types under n operations (the generator's budget refuses it
    # past 200 000 uses: the time is what matters).
    content = {f"application/x-t{i}+json": {"schema": {"type": "string"}} for i in range(n)}
    paths = {f"/a{i}": {"get": {"operationId": f"a{i}", "responses": {"200": {"$ref": "#/components/responses/R"}}}}
             for i in range(n)}
    return spec(paths=paths, components={"responses": {"R": {"description": "ok", "content": content}}})


def properties_references(n):
    # n schemas whose properties are a reference to one mapping of 1 000 (refused past 200 000).
    schemas = {"Base": {"type": "object", "properties": {f"p{i}": {"type": "string"} for i in range(1000)}}}
    for i in range(n):
        schemas[f"S{i}"] = {"type": "object", "properties": {"$ref": "#/components/schemas/Base/properties"}}
    return spec(schemas=schemas)


def long_title_beside_servers(n):
    # A title of n words beside n/10 described servers and operation IDs sharing a first word
    # the title does not have.
    document = spec(paths={f"/a{i}": {"get": {"operationId": f"zz{i}List", "responses": ok_response()}}
                           for i in range(2)})
    document["info"]["title"] = " ".join(f"w{i}" for i in range(n))
    document["servers"] = [{"url": f"https://s{i}.example.com", "description": f"Region {i}"}
                           for i in range(n // 10)]
    return document


def shared_path_item(n):
    # n/10 paths $ref one path item of 40 string query parameters, whose page has n properties
    # and a list (the operations' parameters are refused past 200 000 in all).
    parameters = [{"name": f"q{i}", "in": "query", "schema": {"type": "string"}} for i in range(40)]
    properties = {f"p{i}": {"type": "string"} for i in range(n)}
    properties["items"] = {"type": "array", "items": {"type": "string"}}
    paths = {"/a0": {"parameters": parameters, "get": {"responses": {"200": {"description": "ok", "content": {
        "application/json": {"schema": {"$ref": "#/components/schemas/Page"}}}}}}}}
    paths.update({f"/a{i}": {"$ref": "#/paths/~1a0"} for i in range(1, n // 10)})
    return spec(paths=paths, schemas={"Page": {"type": "object", "properties": properties}})


def shared_path_item_servers(n):
    # n/10 paths $ref one path item whose server has a variable of n values.
    servers = [{"url": "https://{v}.example.com",
                "variables": {"v": {"default": "e0", "enum": [f"e{i}" for i in range(n)]}}}]
    paths = {"/a0": {"servers": servers, "get": {"responses": {"204": {"description": "ok"}}}}}
    paths.update({f"/a{i}": {"$ref": "#/paths/~1a0"} for i in range(1, n // 10)})
    return spec(paths=paths)


def shared_parameter_description(n):
    # One parameter with a default and a description of 100n bytes, used by n/10 operations.
    description = ("No default here, only words. " * (100 * n // 29 + 1))[:100 * n]
    parameter = {"name": "p", "in": "query", "description": description, "schema": {"type": "string", "default": "x"}}
    paths = {f"/r{i}": {"get": {"operationId": f"g{i}", "parameters": [{"$ref": "#/components/parameters/P"}],
                                "responses": ok_response()}} for i in range(n // 10)}
    return spec(paths=paths, components={"parameters": {"P": parameter}})


SHAPES = {
    "allOf chains (50 deep)": (allof_chain, 1),
    "alias chain": (alias_chain, 4),
    "unions of one alias chain": (unions_of_an_alias_chain, 2),
    "discriminated union chain": (union_chain, 1),
    "enum values that sanitize alike": (alike_enum, 2),
    "union with a wide mapping": (wide_mapping, 1),
    "alternatives of many required properties": (wide_required, 2),
    "header and cookie parameters": (many_parameters, 1),
    "undefined names in one long path": (long_undefined_path, 2),
    "document scopes copied into requests": (copied_scopes, 1),
    "references to unnamed schemas, chained": (unnamed_reference_chain, 1),
    "a path almost in its operation ID": (path_in_operation_id, 20),
    "a long name in another script": (long_name_in_another_script, 40),
    "parameters referring to the next": (parameter_reference_chain, 1),
    "operation servers beside API servers": (operation_servers_beside_api_servers, 1),
    "one response of many media types under many operations": (shared_response_media_types, 0.2),
    "properties referring to one long mapping": (properties_references, 0.1),
    "a long title beside many servers": (long_title_beside_servers, 4),
    "a path item of many parameters shared by many paths": (shared_path_item, 1),
    "a path item's server of many values shared by many paths": (shared_path_item_servers, 1),
    "a long description on a shared parameter": (shared_parameter_description, 1),
}


def run(musubi, path, output, timeout):
    """One generation: wall seconds, peak MB (GNU time's %M) and what came of it."""
    shutil.rmtree(output, ignore_errors=True)
    measure = output + ".time"
    start = time.monotonic()
    try:
        result = subprocess.run(
            ["/usr/bin/time", "-f", "%M", "-o", measure,
             musubi, "generate", path, "--output", output, "--module-name", "Scaling"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout)
        status = "ok" if result.returncode == 0 else ("refused" if result.returncode == 1 else f"exit {result.returncode}")
    except subprocess.TimeoutExpired:
        status = "timed out"
    seconds = time.monotonic() - start
    try:
        with open(measure, encoding="utf-8") as file:
            peak = int(file.read().split()[-1]) // 1024
    except (OSError, ValueError, IndexError):
        peak = 0
    shutil.rmtree(output, ignore_errors=True)
    if os.path.exists(measure):
        os.remove(measure)
    return seconds, peak, status


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    repo = os.path.dirname(os.path.dirname(here))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--musubi", default=os.path.join(repo, ".build-release", "release", "musubi"))
    parser.add_argument("--size", type=int, default=5000, help="N; each shape is written at N and 2N (times its factor)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("--work", default=os.path.join(repo, ".build-scaling"))
    parser.add_argument("--only", default="", help="only the shapes whose name contains this text")
    options = parser.parse_args()
    if not os.access(options.musubi, os.X_OK):
        sys.exit(f"no musubi binary at {options.musubi}; build one with "
                 "`swift build -c release --product musubi --scratch-path .build-release`")
    os.makedirs(options.work, exist_ok=True)
    scratch = tempfile.mkdtemp(prefix="musubi-scaling-", dir="/dev/shm" if os.path.isdir("/dev/shm") else None)
    print(f"musubi: {options.musubi}; N = {options.size}; median of {options.runs} runs; output under {scratch}")
    print()
    print("| shape | size | time | peak MB | result | size 2× | time | peak MB | result | time ratio |")
    print("|---|---:|---:|---:|---|---:|---:|---:|---|---:|")
    worst = 0.0
    try:
        for name, (make, factor) in SHAPES.items():
            if options.only not in name:
                continue
            row = [name]
            times = []
            for size in (int(options.size * factor), int(2 * options.size * factor)):
                path = os.path.join(options.work, f"{make.__name__}-{size}.json")
                with open(path, "w", encoding="utf-8") as file:
                    json.dump(make(size), file)
                results = [run(options.musubi, path, os.path.join(scratch, "out"), options.timeout) for _ in range(options.runs)]
                seconds = statistics.median(r[0] for r in results)
                times.append(seconds)
                row += [str(size), f"{seconds:.2f} s", str(max(r[1] for r in results)), results[-1][2]]
            ratio = times[1] / max(times[0], 0.001)
            worst = max(worst, ratio)
            row.append(f"{ratio:.1f}")
            print("| " + " | ".join(row) + " |", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print()
    print(f"largest time ratio: {worst:.1f} (about 2 is linear; 4 is quadratic)")


if __name__ == "__main__":
    main()
