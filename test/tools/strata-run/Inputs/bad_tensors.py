#!/usr/bin/env python3
"""Writes tensor files whose shape does not fit their data or 64 bits, for
strata-run's error tests (standard library only).

usage: bad_tensors.py <case> <out>   (cases: see CASES below)
"""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', '..',
                                'scripts'))
from protobuf_wire import f_bytes, f_float, f_int  # noqa: E402

FLOAT = 1


def npy(shape, data=b""):
    dims = "".join("%d, " % d for d in shape)
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%s), }" % dims
    header = header + " " * (63 - (10 + len(header)) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + data


def tensor_pb(dims, fields=b""):
    return b"".join(f_int(1, d) for d in dims) + f_int(2, FLOAT) + f_bytes(8, "x") + fields


CASES = {
    # (2^60 + 1) * 16 elements wrap to 16 in 64 bits: 64 bytes of data "fit".
    "npy_overflow": lambda: npy([2**60 + 1, 16], bytes(64)),
    # A valid shape of 40 GB with no data.
    "npy_short": lambda: npy([100000, 100000]),
    # 2^62 * 4 elements wrap to 0: an empty raw_data "fits".
    "pb_overflow": lambda: tensor_pb([2**62, 4], f_bytes(9, b"")),
    "pb_negative": lambda: tensor_pb([-3, 4], f_bytes(9, b"")),
    # A valid shape of 40 GB with one value in float_data, or 8 bytes of raw_data.
    "pb_short_typed": lambda: tensor_pb([100000, 100000], f_float(4, 1.0)),
    "pb_short_raw": lambda: tensor_pb([100000, 100000], f_bytes(9, bytes(8))),
}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in CASES:
        sys.exit("usage: bad_tensors.py {%s} out" % ",".join(CASES))
    with open(sys.argv[2], "wb") as f:
        f.write(CASES[sys.argv[1]]())
