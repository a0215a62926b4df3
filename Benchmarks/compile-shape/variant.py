#!/usr/bin/env python3
"""variant.py SRC DST VARIANT[,VARIANT...]: copy generated client SRC to DST, transformed."""
import os, re, shutil, sys

src, dst, variants = sys.argv[1], sys.argv[2], sys.argv[3].split(',')
if os.path.exists(dst): shutil.rmtree(dst)
shutil.copytree(src, dst)

STRUCT = re.compile(r'^(public |package |)struct (\w+): Codable, Hashable, Sendable \{$', re.M)
PROP = re.compile(r'^    (?:public |package |)var (`?\w+`?): (.+)$')

def parse_struct(text):
    lines = text.split('\n')
    props, keys = [], {}
    in_keys = False
    depth_struct = None
    for i, line in enumerate(lines):
        if line.startswith('    enum CodingKeys'):
            in_keys = True; continue
        if in_keys:
            if line.strip() == '}': in_keys = False; continue
            m = re.match(r'\s+case (`?\w+`?)(?: = (".*"))?$', line)
            if m: keys[m.group(1).strip('`')] = m.group(2)
            continue
        m = PROP.match(line)
        if m and not m.group(2).endswith('{'):
            props.append((m.group(1), m.group(2)))
    return props, keys

def handwritten(text, mode):
    m = STRUCT.search(text)
    if not m or 'Indirect<' in text: return text
    access = m.group(1)
    props, keys = parse_struct(text)
    # drop the CodingKeys block
    text = re.sub(r'\n    enum CodingKeys: String, CodingKey \{\n(?:        .*\n)*    \}\n', '\n', text)
    def key(name):
        bare = name.strip('`')
        if mode == 'enum': return '.' + name
        raw = keys.get(bare)
        return raw if raw else '"%s"' % bare
    dec, enc = [], []
    for name, typ in props:
        opt = typ.endswith('?')
        base = typ[:-1] if opt else typ
        if opt:
            dec.append(f'        self.{name} = try container.decodeIfPresent({base}.self, forKey: {key(name)})')
            enc.append(f'        try container.encodeIfPresent({name}, forKey: {key(name)})')
        else:
            dec.append(f'        self.{name} = try container.decode({base}.self, forKey: {key(name)})')
            enc.append(f'        try container.encode({name}, forKey: {key(name)})')
    keytype = 'CodingKeys' if mode == 'enum' else 'JSONKey'
    body = []
    if mode == 'enum' and props:
        body.append('    enum CodingKeys: String, CodingKey {')
        for name, _ in props:
            raw = keys.get(name.strip('`'))
            body.append(f'        case {name}' + (f' = {raw}' if raw else ''))
        body.append('    }')
        body.append('')
    if props:
        body.append(f'    {access}init(from decoder: any Decoder) throws {{')
        body.append(f'        let container = try decoder.container(keyedBy: {keytype}.self)')
        body += dec
        body.append('    }')
        body.append('')
        body.append(f'    {access}func encode(to encoder: any Encoder) throws {{')
        body.append(f'        var container = encoder.container(keyedBy: {keytype}.self)')
        body += enc
        body.append('    }')
    else:
        return text
    text = text.rstrip('\n')
    assert text.endswith('}')
    return text[:-1].rstrip('\n') + '\n\n' + '\n'.join(body) + '\n}\n'

JSONKEY = '''import MusubiRuntime

struct JSONKey: CodingKey, ExpressibleByStringLiteral {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
    init(stringLiteral value: String) { stringValue = value }
}
'''

for root, _, files in os.walk(dst):
    for f in files:
        if not f.endswith('.swift'): continue
        p = os.path.join(root, f)
        text = open(p).read()
        for v in variants:
            if v == 'base': pass
            elif v == 'nohash':
                text = text.replace(': Codable, Hashable, Sendable {', ': Codable, Sendable {')
                text = text.replace('enum Response: Hashable, Sendable', 'enum Response: Sendable')
                text = text.replace('enum Failure: Hashable, Sendable', 'enum Failure: Sendable')
            elif v == 'eq':
                text = text.replace(': Codable, Hashable, Sendable {', ': Codable, Equatable, Sendable {')
                text = text.replace('enum Response: Hashable, Sendable', 'enum Response: Equatable, Sendable')
                text = text.replace('enum Failure: Hashable, Sendable', 'enum Failure: Equatable, Sendable')
            elif v == 'hwenum': text = handwritten(text, 'enum')
            elif v == 'hwkey': text = handwritten(text, 'key')
            elif v == 'let':
                if '/Models/' in p and 'Indirect<' not in text:
                    text = re.sub(r'^(    (?:public )?)var (`?\w+`?: [^{\n]+)$', r'\1let \2', text, flags=re.M)
            elif v == 'internal':
                text = re.sub(r'^(\s*)public ', r'\1', text, flags=re.M)
            elif v == 'package':
                text = re.sub(r'^(\s*)public ', r'\1package ', text, flags=re.M)
            elif v.startswith("merge:"): pass
            else: sys.exit('unknown variant ' + v)
        open(p, 'w').write(text)
if 'hwkey' in variants:
    open(os.path.join(dst, 'JSONKey.swift'), 'w').write(JSONKEY)

# merge:N — regroup every Models/ and Requests/ file into N files per folder (contiguous in name order)
for v in variants:
    if not v.startswith('merge:'): continue
    n = int(v.split(':')[1])
    for folder in ('Models', 'Requests'):
        d = os.path.join(dst, folder)
        names = sorted(os.listdir(d))
        size = (len(names) + n - 1) // n
        for g in range(0, len(names), size):
            group = names[g:g + size]
            header = None; bodies = []
            for name in group:
                lines = open(os.path.join(d, name)).read().split('\n')
                assert lines[1] == 'import Foundation' and lines[2] == 'import MusubiRuntime', name
                header = lines[:3]
                bodies.append('\n'.join(lines[3:]).strip('\n'))
                os.remove(os.path.join(d, name))
            open(os.path.join(d, f'{folder}{g // size:03d}.swift'), 'w').write('\n'.join(header) + '\n\n' + '\n\n'.join(bodies) + '\n')
