"""Protobuf wire-format encoding with the Python standard library: the few
primitives the repository's hand-written ONNX model writers share
(examples/models/make_cnn_block.py, test/frontends/onnx/Inputs/make_onnx.py;
the onnx.proto messages they build: onnx_wire.py).
Fields are encoded one at a time; messages are the concatenated bytes."""
import struct


def varint(v):
    """Base-128 varint of v (negative values as 64-bit two's complement)."""
    v &= (1 << 64) - 1
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)


def key(field, wire):
    return varint(field << 3 | wire)


def f_int(field, v):
    """A varint field (wire type 0)."""
    return key(field, 0) + varint(v)


def f_bytes(field, b):
    """A length-delimited field (wire type 2): bytes, a str or a message."""
    if isinstance(b, str):
        b = b.encode()
    return key(field, 2) + varint(len(b)) + b


def f_float(field, v):
    """A 32-bit float field (wire type 5)."""
    return key(field, 5) + struct.pack("<f", v)
