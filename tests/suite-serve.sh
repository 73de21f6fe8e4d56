#!/usr/bin/env bash
# suite-serve: `cacheshape serve` over real HTTP (Python's http.client, which
# sends paths exactly as written). It serves the page and the captures with
# the isolation headers, lists exactly what it would serve, and refuses
# every way out of its folder ('..', encoded dots, slashes and backslashes,
# NUL, hidden names, symbolic links out, files and folders): a secret beside
# the folder must never come back. Unknown paths are 404 and other methods
# 405, each with a message; one log line per request; wrong options exit 2.
set -u
cd "$(dirname "$0")/.."
. tests/lib.sh
not() { ! "$@"; }
CS=$PWD/build/host/cacheshape
T=$PWD/build/test-serve
rm -rf "$T"
mkdir -p "$T/dir/host/deep" "$T/web/js" "$T/outside"
cp captures/synthetic/flat.json "$T/dir/"
cp captures/synthetic/threeSteps.json "$T/dir/host/"
cp captures/synthetic/memoryStep.json "$T/dir/host/deep/"
cp captures/synthetic/flat.json "$T/dir/with space é.json"
echo '{"secret": "SECRET-OUTSIDE-7f3a"}' >"$T/outside/secret.json"
echo 'SECRET-OUTSIDE-7f3a' >"$T/dir/.hidden.json"
echo 'not a capture' >"$T/dir/notes.txt"
ln -s ../outside/secret.json "$T/dir/link-out.json"
ln -s ../outside "$T/dir/dir-out"
ln -s flat.json "$T/dir/link-in.json"
echo '<!doctype html><title>page</title>' >"$T/web/index.html"
echo 'export const x = 1;' >"$T/web/js/a.js"

"$CS" serve --dir "$T/dir" --web "$T/web" --port 0 >"$T/log" 2>"$T/err" &
pid=$!
for _ in $(seq 50); do grep -q http "$T/log" 2>/dev/null && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$T/log" | head -1)
expect "serve prints its URL on loopback" eval '[[ "$url" == http://127.0.0.1:*/ ]]'
port=$(echo "$url" | sed -E 's|.*:([0-9]+)/|\1|')

python3 - "$port" "$T" >"$T/py.out" 2>&1 <<'PY'
import http.client, json, os, sys, urllib.parse
port, T = int(sys.argv[1]), sys.argv[2]
sent = 0
def req(method, path, body=None):
    global sent
    sent += 1
    c = http.client.HTTPConnection('127.0.0.1', port, timeout=10)
    c.putrequest(method, path, skip_accept_encoding=True)
    if body is not None:
        c.putheader('Content-Length', str(len(body)))
    c.endheaders(body)
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, dict((k.lower(), v) for k, v in r.getheaders()), data
def check(name, ok):
    print(('ok   ' if ok else 'FAIL ') + name)

s, h, d = req('GET', '/')
check('GET / is the page', s == 200 and b'<title>page' in d and h.get('content-type', '').startswith('text/html'))
check('COOP same-origin', h.get('cross-origin-opener-policy') == 'same-origin')
check('COEP require-corp', h.get('cross-origin-embedder-policy') == 'require-corp')
s, h, d = req('GET', '/js/a.js')
check('a module is text/javascript, isolated', s == 200 and h.get('content-type', '').startswith('text/javascript')
      and h.get('cross-origin-embedder-policy') == 'require-corp')
s, h, d = req('HEAD', '/captures/flat.json')
check('HEAD: 200, no body', s == 200 and d == b'')

s, h, d = req('GET', '/captures/index.json')
listed = sorted(e['path'] for e in json.loads(d)['captures']) if s == 200 else []
want = sorted(['flat.json', 'host/threeSteps.json', 'host/deep/memoryStep.json', 'link-in.json', 'with space é.json'])
check('the listing holds exactly what is served: %s' % listed, listed == want)
for p in want:
    q = '/captures/' + urllib.parse.quote(p, safe='/')
    s, h, d = req('GET', q)
    real = open(os.path.join(T, 'dir', p), 'rb').read()
    check('GET %s: the file, application/json' % q, s == 200 and d == real and h.get('content-type') == 'application/json')

# the table of the folder (issue 40 item 4): table --json's code, a row per
# capture the listing holds, named as the listing names it
s, h, d = req('GET', '/captures/table.json')
t = json.loads(d) if s == 200 else {}
rows = sorted(r['file'] for r in t.get('rows', []))
check('GET /captures/table.json: table --json, a row per listed capture: %s' % rows,
      s == 200 and h.get('content-type') == 'application/json' and t.get('format') == 'cacheshape-table'
      and rows == want)
import subprocess
cli = json.loads(subprocess.run([os.environ.get('CS', 'build/host/cacheshape'), 'table', '--json',
                                 os.path.join(T, 'dir', 'host', 'threeSteps.json')],
                                capture_output=True).stdout)
row = [r for r in t.get('rows', []) if r['file'] == 'host/threeSteps.json']
def same(r):  # the row but its name (the page names it as /captures/ does)
    return dict(r, file=None, cells=r['cells'][1:])
