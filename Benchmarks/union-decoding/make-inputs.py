"""Writes the union-decoding benchmark's spec and payloads into the directory given.

The spec's `Item` has ten Stripe-style expandable fields, `anyOf: [string, Thing]`, where
`Thing` pins `object: thing` as Stripe's objects do. `ids.json` holds 5 000 items whose fields
are IDs (how Stripe sends them unless asked to expand them); `objects.json` the same items
with every field expanded into its object.
"""
import json
import os
import sys

out = sys.argv[1]
fields = {f"f{i}": {"anyOf": [{"type": "string", "maxLength": 5000}, {"$ref": "#/components/schemas/Thing"}]}
          for i in range(10)}
spec = {
    "openapi": "3.0.3",
    "info": {"title": "Union benchmark", "version": "1"},
    "paths": {"/items": {"get": {"operationId": "listItems", "responses": {"200": {
        "description": "The items.",
        "content": {"application/json": {"schema": {
            "type": "array", "items": {"$ref": "#/components/schemas/Item"}}}}}}}}},
    "components": {"schemas": {
        "Item": {"type": "object", "required": ["id"],
                 "properties": {"id": {"type": "string"}, "amount": {"type": "integer"}, **fields}},
        "Thing": {"type": "object", "required": ["id", "object", "created"],
                  "properties": {"id": {"type": "string"},
                                 "object": {"type": "string", "enum": ["thing"]},
                                 "created": {"type": "integer"}}},
    }},
}
with open(os.path.join(out, "spec.json"), "w") as f:
    json.dump(spec, f)
ids = [{"id": f"it_{n}", "amount": n, **{f"f{i}": f"th_{n}_{i}" for i in range(10)}} for n in range(5000)]
with open(os.path.join(out, "ids.json"), "w") as f:
    json.dump(ids, f)
objects = [{**item, **{f"f{i}": {"id": f"th_{n}_{i}", "object": "thing", "created": n} for i in range(10)}}
           for n, item in enumerate(ids)]
with open(os.path.join(out, "objects.json"), "w") as f:
    json.dump(objects, f)
