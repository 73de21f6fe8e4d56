#!/usr/bin/env python3
"""http500.py ADDR DIR: a boot server that refuses every upload, for the
firmware's retries (tests/suite-httpboot.sh). GET and HEAD serve DIR's files
(DIR/boot/cacheshape.efi for HTTP boot, DIR/cacheshape.cfg); every POST is
read whole and answered 500 with a one-line message. It listens on ADDR at a
free port, prints "listening on http://ADDR:PORT/" first, then one line a
request: "CLIENT METHOD PATH STATUS"."""
import functools
import http.server
import sys

MESSAGE = b"test server: every upload refused with 500 (tests/qemu/http500.py)\n"


class Handler(http.server.SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # Content-Length on every answer: keep-alive works

    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        while n > 0:
            got = self.rfile.read(min(n, 65536))
            if not got:
                break
            n -= len(got)
        self.send_response(500)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(MESSAGE)))
        self.end_headers()
        self.wfile.write(MESSAGE)

    def log_request(self, code="-", size="-"):
        print("%s %s %s %s" % (self.client_address[0], self.command, self.path, code), flush=True)

    def log_message(self, fmt, *args):
        pass


def main():
    addr, root = sys.argv[1], sys.argv[2]
    srv = http.server.ThreadingHTTPServer((addr, 0), functools.partial(Handler, directory=root))
    print("listening on http://%s:%d/" % (addr, srv.server_address[1]), flush=True)
    srv.serve_forever()


if __name__ == "__main__":
    main()
