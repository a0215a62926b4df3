#!/usr/bin/env python3
"""Extracts every ```swift block of README.md and of the DocC articles (Sources/**/*.docc)
into Tests/DocumentationTests/Examples/, one file per block, so the test build compiles it
against the example clients (Examples/PetstoreClient and the others are targets of the package).

Each file points the compiler back at the Markdown with `#sourceLocation`, so a block that does
not compile fails the build with the file and line of the block itself
(`README.md:42:9: error: …`).

A block is wrapped in an `async throws` function unless its first line of code declares
something (`extension`, `struct`, `@Test`, …), in which case it stays at file scope. Its own
`import` lines go to the top of the file. A block that imports no example client gets
`import PetstoreClient`. A comment on the line before the block changes that:

    <!-- doc-test: UploadsClient -->        import these modules instead of PetstoreClient
    <!-- doc-test: skip -->                 not compiled (a Package.swift excerpt); keep it rare

Blocks may use the values of Tests/DocumentationTests/DocumentationFixtures.swift (`client`,
`tokens`, …) without declaring them.

    Scripts/extract-doc-examples.py           rewrite the extracted files
    Scripts/extract-doc-examples.py --check   list stale files and exit 1 (DocumentationTests runs this)
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Tests/DocumentationTests/Examples"
CLIENTS = {
    "PetstoreClient", "IdentityClient", "SecurityClient", "UploadsClient", "StreamsClient",
    "ParametersClient", "CustomTemplatesClient", "ConstructsClient",
}
DECLARATION = re.compile(
    r"^(@\w+|(public |private |fileprivate |internal |package )?"
    r"(final class|class|struct|enum|actor|protocol|extension|func|typealias)\b)")
MARKER = re.compile(r"^<!--\s*doc-test:\s*(.*?)\s*-->$")


def sources():
    yield ROOT / "README.md"
    yield from sorted((ROOT / "Sources").glob("**/*.docc/**/*.md"))


def blocks(path):
    """(line of the first code line, code lines, marker words) for each swift block."""
    lines = path.read_text(encoding="utf-8").split("\n")
    index = 0
    while index < len(lines):
        fence = lines[index].strip()
        if not fence.startswith("```"):
            index += 1
            continue
        language = fence[3:].strip()
        end = index + 1
        while end < len(lines) and lines[end].strip() != "```":
            end += 1
        if language == "swift":
            previous = next((line.strip() for line in reversed(lines[:index]) if line.strip()), "")
            marker = MARKER.match(previous)
            yield index + 2, lines[index + 1:end], marker.group(1).split() if marker else []
        index = end + 1


def render(relative, first_line, code, words):
    """The Swift file for one block."""
    imports = ["Foundation", "MusubiRuntime"]
    body_start = 0
    for offset, line in enumerate(code):
        if line.startswith("import "):
            imports.append(line.split()[1])
            body_start = offset + 1
        elif line.strip() and not line.lstrip().startswith("//"):
            break
    imports += [word for word in words if word in CLIENTS]
    if not any(name in CLIENTS for name in imports):
        imports.append("PetstoreClient")
    body = code[body_start:]
    first_code = next((line.strip() for line in body if line.strip() and not line.strip().startswith("//")), "")
    top_level = bool(DECLARATION.match(first_code))
    seen = []
    for name in imports:
        if name not in seen:
            seen.append(name)
    text = [
        "// swift-format-ignore-file",
        f"// Extracted from {relative} by Scripts/extract-doc-examples.py; edit the Markdown, not this file.",
        "",
    ]
    text += [f"import {name}" for name in seen]
    text.append("")
    if not top_level:
        text.append(f"private func example() async throws {{")
    text.append(f'#sourceLocation(file: "{relative}", line: {first_line + body_start})')
    text += body
    text.append("#sourceLocation()")
    if not top_level:
        text.append("}")
    return "\n".join(text) + "\n"


def expected_files():
    files = {}
    for path in sources():
        relative = path.relative_to(ROOT).as_posix()
        stem = re.sub(r"[^A-Za-z0-9]+", "-", relative.removesuffix(".md")).strip("-")
        number = 0
        for first_line, code, words in blocks(path):
            if "skip" in words:
                continue
            number += 1
            name = f"{stem}-{number:02d}.swift"
            files[name] = (render(relative, first_line, code, words), f"{relative}:{first_line - 1}")
    return files


def main():
    check = "--check" in sys.argv[1:]
    files = expected_files()
    existing = {path.name for path in OUTPUT.glob("*.swift")} if OUTPUT.exists() else set()
    stale = []
    for name, (text, origin) in sorted(files.items()):
        path = OUTPUT / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            stale.append(f"{origin}: the swift block is not extracted as it reads now ({name})")
            if not check:
                OUTPUT.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    for name in sorted(existing - files.keys()):
        stale.append(f"Tests/DocumentationTests/Examples/{name}: extracted from a block that no longer exists")
        if not check:
            (OUTPUT / name).unlink()
    if check:
        for line in stale:
            print(line)
        if stale:
            print("error: run Scripts/extract-doc-examples.py to extract the documentation's Swift blocks again")
            return 1
    else:
        print(f"{len(files)} blocks, {len(stale)} files updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
