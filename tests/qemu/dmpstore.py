#!/usr/bin/env python3
"""dmpstore.py OUT NAME=AUTHFILE...: a file for the UEFI shell's
`dmpstore -all -l OUT`, which calls SetVariable for each entry in order: here
each Secure Boot key variable (db, dbx: the image security database GUID;
KEK, PK: the global one) with the attributes NV+BS+RT+time-based
authenticated write, and as data the whole authenticated update that
sign-efi-sig-list wrote (EFI_VARIABLE_AUTHENTICATION_2, then the signature
list): what KeyTool and UpdateVars pass to SetVariable. The shell's format
(edk2 ShellPkg, DmpStore.c): UINT32 name size, UINT32 data size, the UCS-2
name with its NUL, the GUID, UINT32 attributes, the data, then a CRC-32 of
all that."""
import struct
import sys
import uuid
import zlib

GLOBAL = uuid.UUID("8be4df61-93ca-11d2-aa0d-00e098032b8c")
IMAGE_SECURITY_DB = uuid.UUID("d719b2cb-3d3a-4596-a3bc-dad00e67656f")
ATTRS = 0x01 | 0x02 | 0x04 | 0x20  # NV, BS, RT, time-based authenticated


def entry(name, data):
    guid = IMAGE_SECURITY_DB if name in ("db", "dbx") else GLOBAL
    n = (name + "\0").encode("utf-16-le")
    body = struct.pack("<II", len(n), len(data)) + n + guid.bytes_le + struct.pack("<I", ATTRS) + data
    return body + struct.pack("<I", zlib.crc32(body) & 0xFFFFFFFF)


def main():
    out = b""
    for arg in sys.argv[2:]:
        name, path = arg.split("=", 1)
        out += entry(name, open(path, "rb").read())
    open(sys.argv[1], "wb").write(out)


if __name__ == "__main__":
    main()
