#!/usr/bin/env python3
"""Writes the "plain" variant of the model runtime benchmark: Swift structs for some schemas of
an OpenAPI 3.0 JSON spec, as a careful developer would write them by hand, with the compiler's
synthesized Codable, Equatable and Hashable.

  plain-structs.py [--urls] SPEC.json OUT.swift issue pull-request full-repository

The shapes, kept deliberately plain (the point is a baseline, not a second generator):
- a schema with properties is a `public struct` of `public let` stored properties, with a
  `CodingKeys` enum for the JSON names; a property is optional unless it is required and not
  nullable;
- an inline object is a nested struct named after its property (an array's items: the
  property's name in the singular when it ends in "s", else with `Item` appended);
- enums are `String`; `date-time` strings are `Date`, every other string `String` (with
  `--urls`, `uri` strings are `URL`, for a variant that parses links as Musubi's models do);
  integers `Int`, numbers `Double`;
- an object with only `additionalProperties` is `[String: T]`; a free-form value is
  `JSONValue`, a small enum written at the top of the file;
- `oneOf`/`anyOf` is an enum with one case per alternative and a hand-written `Codable` that
  tries them in order (the only place where synthesis cannot do the job).
Only JSON specs are read (no YAML dependency); `$ref`s must point into components/schemas.
"""

import argparse
import json
import re

# Swift keywords that need backticks as property names.
SWIFT_KEYWORDS = {
    "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "open", "operator", "private", "protocol", "public",
    "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat",
    "return", "switch", "where", "while", "as", "catch", "false", "is", "nil", "super", "self",
    "Self", "throw", "throws", "true", "try", "Type", "Protocol", "any", "some",
}

# Keys that start with a sign: GitHub's reactions have "+1" and "-1".
SIGN_WORDS = {"+": "plus", "-": "minus"}

JSON_VALUE = '''\
/// Any JSON value: what a free-form schema decodes to.
public enum JSONValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
'''


def words(text):
    """The words of a JSON name: `full-repository` → [full, repository], `+1` → [plus, 1]."""
    if text[:1] in SIGN_WORDS:
        text = SIGN_WORDS[text[0]] + " " + text[1:]
    text = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", text)
    return [w for w in re.split(r"[^A-Za-z0-9]+", text) if w]


def type_name(text):
    """`pull-request` → `PullRequest`; a leading digit gets a `T` in front."""
    name = "".join(w[0].upper() + w[1:] for w in words(text)) or "Value"
    return name if not name[0].isdigit() else "T" + name


def property_name(text):
    """`html_url` → `htmlUrl` (plain camel case); Swift keywords in backticks."""
    parts = words(text) or ["value"]
    name = parts[0][0].lower() + parts[0][1:] + "".join(w[0].upper() + w[1:] for w in parts[1:])
    if name[0].isdigit():
        name = "n" + name
    return f"`{name}`" if name in SWIFT_KEYWORDS else name


def swift_string(text):
    """A Swift string literal for a JSON key (keys are spec text: escape everything)."""
    return json.dumps(text, ensure_ascii=True)


