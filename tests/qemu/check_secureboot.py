#!/usr/bin/env python3
"""check_secureboot.py CAPTURE STATE: the Secure Boot state a firmware
capture records (producer.secure_boot, common/secureboot.h) against what the
firmware it ran on must say. STATE: enforcing (the snakeoil OVMF/AAVMF,
keys enrolled) or setup (Secure Boot firmware, no platform key). One line a
check: "PASS name" or "FAIL name: why"."""
import json
import sys


def main():
    path, state = sys.argv[1], sys.argv[2]
    out = []

    def check(name, ok, why=""):
        out.append(("PASS " + name) if ok else ("FAIL %s: %s" % (name, why)))

    cap = json.load(open(path, encoding="utf-8"))
    sb = cap.get("producer", {}).get("secure_boot")
    check("producer.secure_boot recorded", isinstance(sb, dict), repr(sb))
    if not isinstance(sb, dict):
        print("\n".join(out))
        return
    keys = sorted(sb)
    check("its four members", keys == ["db_bytes", "dbx_bytes", "secure_boot", "setup_mode"], keys)
    if state == "enforcing":
        check("SecureBoot=1", sb.get("secure_boot") == 1, sb.get("secure_boot"))
        check("SetupMode=0", sb.get("setup_mode") == 0, sb.get("setup_mode"))
        # an EFI_SIGNATURE_LIST of one X.509 certificate: 28 bytes of
        # header, 16 of owner, the certificate's hundreds of bytes
        db = sb.get("db_bytes")
        check("db holds at least one certificate (%r bytes)" % db,
              isinstance(db, int) and db > 28 + 16 + 256, db)
    else:
        check("SecureBoot=0", sb.get("secure_boot") == 0, sb.get("secure_boot"))
        check("SetupMode=1", sb.get("setup_mode") == 1, sb.get("setup_mode"))
        check("no db", sb.get("db_bytes") is None, sb.get("db_bytes"))
    dbx = sb.get("dbx_bytes")
    check("dbx a size or null (%r)" % dbx, dbx is None or (isinstance(dbx, int) and dbx > 0), dbx)
    print("\n".join(out))


if __name__ == "__main__":
    main()