check('the page\'s table row is the command\'s row', len(row) == 1 and same(row[0]) == same(cli['rows'][0]))
escapes = [
    '/captures/../outside/secret.json', '/captures/..%2foutside/secret.json',
    '/captures/%2e%2e/outside/secret.json', '/captures/%2E%2e/outside/secret.json',
    '/captures/host/../../outside/secret.json', '/captures/host/%2e%2e/%2e%2e/outside/secret.json',
    '/captures/%2e%2e%2foutside%2fsecret.json', '/captures/..%5coutside%5csecret.json',
    '/captures/..\\outside\\secret.json', '/captures/link-out.json', '/captures/dir-out/secret.json',
    '/captures/.hidden.json', '/captures/%2ehidden.json', '/captures//flat.json',
    '/captures/flat.json%00.txt', '/captures/%00', '/captures/./flat.json',
    '/../outside/secret.json', '/%2e%2e/outside/secret.json', '/js/../../outside/secret.json',
    '/captures/%zz.json', '/captures/host%2fthreeSteps.json',
]
for p in escapes:
    s, h, d = req('GET', p)
    check('refused %s: %d, %s' % (p, s, d.decode(errors='replace').strip()[:80]),
          s in (400, 403, 404) and b'SECRET-OUTSIDE' not in d and d.startswith(str(s).encode())
          and h.get('cross-origin-embedder-policy') == 'require-corp')
s, h, d = req('GET', '/captures/notes.txt')
check('not a capture: 404 with a message', s == 404 and b'only captures (.json)' in d)
s, h, d = req('GET', '/captures/missing.json')
check('missing: 404 with a message', s == 404 and b'no such file' in d)
s, h, d = req('GET', '/nowhere/at/all')
check('unknown page path: 404', s == 404 and d.startswith(b'404 Not Found'))
for m in ('POST', 'PUT', 'DELETE'):
    s, h, d = req(m, '/captures/flat.json', b'{}')
    check('%s: 405, Allow: GET, HEAD, a message' % m,
          s == 405 and h.get('allow') == 'GET, HEAD' and b'this path answers' in d)
# a URL with raw terminal escapes in it (issue 17: logged as text, not obeyed)
import socket
sent += 1
k = socket.create_connection(('127.0.0.1', port), timeout=10)
k.sendall(b'GET /captures/\x1b[2Jx\x1b]0;PWNED\x07.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
answer = k.recv(4096)
k.close()
check('a URL with raw ESC sequences is answered', answer.startswith(b'HTTP/1.1 4'))
print('requests', sent)
PY
while read -r status name; do
	if [ "$status" = ok ]; then pass "$name"; elif [ "$status" = FAIL ]; then fail "$name"; fi
done < <(grep -E '^(ok|FAIL) ' "$T/py.out" | sed -E 's/^(ok|FAIL) +/\1 /')
grep -q '^requests' "$T/py.out" || fail "the HTTP checks did not finish: $(tail -3 "$T/py.out")"
sent=$(sed -n 's/^requests //p' "$T/py.out")
kill -TERM "$pid"
wait "$pid"
rc=$?
expect "SIGTERM stops it, exit 0 (got $rc)" test "$rc" -eq 0
logged=$(grep -cE '^127\.0\.0\.1 [A-Z]+ /' "$T/log")
expect "one log line per request ($logged of $sent)" test "$logged" -eq "${sent:-0}"
expect "the log names method, path and status" grep -q '^127.0.0.1 GET /captures/index.json 200 ' "$T/log"
expect "the log shows a URL's control characters escaped" grep -qF '/captures/\e[2Jx\e]0;PWNED\x07.json' "$T/log"
expect "no raw control character in the log" not grep -qP '[\x00-\x08\x0b-\x1f\x7f]' "$T/log"

usage() { # EXPECTED-EXIT ARGS...
	local want=$1; shift
	timeout 10 "$CS" serve "$@" >"$T/u.out" 2>"$T/u.err"
	local rc=$?
	expect "serve $*: exit $want (got $rc), a message" eval "[ $rc -eq $want ] && [ -s '$T/u.err' ]"
}
usage 2 --port 70000 --web "$T/web"
usage 2 --port x --web "$T/web"
usage 2 --bind localhost --web "$T/web"
usage 2 --dir "$T/missing/deeper" --web "$T/web"
expect "serve: a --dir whose parent is missing is named" grep -q "missing/deeper" "$T/u.err"
usage 2 --dir "$T/dir" --web "$T/outside"
usage 2 --bogus
usage 2 --dir
# a port already taken: exit 1, named
python3 -c 'import socket,time,sys; s=socket.socket(); s.bind(("127.0.0.1",0)); s.listen(); print(s.getsockname()[1], flush=True); time.sleep(20)' >"$T/busy" &
busy=$!
for _ in $(seq 50); do [ -s "$T/busy" ] && break; sleep 0.1; done
usage 1 --dir "$T/dir" --web "$T/web" --port "$(cat "$T/busy")"
expect "a port already taken: ONE line, saying it is in use" eval \
	'[ "$(wc -l <"$T/u.err")" -eq 1 ] && grep -q "^cacheshape serve: cannot listen on 127.0.0.1:[0-9]*: the port is in use" "$T/u.err"'
kill "$busy" 2>/dev/null
# it announces the captures it serves: the synthetic catalogue's count
"$CS" serve --dir captures/synthetic --port 0 >"$T/cat.log" 2>&1 &
cat_pid=$!
for _ in $(seq 50); do grep -q http "$T/cat.log" 2>/dev/null && break; sleep 0.1; done
kill "$cat_pid" 2>/dev/null; wait "$cat_pid" 2>/dev/null
n_cat=$(ls captures/synthetic/*.json | wc -l)
expect "serve announces the $n_cat captures it serves" grep -q "^serving $n_cat captures in " "$T/cat.log"
expect "help: cacheshape help serve" eval '"$CS" help serve >/dev/null'
"$CS" serve --help >"$T/help.out"
expect "help: says the limits (connections, each one's headers, the bodies held)" \
	sh -c "grep -q 'at most 512 connections' '$T/help.out' && grep -q '32 KiB' '$T/help.out' && grep -q '32 MiB' '$T/help.out'"
expect "help: says the token is checked on the headers" grep -q 'checked on the headers' "$T/help.out"
summary serve
