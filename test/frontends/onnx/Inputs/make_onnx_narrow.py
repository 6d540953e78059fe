#!/usr/bin/env python3
"""Writes small ONNX models on the narrow element types (float8, float4
E2M1, int4/uint4, int2/uint2: ONNX 1.14-1.20) and the bit-level operators,
with inputs and expected outputs as TensorProto files (standard library
only). The expected float8 and E8M0 codes are those ONNX's reference gives
(ml_dtypes 0.6 and onnx.numpy_helper.to_float8e8m0, computed once and
written here); the integer ones are computed below.

usage: make_onnx_narrow.py <case> <prefix>   (writes <prefix>.onnx, and for
  a running case <prefix>.in<K>.pb and <prefix>.out<K>.pb)
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_onnx import (BOOL, FLOAT, INT8, INT16, INT32, INT64, UINT8, attr_int, attr_str,  # noqa: E402
                       model, node, value_info, write_cases)
from protobuf_wire import f_bytes, f_int, varint  # noqa: E402

E4M3FN, E5M2, UINT4, INT4, FLOAT4E2M1, E8M0, UINT2, INT2 = 17, 19, 21, 22, 23, 24, 25, 26
BITS = {UINT4: 4, INT4: 4, FLOAT4E2M1: 4, UINT2: 2, INT2: 2}
FORMATS = {FLOAT: "f", INT8: "b", INT16: "h", INT32: "i", UINT8: "B", BOOL: "?"}


def packed(elem, values):
    """ONNX's packing of 4-bit and 2-bit values: the first in the low bits."""
    bits = BITS[elem]
    per = 8 // bits
    out = bytearray((len(values) + per - 1) // per)
    for i, v in enumerate(values):
        out[i // per] |= (v & ((1 << bits) - 1)) << (i % per * bits)
    return bytes(out)


def tensor(elem, dims, values, name="", int32_data=False):
    """A TensorProto: raw_data (8-bit codes as they are, 4/2-bit packed), or
    int32_data holding the packed bytes."""
    if elem in BITS:
        raw = packed(elem, values)
    elif elem in (E4M3FN, E5M2, E8M0):
        raw = bytes(values)
    else:
        raw = struct.pack("<%d%s" % (len(values), FORMATS[elem]), *values)
    body = b"".join(f_int(1, d) for d in dims) + f_int(2, elem)
    body += f_bytes(8, name) if name else b""
    if int32_data:
        return body + f_bytes(5, b"".join(varint(b) for b in raw))
    return body + f_bytes(9, raw)


def run(nodes, ins, outs, opset, inits=()):
    """ins / outs: (name, elem, dims, values[, int32_data])."""
    m = model(nodes, [value_info(i[0], i[1], i[2]) for i in ins],
              [value_info(o[0], o[1], o[2]) for o in outs],
              [tensor(e, d, v, n) for n, e, d, v in inits], opset=opset)
    return (m, [tensor(i[1], i[2], i[3], int32_data=len(i) > 4 and i[4]) for i in ins],
            [tensor(o[1], o[2], o[3]) for o in outs])


XS = [0.47892547, 448.0, 464.0, 470.0, 1e6, float("-inf"), float("nan"), 1e-9, 2.0 ** -9,
      3 * 2.0 ** -10, -(2.0 ** -10), 0.1015625 + 2.0 ** -12]


def cast_e4m3fn():
    """Cast-25 to E4M3FN, saturating and not: ties to even (464 -> 448,
    1.5 subnormal units -> 2), 470 overflows (NaN, 0x7f, unless saturated),
    -inf saturates to -448 or gives -NaN, -0.5 units rounds to -0."""
    sat = [47, 126, 126, 126, 126, 254, 127, 0, 1, 2, 128, 29]
    nosat = [47, 126, 126, 127, 127, 255, 127, 0, 1, 2, 128, 29]
    return run([node("Cast", ["x"], ["s"], "cast1", [attr_int("to", E4M3FN)]),
                node("Cast", ["x"], ["n"], "cast2", [attr_int("to", E4M3FN), attr_int("saturate", 0)])],
               [("x", FLOAT, [12], XS)], [("s", E4M3FN, [12], sat), ("n", E4M3FN, [12], nosat)],
               opset=25)


def cast_e8m0():
    """Cast-25 to E8M0 rounding to nearest without saturation (3e38 -> NaN)
    and down (saturated); 1e-40 (a float32 subnormal) has exponent code 0."""
    ys = [1.0, 1.5, 1.75, 3.0, 0.75, 1e-40, 3e38, 0.0]
    return run([node("Cast", ["x"], ["a"], "cast1", [attr_int("to", E8M0), attr_int("saturate", 0),
                                                      attr_str("round_mode", "nearest")]),
                node("Cast", ["x"], ["b"], "cast2", [attr_int("to", E8M0), attr_str("round_mode", "down")])],
               [("x", FLOAT, [8], ys)],
               [("a", E8M0, [8], [127, 128, 128, 129, 127, 0, 255, 0]),
                ("b", E8M0, [8], [127, 127, 127, 128, 126, 0, 254, 0])], opset=25)


def unpack_ints():
    """int4 in raw_data and uint2 in int32_data, odd counts (the last byte
    half used), widened by Cast to int8 and uint8; E5M2 back to float."""
    i4 = [-8, 7, -1, 0, 5]
    u2 = [3, 0, 1, 2, 3]
    e5 = [0x3c, 0xbc, 0x7c, 0x01, 0x7f]  # 1, -1, inf, 2^-16, NaN
    return run([node("Cast", ["a"], ["x"], "cast1", [attr_int("to", INT8)]),
                node("Cast", ["b"], ["y"], "cast2", [attr_int("to", UINT8)]),
                node("Cast", ["c"], ["z"], "cast3", [attr_int("to", FLOAT)])],
               [("a", INT4, [5], i4), ("b", UINT2, [5], u2, True), ("c", E5M2, [5], e5)],
               [("x", INT8, [5], i4), ("y", UINT8, [5], u2),
                ("z", FLOAT, [5], [1.0, -1.0, float("inf"), 2.0 ** -16, float("nan")])], opset=25)


def quantize_blocked_int4():
    """QuantizeLinear-21 to int4, blocked along axis 1 (block_size 2: each
    scale and zero point covers two columns), saturating to [-8, 7] with
    halves to even; DequantizeLinear of the result back (f32)."""
    x = [0.5, -3.0, 7.0, 1.25, 40.0, -40.0, 2.5, 0.0]  # [2, 4]
    scale = [0.5, 1.0, 2.0, 0.25]  # [2, 2]
    zp = [1, -2, 0, 3]
    y, back = [], []
    for r in range(2):
        for c in range(4):
            k = r * 2 + c // 2
            q = max(-8, min(7, round(x[r * 4 + c] / scale[k]) + zp[k]))
            y.append(q)
            back.append((q - zp[k]) * scale[k])
    attrs = [attr_int("axis", 1), attr_int("block_size", 2)]
    return run([node("QuantizeLinear", ["x", "s", "z"], ["y"], "q1", attrs),
                node("DequantizeLinear", ["y", "s", "z"], ["w"], "dq1", attrs)],
               [("x", FLOAT, [2, 4], x)], [("y", INT4, [2, 4], y), ("w", FLOAT, [2, 4], back)],
               opset=21, inits=[("s", FLOAT, [2, 2], scale), ("z", INT4, [2, 2], zp)])


def bits():
    """BitwiseAnd (broadcast), BitwiseXor, BitwiseNot on int16 and uint8,
    BitCast float -> int32 and bool -> uint8."""
    a, b = [-1, 0x1234, -32768, 5, 6, 7], [0x0ff0, -2, 3]
    u = [0, 1, 0xf0, 0xff]
    f = [1.0, -2.0, 0.0]
    and_ = [a[i] & b[i % 3] for i in range(6)]
    xor = [v ^ b[i % 3] for i, v in enumerate(and_)]
    bits_f = list(struct.unpack("<3i", struct.pack("<3f", *f)))
    return run([node("BitwiseAnd", ["a", "b"], ["c"], "and1"),
                node("BitwiseXor", ["c", "b"], ["d"], "xor1"),
                node("BitwiseNot", ["u"], ["v"], "not1"),
                node("BitCast", ["f"], ["g"], "bitcast1", [attr_int("to", INT32)]),
                node("BitCast", ["t"], ["h"], "bitcast2", [attr_int("to", UINT8)])],
               [("a", INT16, [2, 3], a), ("b", INT16, [3], b), ("u", UINT8, [4], u),
                ("f", FLOAT, [3], f), ("t", BOOL, [2], [True, False])],
               [("c", INT16, [2, 3], and_), ("d", INT16, [2, 3], xor),
                ("v", UINT8, [4], [~x & 0xff for x in u]), ("g", INT32, [3], bits_f),
                ("h", UINT8, [2], [1, 0])], opset=26)


def one(op, ins, outs, attrs, opset, inits=()):
    """A model of one node (name op.lower() + "1") for the error cases."""
    return model([node(op, [i[0] for i in ins] + [i[0] for i in inits], [o[0] for o in outs],
                       op.lower() + "1", attrs)],
                 [value_info(n, e, d) for n, e, d in ins], [value_info(n, e, d) for n, e, d in outs],
                 [tensor(e, d, v, n) for n, e, d, v in inits], opset=opset)


def int4_raw_size():
    """An int4 initializer of 4 elements whose raw_data has 3 bytes (2 hold
    them, packed)."""
    bad = f_int(1, 4) + f_int(2, INT4) + f_bytes(8, "z") + f_bytes(9, bytes(3))
    return model([node("Cast", ["z"], ["y"], "cast1", [attr_int("to", INT32)])], [],
                 [value_info("y", INT32, [4])], [bad], opset=21)


def int4_short_input():
    """unpack_ints' model with an int4 input of 5 elements in 2 bytes (3
    hold them, packed): the test-data reader's error."""
    m, ins, _ = unpack_ints()
    short = f_int(1, 5) + f_int(2, INT4) + f_bytes(9, bytes(2))
    return m, [short] + ins[1:], []


RUN_CASES = {
    "int4_short_input": int4_short_input,
    "cast_e4m3fn": cast_e4m3fn,
    "cast_e8m0": cast_e8m0,
    "unpack_ints": unpack_ints,
    "quantize_blocked_int4": quantize_blocked_int4,
    "bits": bits,
}

ERROR_CASES = {
    "int4_raw_size": int4_raw_size,
    "cast_round_mode": lambda: one("Cast", [("x", FLOAT, [2])], [("y", E8M0, [2])],
                                   [attr_int("to", E8M0), attr_str("round_mode", "even")], 25),
    "quantize_e8m0": lambda: one("QuantizeLinear", [("x", FLOAT, [2]), ("s", FLOAT, [])],
                                 [("y", E8M0, [2])], [attr_int("output_dtype", E8M0)], 25),
    "quantize_zp_type": lambda: one("QuantizeLinear", [("x", FLOAT, [2]), ("s", FLOAT, [])],
                                    [("y", INT4, [2])], [attr_int("output_dtype", INT4)], 25,
                                    inits=[("z", UINT8, [], [0])]),
    "quantize_precision": lambda: one("QuantizeLinear", [("x", FLOAT, [2]), ("s", FLOAT, [])],
                                      [("y", UINT8, [2])], [attr_int("precision", INT32)], 25),
    "quantize_blocked_shape": lambda: one(
        "QuantizeLinear", [("x", FLOAT, [2, 4]), ("s", FLOAT, [2, 3])], [("y", UINT8, [2, 4])],
        [attr_int("axis", 1), attr_int("block_size", 2)], 21),
    "quantize_block_size": lambda: one(
        "QuantizeLinear", [("x", FLOAT, [2, 4]), ("s", FLOAT, [2, 2])], [("y", UINT8, [2, 4])],
        [attr_int("axis", 1), attr_int("block_size", -2)], 21),
    "dequantize_output_dtype": lambda: one(
        "DequantizeLinear", [("x", UINT8, [2]), ("s", FLOAT, [])], [("y", INT32, [2])],
        [attr_int("output_dtype", INT32)], 23),
    "bitwise_float": lambda: one("BitwiseOr", [("a", FLOAT, [2]), ("b", FLOAT, [2])],
                                 [("c", FLOAT, [2])], [], 18),
    "bitcast_width": lambda: one("BitCast", [("x", FLOAT, [2])], [("y", INT64, [2])],
                                 [attr_int("to", INT64)], 26),
}

if __name__ == "__main__":
    write_cases("make_onnx_narrow.py", RUN_CASES, ERROR_CASES, sys.argv)
