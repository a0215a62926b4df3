#!/usr/bin/env python3
"""Sample arguments for every operation of an OpenAPI 3.x spec, as JSON.

Musubi's real-spec end-to-end test calls every operation of a generated client
whose arguments can be filled automatically. It takes the values from here:
each parameter's and request body's `example`, first `examples` entry, or a
value synthesized from its schema by the validating server's `Synthesizer`
(formats, enums, minimum/maximum, minLength/maxLength honoured, and a string
matching the schema's `pattern`, from `PatternSample`). Like the
server, this shares no code with Musubi, so a value the client cannot carry
exactly as the spec describes shows up as an invalid request.

Usage:
    python Scripts/operation-samples.py --spec SPEC > samples.json

Output: {"GET /pets/{petId}": {"petId": <json>, ..., "body": <json>}, ...},
keyed by method and path template, then by parameter name as the spec spells
it; the request body (its JSON media type, else the first) under "body".

Real specs' examples are often wrong (a number where the schema says string,
a required property missing), so every example is checked against its schema
and a value is synthesized instead when it does not match. When no valid value
can be made (a `pattern` beyond `PatternSample` or contradicting the
schema's length limits, a parameter `default`
that contradicts its own schema, which openapi-core applies and then rejects),
the operation gets "$unfillable": "<why>" and the test does not call it.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import pathlib
import sys
from typing import Any

import yaml

_SERVER = pathlib.Path(__file__).with_name("validating-server.py")
_spec = importlib.util.spec_from_file_location("validating_server", _SERVER)
server = importlib.util.module_from_spec(_spec)
sys.modules["validating_server"] = server
_spec.loader.exec_module(server)


def example_of(spec: "server.Spec", holder: dict) -> tuple[bool, Any]:
    """The holder's own `example`, or its first `examples` entry's value."""
    if "example" in holder:
        return True, holder["example"]
    examples = holder.get("examples")
    if isinstance(examples, dict):
        for entry in examples.values():
            entry = spec.resolve(entry)
            if isinstance(entry, dict) and "value" in entry:
                return True, entry["value"]
    return False, None


def checked(synth, holder: dict, schema: Any) -> Any:
    """The holder's example when it matches the schema, else a synthesized value."""
    found, value = example_of(synth.spec, holder)
    if found and synth.is_valid(schema, value):
        return value
    return synth.value(schema or {})


def parameter_schema(spec, parameter: dict) -> tuple[dict, Any]:
    """Where the parameter's examples live and its schema (`content` parameters too)."""
    content = parameter.get("content")
    if parameter.get("schema") is None and isinstance(content, dict) and content:
        media = spec.resolve(next(iter(content.values())))
        return media, media.get("schema")
    return parameter, parameter.get("schema")


def body_schema(spec, body: dict) -> tuple[dict, Any]:
    content = body.get("content") or {}
    names = list(content)
    json_names = [name for name in names if "json" in name.lower()]
    media = spec.resolve(content[(json_names or names)[0]]) if names else {}
    return media, media.get("schema")


def samples(document: dict) -> dict:
    spec = server.Spec(document, [])
    synth = server.CheckedSynthesizer(spec, server.schema_validator(spec.doc))
    result: dict[str, dict] = {}
    for template, item in (spec.doc.get("paths") or {}).items():
        item = spec.resolve(item)
        shared = [spec.resolve(p) for p in item.get("parameters") or []]
        for method in server.HTTP_METHODS:
            operation = item.get(method)
            if not isinstance(operation, dict):
                continue
            parameters = {(p.get("in"), p.get("name")): p for p in shared}
            for parameter in operation.get("parameters") or []:
                parameter = spec.resolve(parameter)
                parameters[(parameter.get("in"), parameter.get("name"))] = parameter
            values: dict[str, Any] = {}
            problems: list[str] = []
            for (_, name), parameter in parameters.items():
                holder, schema = parameter_schema(spec, parameter)
                resolved = spec.resolve(schema) if isinstance(schema, dict) else {}
                if isinstance(resolved, dict) and "default" in resolved:
                    problem = synth.first_error(schema, resolved["default"])
                    if problem:
                        problems.append(f"the default of parameter {name} contradicts its schema: {problem}")
                values[name] = checked(synth, holder, schema)
                if parameter.get("required"):
                    problem = synth.first_error(schema, values[name])
                    if problem:
                        problems.append(f"no valid value for parameter {name}: {problem}")
            if "requestBody" in operation:
                holder, schema = body_schema(spec, spec.resolve(operation["requestBody"]))
                values["body"] = checked(synth, holder, schema)
                problem = synth.first_error(schema, values["body"])
                if problem:
                    problems.append(f"no valid body: {problem}")
            if problems:
                values["$unfillable"] = "; ".join(problems)
            result[f"{method.upper()} {template}"] = values
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--spec", required=True)
    arguments = parser.parse_args()
    with open(arguments.spec, "r", encoding="utf-8") as handle:
        document = yaml.safe_load(handle)
    json.dump(samples(document), sys.stdout, indent=1, sort_keys=True, default=str)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
