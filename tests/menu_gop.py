#!/usr/bin/env python3
"""menu_gop.py PPM LOG: the boot menu on the GOP screen (tests/suite-menu.sh).

PPM is QEMU's screendump taken while the menu was shown; LOG the serial
console (escapes stripped), whose last "boot menu:" render is the text the
firmware's console drew on both. The firmware's graphics console draws text
in rows of GLYPH_H pixels; the menu clears the screen before each draw, so
the screen holds the menu alone: a band of lit pixel rows for each line of
its text (a line longer than the screen's columns wraps: more bands), and
nothing below it. Prints PASS/FAIL lines."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "qemu"))
from screendump import read_ppm  # noqa: E402

GLYPH_H = 19        # EDK II's graphics console: 8x19 pixel glyphs
WRAPS_MAX = 6       # extra bands the longest help lines may wrap into
MARGIN_ROWS = 2     # text rows past the menu's last (the cursor's, centring)


def main(ppm, log):
    w, h, rgb = read_ppm(ppm)
    text = open(log, encoding="utf-8", errors="replace").read()
    render = text[text.rindex("boot menu: "):].split("\n")
    # the render runs to its range line (the chosen item's, last)
    end = next(i for i, l in enumerate(render) if l.startswith("  ") and " must be " in l)
    lines = render[:end + 1]
    filled = sum(1 for l in lines if l.strip())
    bg = rgb[0:3]
    lit = [rgb[3 * w * y:3 * w * (y + 1)] != bg * w for y in range(h)]
    bands, last = 0, -1
    for y in range(h):
        if lit[y] and (y == 0 or not lit[y - 1]):
            bands += 1
        if lit[y]:
            last = y
    limit = (len(lines) + WRAPS_MAX + MARGIN_ROWS) * GLYPH_H
    ok = filled - 1 <= bands <= filled + WRAPS_MAX
    print("%s the menu's %d lines of text drawn on the %dx%d GOP screen: %d bands of lit rows" % (
        "PASS" if ok else "FAIL", filled, w, h, bands))
    ok = 0 <= last < limit
    print("%s the screen cleared below the menu: nothing lit past row %d (the last lit: %d)" % (
        "PASS" if ok else "FAIL", limit, last))


if __name__ == "__main__":
    main(*sys.argv[1:])
