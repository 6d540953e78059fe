"""Writes a float32 .npy of shape (rows, cols) with deterministic values,
using only the standard library (tests must not need numpy)."""
import math
import struct
import sys

path, rows, cols = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }" % (rows, cols)
header = header + " " * (63 - (10 + len(header)) % 64) + "\n"
values = [math.sin(0.7 * i + 0.3) for i in range(rows * cols)]
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    f.write(struct.pack("<%df" % len(values), *values))
