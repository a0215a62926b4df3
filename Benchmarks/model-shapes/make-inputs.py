"""Writes the model-shapes benchmark's spec and payloads into the directory given.

Three schemas, each a shape of model the GitHub payload of the model-runtime benchmark does
not have, and 5 000 items of each:

- `Expandable`: ten Stripe-style fields that are an ID or the object it names,
  `anyOf: [string, Thing]`, `Thing` pinning `object: thing` as Stripe's objects do.
  `ids.json` sends every field as its ID (as Stripe does unless asked to expand it),
  `objects.json` every field expanded.
- `Nullables`: ten optional strings and five optional integers that may be `null` (three
  states: absent, `null`, a value); a third of the values are `null`.
- `Strings`: ten required strings and five required integers, a struct that stores its values
  itself, as most of Stripe's objects do.
- `Statuses`: ten required string enums of five values each, which Musubi makes open enums
  (an `unknown` case keeps a value added later); by hand, closed `String` enums.
- `Linked`: the same as `Strings` with two links (`format: uri`), which Musubi keeps in a storage class
  (as GitHub's objects, all of which have links); by hand, links are strings.
"""
import json
import os
import sys

out = sys.argv[1]
COUNT = 5000


def array_of(name):
    return {"type": "array", "items": {"$ref": f"#/components/schemas/{name}"}}


def operation(name):
    return {"get": {"operationId": f"list{name}", "responses": {"200": {
        "description": "The items.", "content": {"application/json": {"schema": array_of(name)}}}}}}


expandable = {f"f{i}": {"anyOf": [{"type": "string", "maxLength": 5000}, {"$ref": "#/components/schemas/Thing"}]}
              for i in range(10)}
nullables = {f"s{i}": {"type": "string", "nullable": True} for i in range(10)}
nullables.update({f"n{i}": {"type": "integer", "nullable": True} for i in range(5)})
strings = {f"s{i}": {"type": "string"} for i in range(10)}
strings.update({f"n{i}": {"type": "integer"} for i in range(5)})
statuses = {f"e{i}": {"type": "string", "enum": [f"state_{i}_{v}" for v in range(5)]} for i in range(10)}
links = {"html_url": {"type": "string", "format": "uri"}, "api_url": {"type": "string", "format": "uri"}}
identifier = {"id": {"type": "string"}}
spec = {
    "openapi": "3.0.3",
    "info": {"title": "Model shapes", "version": "1"},
    "paths": {f"/{name.lower()}": operation(name) for name in ["Expandable", "Nullables", "Strings", "Statuses", "Linked"]},
    "components": {"schemas": {
        "Expandable": {"type": "object", "required": ["id"], "properties": {**identifier, **expandable}},
        "Thing": {"type": "object", "required": ["id", "object", "created"],
                  "properties": {"id": {"type": "string"},
                                 "object": {"type": "string", "enum": ["thing"]},
                                 "created": {"type": "integer"}}},
        "Nullables": {"type": "object", "required": ["id"], "properties": {**identifier, **nullables}},
        "Strings": {"type": "object", "required": ["id", *strings], "properties": {**identifier, **strings}},
        "Statuses": {"type": "object", "required": ["id", *statuses], "properties": {**identifier, **statuses}},
        "Linked": {"type": "object", "required": ["id", *strings, *links],
                   "properties": {**identifier, **strings, **links}},
    }},
}


def write(name, value):
    with open(os.path.join(out, name), "w") as f:
        json.dump(value, f)


write("spec.json", spec)
write("ids.json", [{"id": f"ex_{n}", **{f"f{i}": f"th_{n}_{i}" for i in range(10)}} for n in range(COUNT)])
write("objects.json", [
    {"id": f"ex_{n}", **{f"f{i}": {"id": f"th_{n}_{i}", "object": "thing", "created": n} for i in range(10)}}
    for n in range(COUNT)])
write("nullables.json", [
    {"id": f"nu_{n}",
     **{f"s{i}": None if (n + i) % 3 == 0 else f"value number {n} {i}" for i in range(10)},
     **{f"n{i}": None if (n + i) % 3 == 0 else n * i for i in range(5)}}
    for n in range(COUNT)])
write("strings.json", [
    {"id": f"st_{n}", **{f"s{i}": f"value number {n} {i}" for i in range(10)}, **{f"n{i}": n * i for i in range(5)}}
    for n in range(COUNT)])
write("statuses.json", [
    {"id": f"en_{n}", **{f"e{i}": f"state_{i}_{(n + i) % 5}" for i in range(10)}} for n in range(COUNT)])
write("linked.json", [
    {"id": f"li_{n}", **{f"s{i}": f"value number {n} {i}" for i in range(10)}, **{f"n{i}": n * i for i in range(5)},
     "html_url": f"https://example.com/things/{n}", "api_url": f"https://api.example.com/things/{n}"}
    for n in range(COUNT)])
