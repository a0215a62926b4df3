#!/usr/bin/env python3
"""Writes the payload of the model runtime benchmark: JSON arrays of items built from a spec's
own examples (components/examples), each copy with different ids so no two items are equal.

  make-payload.py SPEC.json OUT_DIR issue=100 pull-request=100 full-repository=20

writes OUT_DIR/issue.json (an array of 100 copies of the `issue` example), and so on, as
compact JSON, the way an API sends it. Every integer `id` and `number` in a copy gets the
copy's index times a million added, and every `node_id` the index appended, at any depth.
"""

import copy
import json
import os
import sys


def vary(value, index):
    """The example with its ids made unique to copy `index` (in place; returns it)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("id", "number") and isinstance(item, int) and not isinstance(item, bool):
                value[key] = item + index * 1_000_000
            elif key == "node_id" and isinstance(item, str):
                value[key] = f"{item}_{index}"
            else:
                vary(item, index)
    elif isinstance(value, list):
        for item in value:
            vary(item, index)
    return value


def main():
    if len(sys.argv) < 4:
        sys.exit("usage: make-payload.py SPEC.json OUT_DIR EXAMPLE=COUNT...")
    with open(sys.argv[1], encoding="utf-8") as file:
        examples = json.load(file)["components"]["examples"]
    os.makedirs(sys.argv[2], exist_ok=True)
    for argument in sys.argv[3:]:
        name, _, count = argument.partition("=")
        example = examples[name]["value"]
        items = [vary(copy.deepcopy(example), index) for index in range(int(count))]
        path = os.path.join(sys.argv[2], f"{name}.json")
        with open(path, "w", encoding="utf-8") as out:
            json.dump(items, out, separators=(",", ":"), ensure_ascii=False)
        print(f"{path}: {len(items)} items, {os.path.getsize(path)} bytes")


if __name__ == "__main__":
    main()
