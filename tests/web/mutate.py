"""mutate.py: captures the page has never seen, made from committed ones.

unseen(): the same machine's curve, perturbed (every cost scaled, each point
jittered, some points dropped): valid captures with reductions of their own.
mutants(): one defect at a time (a wrong type, a null, a missing member, a
duplicate key, a number out of range, a bad escape, a string at or past its
field's byte bound, arrays at and past their bounds, deep nesting, a cut
text), each of which the host reader either accepts or refuses; the page must
do the same. Deterministic for a given seed.
"""
import copy, json, random

BAD_VALUES = [None, 0, -1, 1.5, 'x', '', True, [], {}, 1e300, 2 ** 53 + 1, 'é' * 130]


def unseen(cap, rng):
    c = copy.deepcopy(cap)
    f = rng.uniform(0.6, 1.6)
    pts = c['sweep']['points']
    for p in pts:
        p['ns'] = round(p['ns'] * f * rng.uniform(0.97, 1.03), 9)
    if len(pts) > 24 and rng.random() < 0.5:
        keep = sorted(rng.sample(range(len(pts)), int(len(pts) * 0.85)))
        c['sweep']['points'] = [pts[i] for i in keep]
    for s in c.get('adjacency') or []:
        for p in s.get('points', []):
            p['ns'] = round(p['ns'] * f * rng.uniform(0.95, 1.05), 9)
    c['label'] = (c.get('label') or '')[:150] + ' (perturbed by the web suite)'
    return json.dumps(c, indent=1, ensure_ascii=rng.random() < 0.5)


def leaves(v, path=()):
    """Every (path, value) under v, containers included."""
    yield path, v
    if isinstance(v, dict):
        for k, x in v.items():
            yield from leaves(x, path + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v):
            yield from leaves(x, path + (i,))


def at(root, path):
    for k in path[:-1]:
        root = root[k]
    return root, path[-1]


def dumps(c):
    return json.dumps(c, ensure_ascii=False)


def mutants(caps, rng, n):
    out = []

    def add(name, text):
        out.append((name, text if isinstance(text, bytes) else text.encode()))

    for i in range(n):
        base = rng.choice(caps)
        c = copy.deepcopy(base)
        paths = [p for p, _ in leaves(c) if p]
        op = i % 10
        if op in (0, 1, 2):  # a wrong or odd value anywhere
            parent, k = at(c, rng.choice(paths))
            parent[k] = rng.choice(BAD_VALUES)
            add('value', dumps(c))
        elif op == 3:  # a member gone
            p = rng.choice([p for p in paths if isinstance(p[-1], str)])
            parent, k = at(c, p)
            del parent[k]
            add('missing', dumps(c))
        elif op == 4:  # a key twice
            text = dumps(c)
            key = rng.choice(['"ns": ', '"bytes": ', '"version": ', '"level": ', '"label": '])
            j = text.find(key)
            add('duplicate', text if j < 0 else text[:j] + key + '1, ' + text[j:])
        elif op == 5:  # a number out of range, or under
            text = dumps(c)
            j = text.find('"ns": ')
            add('range', text[:j + 6] + rng.choice(['1e999', '-1e999', '1e-400', '0.0']) + ',"x":' + text[j + 6:])
        elif op == 6:  # escapes in the label
            esc = rng.choice(['a\\u0000b', '\\ud800', 'x\\udc00', '\\ud83d\\ude00 ok', '\\u00e9\\t\\n', '\\ud800\\u0041'])
            c['label'] = 'LABEL'
            add('escape', dumps(c).replace('LABEL', esc))
        elif op == 7:  # environment words
            c['environment'] = {'kind': rng.choice(['uefi', 'linux', 'synthetic', 'browser', 'imported', 'phone', '']),
                                'arch': rng.choice(['x86_64', 'aarch64', 'riscv64', 'wasm32', 'x86-64', 'arm 64', ''])}
            add('environment', dumps(c))
        elif op == 8:  # strings at and past their bounds, in bytes
            ch, limit = rng.choice([('é', 255), ('€', 255), ('😀', 255), ('a', 255), ('é', 31), ('€', 31)])
            w = len(ch.encode())
            size = limit // w + rng.choice([0, 1])
            if limit == 31:
                c.setdefault('clock', {})['source'] = ch * size
            else:
                c['label'] = ch * size
            add('bytes', dumps(c))
        else:  # a cut text, or arrays at their bounds, or deep nesting
            kind = rng.choice(['cut', 'points', 'series', 'caches', 'deep'])
            if kind == 'cut':
                text = dumps(c).encode()
                add('cut', text[:rng.randrange(1, len(text))])
            elif kind == 'points':
                m = rng.choice([1024, 1025])
                c['sweep']['points'] = [{'bytes': 4096 + 64 * k, 'ns': 1 + k / 1e4} for k in range(m)]
                add('points-%d' % m, dumps(c))
            elif kind == 'series':
                m = rng.choice([8, 9])
                c['adjacency'] = [{'placement': 'middle', 'points': [{'distance': 8, 'ns': 2}]}] * m
                add('series-%d' % m, dumps(c))
            elif kind == 'caches':
                m = rng.choice([32, 33])
                c['published'] = {'caches': [{'level': 1, 'type': 'data', 'size_bytes': 32768}] * m}
                add('caches-%d' % m, dumps(c))
            else:
                d = rng.choice([30, 31, 32])
                c['x'] = json.loads('[' * d + ']' * d)
                add('deep-%d' % d, dumps(c))
    return out
