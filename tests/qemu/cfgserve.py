#!/usr/bin/env python3
"""cfgserve.py FILE [--split-after TEXT]... [--close]: a boot server for
tests/suite-netboot.sh that hands out GET /cacheshape.cfg as `cacheshape
serve` never does, to try the firmware's HTTP clients on framings a lab's
own server may use (issue 22 items 1 and 5):
  default         Transfer-Encoding: chunked, a chunk boundary right after
                  each TEXT given (and every 1000 bytes), each chunk sent
                  and flushed on its own; {PORT2} in TEXT stands for the
                  first two digits of this server's port
  --close         no Content-Length, no chunks: the body ends at the close
FILE is read at each GET (write it once the port is known). POST /captures
keeps the body as FILE.posted-N and answers with two different
Content-Lengths: an answer that breaks HTTP, which the firmware must name
and not send again. Listens on 127.0.0.1, a free port; prints its URL
(http://127.0.0.1:PORT/) first, then one line per request ("GET
/cacheshape.cfg 200 ..."). Anything else is 404. Stops on SIGTERM."""
import http.server
import signal
import sys


def chunks(body, marks, port):
    cuts = set(range(1000, len(body), 1000))
    for m in marks:
        m = m.replace(b"{PORT2}", str(port)[:2].encode())
        at = body.find(m)
        if at < 0:
            sys.exit("cfgserve: '%s' is not in the file" % m.decode())
        cuts.add(at + len(m))
    last = 0
    for c in sorted(cuts) + [len(body)]:
        if c > last:
            yield body[last:c]
            last = c


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    path, marks, close = args[0], [], False
    i = 1
    while i < len(args):
        if args[i] == "--split-after" and i + 1 < len(args):
            marks.append(args[i + 1].encode())
            i += 2
        elif args[i] == "--close":
            close = True
            i += 1
        else:
            sys.exit("cfgserve: unknown argument %s" % args[i])
    posted = [0]

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *a):
            pass

        def do_POST(self):
            n = int(self.headers.get("Content-Length", "0"))
            data = self.rfile.read(n)
            posted[0] += 1
            with open("%s.posted-%d" % (path, posted[0]), "wb") as f:
                f.write(data)
            self.wfile.write(b"HTTP/1.1 201 Created\r\nContent-Length: 2\r\n"
                             b"Content-Length: 3\r\nConnection: close\r\n\r\n{}")
            self.wfile.flush()
            self.close_connection = True
            print("POST %s (%d bytes) answered with two Content-Lengths" % (self.path, len(data)),
                  flush=True)

        def do_GET(self):
            if self.path != "/cacheshape.cfg":
                self.send_response(404)
                self.send_header("Content-Length", "0")
                self.send_header("Connection", "close")
                self.end_headers()
                print("GET %s 404" % self.path, flush=True)
                return
            body = open(path, "rb").read()
            pieces = list(chunks(body, marks, self.server.server_address[1]))
            self.send_response(200)
            self.send_header("Content-Type", "text/plain")
            self.send_header("Connection", "close")
            if not close:
                self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            self.wfile.flush()
            if close:
                self.wfile.write(body)
            else:
                for p in pieces:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(p), p))
                    self.wfile.flush()
                self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
            self.close_connection = True
            print("GET /cacheshape.cfg 200 (%d bytes, %s)" %
                  (len(body), "to the close" if close else "%d chunks" % len(pieces)), flush=True)

    srv = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    print("http://127.0.0.1:%d/" % srv.server_address[1], flush=True)
    srv.serve_forever()


if __name__ == "__main__":
    main()
