#!/usr/bin/env python3
"""Refreshes Sources/MusubiClientModel/Naming/PlatformTypeNames.swift from the toolchain.

That file lists the public top-level type names of the frameworks a Swift file commonly
imports beside a generated client (the standard library, Foundation, Observation, Dispatch,
SwiftUI, Combine…), so that no generated type makes one of them ambiguous. The frameworks that
ship with the Linux toolchain are read from it here; SwiftUI and Combine exist on Apple's
systems only, and their lists are kept by hand in the same file (this script leaves them as
they are).

    Scripts/platform-type-names.py            # rewrite the toolchain's lists in place
    Scripts/platform-type-names.py --check    # exit 1 if the toolchain has names the file lacks

Names only ever get added: a name a newer toolchain dropped still makes code written for an
older one ambiguous.
"""
import json
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "Sources/MusubiClientModel/Naming/PlatformTypeNames.swift"
# Underscored modules are imported implicitly (`_Concurrency`, `_StringProcessing`);
# swift-symbolgraph-extract skips them, so their interface text is read instead.
TOOLCHAIN_MODULES = [
    "Swift", "_Concurrency", "_StringProcessing", "Foundation", "FoundationEssentials",
    "FoundationInternationalization", "FoundationNetworking", "Observation", "Dispatch",
    "Synchronization",
]
TYPE_KINDS = {"swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"}
# A list in the data file: `names(module: "Swift", """` … `""")`, as `swift format` lays it
# out over several lines; the body may be empty.
BLOCK = re.compile(r'(names\(\s*module: "(?P<module>[^"]+)",\s*""")(?P<body>.*?)(\n *"""\))', re.S)


def toolchain_library():
    swiftc = subprocess.run(["which", "swiftc"], capture_output=True, text=True, check=True).stdout.strip()
    return pathlib.Path(swiftc).resolve().parent.parent / "lib/swift/linux"


def names_from_symbol_graph(module, folder):
    subprocess.run(
        ["swift-symbolgraph-extract", "-module-name", module, "-target", "x86_64-unknown-linux-gnu",
         "-output-dir", folder, "-minimum-access-level", "public"],
        check=True, capture_output=True)
    graph = json.loads((pathlib.Path(folder) / f"{module}.symbols.json").read_text())
    return {
        symbol["pathComponents"][0]
        for symbol in graph["symbols"]
        if symbol["kind"]["identifier"] in TYPE_KINDS and len(symbol["pathComponents"]) == 1
    }


def names_from_interface(module):
    text = (toolchain_library() / f"{module}.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface").read_text()
    pattern = r"^(?:@\w+(?:\([^)]*\))? )*(?:public|open) (?:final )?(?:struct|class|enum|protocol|actor|typealias) (\w+)"
    return set(re.findall(pattern, text, re.M))


def toolchain_names(module):
    if module.startswith("_"):
        names = names_from_interface(module)
    else:
        with tempfile.TemporaryDirectory() as folder:
            names = names_from_symbol_graph(module, folder)
    # Generated type names start with a capital letter: C types (`uuid_t`) cannot collide.
    return {name for name in names if name[0].isupper()}


def body(names, indent):
    """The names, space-separated, wrapped at 100 columns."""
    lines, line = [], ""
    for name in sorted(names):
        if line and len(indent) + len(line) + 1 + len(name) > 100:
            lines.append(indent + line)
            line = name
        else:
            line = f"{line} {name}" if line else name
    if line:
        lines.append(indent + line)
    return "\n".join(lines)


def main():
    check = "--check" in sys.argv[1:]
    text = DATA.read_text()
    missing = {}

    def refresh(match):
        module = match["module"]
        if module not in TOOLCHAIN_MODULES:
            return match.group(0)
        kept = set(match["body"].split())
        current = toolchain_names(module)
        if current - kept:
            missing[module] = sorted(current - kept)
        return match.group(1) + "\n" + body(kept | current, " " * 8) + match.group(4)

    updated = BLOCK.sub(refresh, text)
    if check:
        for module, names in missing.items():
            print(f"{module}: {' '.join(names)}")
        sys.exit(1 if missing else 0)
    DATA.write_text(updated)
    for module, names in missing.items():
        print(f"added to {module}: {' '.join(names)}")


if __name__ == "__main__":
    main()
