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

import openapi_schema_validator
import yaml

_SERVER = pathlib.Path(__file__).with_name("validating-server.py")
_spec = importlib.util.spec_from_file_location("validating_server", _SERVER)
server = importlib.util.module_from_spec(_spec)
sys.modules["validating_server"] = server
_spec.loader.exec_module(server)


class CheckedSynthesizer(server.Synthesizer):
    """The server's synthesizer, but an `example` or `default` is used only when it
    matches its schema."""

    def __init__(self, spec, validator) -> None:
        super().__init__(spec)
        self.validator = validator

    def value(self, schema: Any, depth: int = 0, refs: tuple = ()) -> Any:
        resolved = self.spec.resolve(schema) if isinstance(schema, dict) else schema
        if isinstance(resolved, dict) and ("example" in resolved or "default" in resolved):
            stripped = {k: v for k, v in resolved.items() if k not in ("example", "default")}
            for key in ("example", "default"):
                if key in resolved and self.validator.evolve(schema=stripped).is_valid(resolved[key]):
                    return resolved[key]
            if isinstance(schema, dict) and "$ref" in schema:
                refs = refs + (schema["$ref"],)
            return super().value(stripped, depth, refs)
        return super().value(schema, depth, refs)


def first_error(validator, schema: Any, value: Any) -> str | None:
    """Why `value` does not match `schema`, or None when it does."""
    error = next(iter(validator.evolve(schema=schema or {}).iter_errors(value)), None)
    return None if error is None else error.message


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
    if found and first_error(synth.validator, schema, value) is None:
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
    version = str(document.get("openapi", "3.0"))
    validator_class = (
        openapi_schema_validator.OAS31Validator if version.startswith("3.1")
        else openapi_schema_validator.OAS30Validator
    )
    # Validating against the whole document lets `$ref`s inside any schema resolve.
    synth = CheckedSynthesizer(spec, validator_class(document))
    result: dict[str, dict] = {}
    for template, item in (document.get("paths") or {}).items():
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
                    problem = first_error(synth.validator, schema, resolved["default"])
                    if problem:
                        problems.append(f"the default of parameter {name} contradicts its schema: {problem}")
                values[name] = checked(synth, holder, schema)
                if parameter.get("required"):
                    problem = first_error(synth.validator, schema, values[name])
                    if problem:
                        problems.append(f"no valid value for parameter {name}: {problem}")
            if "requestBody" in operation:
                holder, schema = body_schema(spec, spec.resolve(operation["requestBody"]))
                values["body"] = checked(synth, holder, schema)
                problem = first_error(synth.validator, schema, values["body"])
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
