#!/usr/bin/env python3
"""screendump.py: the QEMU monitor and the pixel check of the firmware's chart.

  screendump.py monitor SOCK CMD...        send each command, wait for the prompt
  screendump.py check PPM CAPTURE REDUCED [PNG]
      PPM: the monitor's screendump; CAPTURE: the capture the run wrote;
      REDUCED: `cacheshape reduce --json` of it. Prints PASS/FAIL lines: each
      sweep point is the point colour where the mapping puts it, each knee
      is a knee-coloured column where the mapping puts it. PNG: a copy.

The region and the mapping repeat efi/gop.h and chart/draw.h:
  region: width W//2, height H*5//8, left edge W - W//2, top 0
  plot:   px 48, py 20, pw w-48-28, ph h-20-24 (-64 with adjacency series)
  x(b) = px + floor((ln b - ln xmin) / (ln xmax - ln xmin) * (pw-1) + 0.5)
  y(n) = py + ph-1 - floor((ln n - ln ymin) / (ln ymax - ln ymin) * (ph-1) + 0.5)
  xmin, xmax: powers of two around the sizes; ymin, ymax: powers of ten.
"""
import json, math, socket, struct, sys, time, zlib

POINT = (0xff, 0xd0, 0x00)
KNEE = (0xff, 0x40, 0x40)


def monitor(sock, cmds):
    s = socket.socket(socket.AF_UNIX)
    for _ in range(50):
        try:
            s.connect(sock)
            break
        except OSError:
            time.sleep(0.1)
    s.settimeout(20)

    def prompt():
        buf = b""
        while not buf.rstrip().endswith(b"(qemu)"):
            chunk = s.recv(4096)
            if not chunk:
                return buf
            buf += chunk
        return buf
    prompt()
    for c in cmds:
        s.sendall(c.encode() + b"\n")
        prompt()  # after quit: until QEMU closes the socket
    s.close()


def read_ppm(path):
    data = open(path, "rb").read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    assert fields[0] == b"P6" and fields[3] == b"255", "not an 8-bit P6 PPM"
    w, h = int(fields[1]), int(fields[2])
    return w, h, data[pos + 1:pos + 1 + 3 * w * h]


def write_png(path, w, h, rgb):
    raw = b"".join(b"\0" + rgb[y * 3 * w:(y + 1) * 3 * w] for y in range(h))

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xffffffff)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def layout(w, h, pts, strip):
    bmin = min(p["bytes"] for p in pts); bmax = max(p["bytes"] for p in pts)
    nmin = min(p["ns"] for p in pts); nmax = max(p["ns"] for p in pts)
    p = 1.0
    while p * 2 <= bmin:
        p *= 2
    xmin = p
    while p < bmax * (1 - 1e-12):
        p *= 2
    xmax = p if p > xmin else 2 * xmin
    p = 1.0
    while p > nmin:
        p /= 10
    while p * 10 <= nmin:
        p *= 10
    ymin = p
    p *= 10
    while p < nmax * (1 - 1e-12):
        p *= 10
    ymax = p
    px, py, pw, ph = 48, 20, w - 48 - 28, h - 20 - 24 - (64 if strip else 0)

    def fx(b):
        return px + math.floor((math.log(b) - math.log(xmin)) / (math.log(xmax) - math.log(xmin)) * (pw - 1) + 0.5)

    def fy(n):
        return py + ph - 1 - math.floor((math.log(n) - math.log(ymin)) / (math.log(ymax) - math.log(ymin)) * (ph - 1) + 0.5)
    return fx, fy, py, ph


def check(ppm, capture, reduced, png=None):
    W, H, rgb = read_ppm(ppm)
    if png:
        write_png(png, W, H, rgb)
    cap = json.load(open(capture))
    red = json.load(open(reduced))
    pts = [p for p in cap["sweep"]["points"] if p["bytes"] > 0 and p["ns"] > 0]
    cw, ch, x0 = W // 2, H * 5 // 8, W - W // 2
    fx, fy, py, ph = layout(cw, ch, pts, len(cap.get("adjacency") or []) > 0)

    def at(x, y):
        i = 3 * ((y) * W + x0 + x)
        return tuple(rgb[i:i + 3])
    print("PASS screen %dx%d, chart %dx%d at x %d" % (W, H, cw, ch, x0))
    bad = [p for p in pts if at(fx(p["bytes"]), fy(p["ns"])) != POINT]
    print("%s %d of %d sweep points drawn where the capture puts them%s" % (
        "FAIL" if bad else "PASS", len(pts) - len(bad), len(pts),
        "" if not bad else " (missing: %s)" % ", ".join("%g B" % p["bytes"] for p in bad[:5])))
    knees = [k["bytes"] for k in red["knees"] if k["bytes"] is not None]
    for kb in knees:
        x = fx(kb)
        rows = max(sum(at(c, y) == KNEE for y in range(py, py + ph)) for c in (x - 1, x, x + 1))
        print("%s knee at %.0f B: column %d has %d of %d rows in the knee colour" % (
            "PASS" if rows > ph // 2 else "FAIL", kb, x0 + x, rows, ph))
    # No knee-coloured column where the capture has no knee.
    cols = [c for c in range(cw) if sum(at(c, y) == KNEE for y in range(py, py + ph)) > ph // 2]
    stray = [c for c in cols if all(abs(c - fx(kb)) > 1 for kb in knees)]
    print("%s %d knee-coloured columns, none away from a knee%s" % (
        "FAIL" if stray else "PASS", len(cols), " (stray at %s)" % stray[:5] if stray else ""))


if __name__ == "__main__":
    if sys.argv[1] == "monitor":
        monitor(sys.argv[2], sys.argv[3:])
    else:
        check(*sys.argv[2:])
