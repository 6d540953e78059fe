"""Writes a 1-D int64 .npy file: write_npy_i64.py OUT V0 V1 ... (no numpy)."""
import struct
import sys

values = [int(v) for v in sys.argv[2:]]
header = "{'descr': '<i8', 'fortran_order': False, 'shape': (%d,), }" % len(values)
header += " " * (63 - (len(header) + 10) % 64) + "\n"
with open(sys.argv[1], "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<%dq" % len(values), *values))
