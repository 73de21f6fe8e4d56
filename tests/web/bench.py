#!/usr/bin/env python3
"""bench.py: the page's reduction speed in Chromium (make bench): the same
capture bench_reduce times on the host, read and reduced in the page, read
alone (the C capture reader, reader/, in WebAssembly), reduced alone (to
reduce --json, from the read capture). Prints figures; exits 0 unless it could not run.
usage: bench.py CACHESHAPE CAPTURE [SECONDS]"""
import os, sys
sys.path.insert(0, os.path.dirname(__file__))
import cdp
from suite import Server

cs, capture = sys.argv[1], sys.argv[2]
seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 2
srv = Server(cs, os.path.dirname(capture) or '.', '/dev/null')
b = cdp.Browser()
try:
    name = os.path.basename(capture)
    b.navigate(srv.url + '?reduce=' + name)
    r = b.evaluate('cacheshape.bench(%r, %s)' % (name, seconds), timeout=120)
    print('page (Chromium, %s, %d bytes of JSON):' % (b.evaluate('navigator.userAgent').split(' ')[-2], r['bytes']))
    for k, what in (('replay', 'read + reduce (to reduce --json)'), ('read', 'read alone (C reader, wasm)'),
                    ('reduce', 'reduce alone (to reduce --json)')):
        print('  %-34s %8.0f captures/s  %8.1f us each' % (what, r[k], 1e6 / r[k]))
finally:
    b.close()
    srv.stop()
