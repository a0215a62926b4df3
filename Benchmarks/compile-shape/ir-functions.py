#!/usr/bin/env python3
"""Counts the LLVM IR instructions and functions of a module by kind of function.

    swiftc -emit-ir -Onone -wmo -parse-as-library -swift-version 6 -module-name M \\
        -I <folder with MusubiRuntime.swiftmodule> $(find Sources/M -name '*.swift') -o M.ll
    Benchmarks/compile-shape/ir-functions.py M.ll [--examples]

A debug build's LLVM time follows these counts (the number of functions more than the number
of instructions), so they show where a change to the generated code's shape moves compile
time, without a build's noise. Kinds come from the demangled names (`swift-demangle` is in the
toolchain): value witnesses, outlined copies, accessors, `visitValues`, `init(from:)`,
initializers, protocol witness thunks, and the rest.
"""
import collections
import re
import subprocess
import sys

KINDS = [
    ('value witness', r'initializeBufferWithCopyOfBuffer|assignWithCopy|assignWithTake|initializeWithCopy'
     r'|initializeWithTake|^destroy for|EnumTagSinglePayload|getEnumTag|destructiveProjectEnumData'
     r'|destructiveInjectEnumTag'),
    ('outlined copy', r'^outlined'),
    ('protocol witness', r'^protocol witness'),
    ('visitValues', r'visitValues'),
    ('init(from:)', r'init\(from:'),
    ('encode(to:)', r'encode\(to:'),
    ('modify', r'\.modify'),
    ('setter', r'\.setter'),
    ('getter', r'\.getter'),
    ('initializer', r'\.init\('),
    ('metadata', r'metadata'),
]


def functions(path):
    """(mangled name, instruction count) of each function defined in the IR file."""
    found, name, count = [], None, 0
    with open(path, errors='replace') as ir:
        for line in ir:
            if line.startswith('define '):
                match = re.search(r'@("?)([^"(]+)\1\(', line)
                name, count = (match.group(2) if match else '?'), 0
            elif name is not None:
                if line.startswith('}'):
                    found.append((name, count))
                    name = None
                elif line.startswith('  ') and not line.lstrip().startswith(';'):
                    count += 1
    return found


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    defined = functions(sys.argv[1])
    demangled = subprocess.run(
        ['swift-demangle', '-simplified'], input='\n'.join(name for name, _ in defined),
        capture_output=True, text=True, check=True).stdout.split('\n')
    instructions, counts = collections.Counter(), collections.Counter()
    examples = collections.defaultdict(list)
    for (_, count), readable in zip(defined, demangled):
        kind = next((kind for kind, pattern in KINDS if re.search(pattern, readable)), 'other')
        instructions[kind] += count
        counts[kind] += 1
        if len(examples[kind]) < 3:
            examples[kind].append(readable[:120])
    total = sum(instructions.values())
    print(f'{total} instructions in {len(defined)} functions')
    for kind, count in instructions.most_common():
        print(f'{kind:18s} {count:9d} {100 * count / max(total, 1):5.1f} % {counts[kind]:7d} functions')
    if '--examples' in sys.argv:
        for kind, names in examples.items():
            print(kind + ':', '; '.join(names))


if __name__ == '__main__':
    main()
