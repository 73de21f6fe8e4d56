#!/usr/bin/env bash
# suite-web: the page in Debian's chromium, headless, against `cacheshape
# serve` (tests/web/suite.py says what is checked). Needs make web and the
# host command; the reader's rows come from build/host/tests/dump_reader_rows.
# CS_WEB_DOCS=1 also refreshes docs/images/page-replay.png.
# suite: chromium
set -u
cd "$(dirname "$0")/.."
for f in build/host/cacheshape build/host/tests/dump_reader_rows build/host/tests/reduce_many build/web/index.html build/web/cacheshape.wasm; do
	[ -e "$f" ] || { echo "FAIL $f missing (make test builds it)"; echo "web: 0 passed, 1 failed"; exit 1; }
done
command -v chromium >/dev/null || { echo "FAIL chromium missing (scripts/deps.sh browser)"; echo "web: 0 passed, 1 failed"; exit 1; }
exec timeout 600 python3 tests/web/suite.py --cs build/host/cacheshape \
	--dump-rows build/host/tests/dump_reader_rows --out build/test-web
