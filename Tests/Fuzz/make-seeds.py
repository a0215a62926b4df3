#!/usr/bin/env python3
"""Writes the fuzzer's seed corpus into a folder: small specs, one per file.

Seeds are the project's own specs (Specs/*.yaml, Tests/Goldens/constructs.yaml), the spec of
every snippet in Tests/Snippets/*.md, and small pieces cut from each real spec in a spec folder
(../shared/specs by default): one operation with the components it reaches, or one component
schema with the schemas it reaches. Pieces alternate between YAML and JSON so both parsers get
seeds. Nothing is written outside the output folder; the real specs are only read.

Usage: make-seeds.py OUTPUT_DIR [--specs DIR] [--pieces N] [--max-bytes N]
"""

import argparse
import json
import pathlib
import re
import sys

try:
    import yaml

    YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    YAML_DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
except ImportError:  # the JSON specs still give pieces
    yaml = None

REPO = pathlib.Path(__file__).resolve().parents[2]
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def references(value, found):
    """Every local `$ref` target (`#/…`) in value."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "$ref" and isinstance(item, str) and item.startswith("#/"):
                found.add(item)
            else:
                references(item, found)
    elif isinstance(value, list):
        for item in value:
            references(item, found)
    return found


def resolve(spec, pointer):
    node = spec
    for token in pointer[2:].split("/"):
        token = token.replace("~1", "/").replace("~0", "~")
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list) and token.isdigit() and int(token) < len(node):
            node = node[int(token)]
        else:
            return None
    return node


def place(piece, pointer, value):
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in pointer[2:].split("/")]
    node = piece
    for token in tokens[:-1]:
        node = node.setdefault(token, {})
        if not isinstance(node, dict):
            return
    node[tokens[-1]] = value


def closure(spec, piece, limit):
    """Copies into piece everything piece's local references reach, up to limit references."""
    seen = set()
    pending = sorted(references(piece, set()))
    while pending and len(seen) < limit:
        pointer = pending.pop()
        if pointer in seen:
            continue
        seen.add(pointer)
        target = resolve(spec, pointer)
        if target is None or pointer.count("/") < 2:
            continue
        place(piece, pointer, target)
        pending.extend(sorted(references(target, set()) - seen))


def header(spec):
    keys = ("openapi", "swagger", "info", "servers", "host", "basePath", "schemes", "security")
    piece = {key: spec[key] for key in keys if key in spec}
    piece.setdefault("info", {"title": "Piece", "version": "1"})
    return piece


def pieces(spec, count):
    """Up to count small specs: single operations, then single component schemas."""
    paths = spec.get("paths") or {}
    schemas = (spec.get("components") or {}).get("schemas") or spec.get("definitions") or {}
    path_keys = list(paths) if isinstance(paths, dict) else []
    schema_keys = list(schemas) if isinstance(schemas, dict) else []
    half = max(1, count // 2)
    for key in path_keys[:: max(1, len(path_keys) // half)][:half]:
        item = paths[key]
        if not isinstance(item, dict):
            continue
        # One method of the path item, with the item's own parameters.
        methods = [m for m in METHODS if m in item] or [None]
        kept = {k: v for k, v in item.items() if k not in METHODS or k == methods[0]}
        piece = header(spec)
        piece["paths"] = {key: kept}
        closure(spec, piece, 40)
        yield piece
    for key in schema_keys[:: max(1, len(schema_keys) // half)][:half]:
        piece = header(spec)
        piece["paths"] = {}
        if "swagger" in spec:
            piece["definitions"] = {key: schemas[key]}
        else:
            piece["components"] = {"schemas": {key: schemas[key]}}
        closure(spec, piece, 40)
        yield piece


def dump(piece, as_json):
    if as_json or yaml is None:
        return json.dumps(piece, indent=1, ensure_ascii=False, default=str) + "\n"
    return yaml.dump(piece, Dumper=YAML_DUMPER, sort_keys=False, allow_unicode=True, width=100)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("output", type=pathlib.Path)
    parser.add_argument("--specs", type=pathlib.Path, default=REPO.parent / "shared" / "specs")
    parser.add_argument("--pieces", type=int, default=16, help="pieces per real spec")
    parser.add_argument("--max-bytes", type=int, default=12000, help="largest piece kept")
    arguments = parser.parse_args()
    output = arguments.output
    output.mkdir(parents=True, exist_ok=True)
    written = 0

    def write(name, text):
        nonlocal written
        (output / name).write_text(text, encoding="utf-8")
        written += 1

    for path in sorted((REPO / "Specs").glob("*.yaml")) + [REPO / "Tests/Goldens/constructs.yaml"]:
        write(f"project-{path.name}", path.read_text(encoding="utf-8"))
    for path in sorted((REPO / "Tests/Snippets").glob("*.md")):
        blocks = re.findall(r"```(yaml|json)\n(.*?)```", path.read_text(encoding="utf-8"), re.S)
        for index, (syntax, text) in enumerate(blocks):
            write(f"snippet-{path.stem}-{index}.{syntax}", text)

    real = 0
    if arguments.specs.is_dir():
        for path in sorted(arguments.specs.iterdir()):
            if path.suffix == ".json":
                spec = json.loads(path.read_text(encoding="utf-8"))
            elif path.suffix in (".yaml", ".yml") and yaml is not None:
                spec = yaml.load(path.read_text(encoding="utf-8"), Loader=YAML_LOADER)
            else:
                continue
            if not isinstance(spec, dict):
                continue
            if path.stat().st_size <= arguments.max_bytes:
                write(f"whole-{path.name}", path.read_text(encoding="utf-8"))
            for index, piece in enumerate(pieces(spec, arguments.pieces)):
                text = dump(piece, as_json=index % 2 == 1)
                if len(text.encode("utf-8")) <= arguments.max_bytes:
                    write(f"piece-{path.stem}-{index}{'.json' if index % 2 else '.yaml'}", text)
                    real += 1
    else:
        print(f"make-seeds: no spec folder at {arguments.specs}; project seeds only", file=sys.stderr)
    print(f"make-seeds: {written} seeds ({real} pieces of real specs) in {output}")


if __name__ == "__main__":
    main()