class Generator:
    def __init__(self, spec, urls):
        self.schemas = spec["components"]["schemas"]
        self.urls = urls  # `format: uri` strings as URL rather than String
        self.emitted = {}  # schema name → Swift type name, for named schemas done or underway
        self.blocks = []   # top-level Swift declarations, in order

    def named(self, ref):
        """The Swift type of a `$ref` to components/schemas, emitting it the first time."""
        name = ref.rsplit("/", 1)[-1]
        if name not in self.emitted:
            self.emitted[name] = type_name(name)
            schema = self.schemas[name]
            if is_object(schema) or one_of(schema):
                self.blocks.append(self.declaration(self.emitted[name], schema, ""))
            else:
                # A named scalar or array (an enum of strings, say): a type alias.
                self.blocks.append(f"public typealias {self.emitted[name]} = {self.type_of(schema, name, [])}\n")
        return self.emitted[name]

    def type_of(self, schema, hint, nested, indent=""):
        """The Swift type of a schema used as a property's type (without the `?`). Inline
        objects and unions become declarations appended to `nested`, named from `hint`, nested
        one level deeper than `indent` (the declaring type's)."""
        if "$ref" in schema:
            return self.named(schema["$ref"])
        if one_of(schema):
            nested.append(self.declaration(type_name(hint), schema, indent + "    "))
            return type_name(hint)
        if "allOf" in schema and len(schema["allOf"]) == 1:
            return self.type_of(schema["allOf"][0], hint, nested, indent)
        kind = schema.get("type")
        if kind == "string":
            if schema.get("format") == "date-time":
                return "Date"
            return "URL" if self.urls and schema.get("format") == "uri" else "String"
        if kind == "integer":
            return "Int"
        if kind == "number":
            return "Double"
        if kind == "boolean":
            return "Bool"
        if kind == "array":
            return f"[{self.type_of(schema.get('items', {}), singular(hint), nested, indent)}]"
        if is_object(schema):
            if schema.get("properties"):
                nested.append(self.declaration(type_name(hint), schema, indent + "    "))
                return type_name(hint)
            extra = schema.get("additionalProperties")
            if isinstance(extra, dict) and extra:
                return f"[String: {self.type_of(extra, singular(hint), nested, indent)}]"
            return "[String: JSONValue]"
        return "JSONValue"

    def declaration(self, name, schema, indent):
        """A struct for an object schema, or an enum for a oneOf/anyOf, at `indent`."""
        if one_of(schema):
            return self.union(name, schema, indent)
        required = set(schema.get("required", []))
        nested, members, keys = [], [], []
        for key, prop in schema.get("properties", {}).items():
            swift = property_name(key)
            optional = key not in required or nullable(prop, self.schemas)
            kind = self.type_of(prop, key, nested, indent)
            members.append(f"{indent}    public let {swift}: {kind}{'?' if optional else ''}\n")
            keys.append(f"{indent}        case {swift} = {swift_string(key)}\n")
        text = f"{indent}public struct {name}: Codable, Hashable, Sendable {{\n"
        text += "".join(members)
        if keys:
            text += f"\n{indent}    enum CodingKeys: String, CodingKey {{\n{''.join(keys)}{indent}    }}\n"
        for block in nested:
            text += "\n" + block
        return text + f"{indent}}}\n"

    def union(self, name, schema, indent):
        """An enum for a oneOf/anyOf: one case per alternative, decoded by trying each in
        order, encoded as the case's value."""
        nested, cases = [], []
        for index, alternative in enumerate(schema.get("oneOf") or schema.get("anyOf")):
            label = alternative["$ref"].rsplit("/", 1)[-1] if "$ref" in alternative else alternative.get("type", f"case{index}")
            case = property_name(label).strip("`")
            cases.append((case, self.type_of(alternative, label, nested, indent)))
        i = indent
        text = f"{i}public enum {name}: Codable, Hashable, Sendable {{\n"
        text += "".join(f"{i}    case {case}({kind})\n" for case, kind in cases)
        text += f"\n{i}    public init(from decoder: any Decoder) throws {{\n"
        text += f"{i}        let container = try decoder.singleValueContainer()\n"
        for case, kind in cases[:-1]:
            text += f"{i}        if let value = try? container.decode({kind}.self) {{\n"
            text += f"{i}            self = .{case}(value)\n{i}            return\n{i}        }}\n"
        text += f"{i}        self = .{cases[-1][0]}(try container.decode({cases[-1][1]}.self))\n{i}    }}\n"
        text += f"\n{i}    public func encode(to encoder: any Encoder) throws {{\n"
        text += f"{i}        var container = encoder.singleValueContainer()\n{i}        switch self {{\n"
        text += "".join(f"{i}        case .{case}(let value): try container.encode(value)\n" for case, _ in cases)
        text += f"{i}        }}\n{i}    }}\n"
        for block in nested:
            text += "\n" + block
        return text + f"{i}}}\n"


def is_object(schema):
    return schema.get("type") == "object" or ("properties" in schema and "type" not in schema)


def one_of(schema):
    return bool(schema.get("oneOf") or schema.get("anyOf"))


def nullable(schema, schemas):
    """Whether a property may be null: `nullable: true` on it or on the schema it refers to."""
    if schema.get("nullable"):
        return True
    if "$ref" in schema:
        return bool(schemas[schema["$ref"].rsplit("/", 1)[-1]].get("nullable"))
    return False


def singular(name):
    """An array property's item type name: `labels` → `label`, `data` → `dataItem`."""
    return name[:-1] if name.endswith("s") and len(name) > 1 else name + "_item"


def main():
    parser = argparse.ArgumentParser(description="Plain Swift structs for schemas of an OpenAPI JSON spec.")
    parser.add_argument("--urls", action="store_true", help="`format: uri` strings as URL")
    parser.add_argument("spec", help="the OpenAPI 3.0 spec, JSON")
    parser.add_argument("out", help="the Swift file to write")
    parser.add_argument("schemas", nargs="+", help="names in components/schemas")
    arguments = parser.parse_args()
    with open(arguments.spec, encoding="utf-8") as file:
        spec = json.load(file)
    generator = Generator(spec, arguments.urls)
    for name in arguments.schemas:
        generator.named(f"#/components/schemas/{name}")
    with open(arguments.out, "w", encoding="utf-8") as out:
        out.write("// Written by Benchmarks/model-runtime/plain-structs.py: hand-written-style models\n")
        out.write("// with synthesized Codable and Hashable, the baseline of the model benchmark.\n")
        out.write("import Foundation\n\n")
        out.write(JSON_VALUE)
        for block in generator.blocks:
            out.write("\n" + block)


if __name__ == "__main__":
    main()
