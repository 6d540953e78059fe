#!/usr/bin/env python3
"""Writes examples/models/cnn_block.onnx, the bundled ONNX model of the README's
main command (scripts/demo.sh), with the Python standard library only (the
protobuf wire primitives of scripts/protobuf_wire.py and the onnx.proto
fields used; no onnx package).

The model, opset 13, input x [1, 3, 32, 32] float:
  conv1 3->16 3x3 pad 1 (+bias) -> BatchNormalization -> Relu   (r1)
  conv2 16->16 3x3 pad 1 -> BatchNormalization -> Add r1 -> Relu (residual)
  MaxPool 2x2 stride 2 -> conv3 16->32 3x3 stride 2 pad 1 -> Relu
  GlobalAveragePool -> Flatten -> Gemm 32->10 (transB)  -> y [1, 10] (logits)
Weights are deterministic (a linear congruential generator, He-style scale),
so the file is byte-for-byte reproducible.

usage: make_cnn_block.py [out.onnx]   (default: cnn_block.onnx beside this script)
"""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'scripts'))
from protobuf_wire import f_bytes, f_int  # noqa: E402
from onnx_wire import FLOAT, attr_float, attr_int, attr_ints, node, tensor, value_info  # noqa: E402

# onnx.proto field numbers used here (the others: scripts/onnx_wire.py):
# ModelProto ir_version 1, opset_import 8, producer_name 2, graph 7;
# GraphProto node 1, name 2, initializer 5, input 11, output 12.


class Lcg:
    """Uniform values in [-1, 1) from a 32-bit LCG (Numerical Recipes constants)."""

    def __init__(self, seed):
        self.s = seed

    def next(self):
        self.s = (1664525 * self.s + 1013904223) & 0xFFFFFFFF
        return self.s / 2147483648.0 - 1.0

    def values(self, n, scale, offset=0.0):
        # Rounded to f32 and printed-exact, so the file does not depend on
        # the platform's float formatting.
        return [struct.unpack("<f", struct.pack("<f", offset + scale * self.next()))[0]
                for _ in range(n)]


def build():
    rng = Lcg(2024)
    inits = []

    def conv_weights(name, o, i, k):
        inits.append(tensor(name, FLOAT, [o, i, k, k], rng.values(o * i * k * k, math.sqrt(6.0 / (i * k * k)))))

    def bn(prefix, c):
        inits.append(tensor(prefix + "_scale", FLOAT, [c], rng.values(c, 0.2, 1.0)))
        inits.append(tensor(prefix + "_bias", FLOAT, [c], rng.values(c, 0.1)))
        inits.append(tensor(prefix + "_mean", FLOAT, [c], rng.values(c, 0.1)))
        inits.append(tensor(prefix + "_var", FLOAT, [c], rng.values(c, 0.2, 1.0)))
        return [prefix + s for s in ("_scale", "_bias", "_mean", "_var")]

    conv_weights("conv1_w", 16, 3, 3)
    inits.append(tensor("conv1_b", FLOAT, [16], rng.values(16, 0.1)))
    bn1 = bn("bn1", 16)
    conv_weights("conv2_w", 16, 16, 3)
    bn2 = bn("bn2", 16)
    conv_weights("conv3_w", 32, 16, 3)
    inits.append(tensor("conv3_b", FLOAT, [32], rng.values(32, 0.1)))
    inits.append(tensor("fc_w", FLOAT, [10, 32], rng.values(320, math.sqrt(6.0 / 32))))
    inits.append(tensor("fc_b", FLOAT, [10], rng.values(10, 0.1)))

    pad1 = attr_ints("pads", [1, 1, 1, 1])
    k3 = attr_ints("kernel_shape", [3, 3])
    nodes = [
        node("Conv", ["x", "conv1_w", "conv1_b"], ["c1"], "conv1", [k3, pad1]),
        node("BatchNormalization", ["c1"] + bn1, ["b1"], "bn1", [attr_float("epsilon", 1e-5)]),
        node("Relu", ["b1"], ["r1"], "relu1"),
        node("Conv", ["r1", "conv2_w"], ["c2"], "conv2", [k3, pad1]),
        node("BatchNormalization", ["c2"] + bn2, ["b2"], "bn2", [attr_float("epsilon", 1e-5)]),
        node("Add", ["b2", "r1"], ["s2"], "residual"),
        node("Relu", ["s2"], ["r2"], "relu2"),
        node("MaxPool", ["r2"], ["p2"], "pool",
             [attr_ints("kernel_shape", [2, 2]), attr_ints("strides", [2, 2])]),
        node("Conv", ["p2", "conv3_w", "conv3_b"], ["c3"], "conv3",
             [k3, pad1, attr_ints("strides", [2, 2])]),
        node("Relu", ["c3"], ["r3"], "relu3"),
        node("GlobalAveragePool", ["r3"], ["g"], "gap"),
        node("Flatten", ["g"], ["f"], "flatten", [attr_int("axis", 1)]),
        node("Gemm", ["f", "fc_w", "fc_b"], ["y"], "fc", [attr_int("transB", 1)]),
    ]
    g = b"".join(f_bytes(1, n) for n in nodes) + f_bytes(2, "cnn_block")
    g += b"".join(f_bytes(5, t) for t in inits)
    g += f_bytes(11, value_info("x", FLOAT, [1, 3, 32, 32])) + f_bytes(12, value_info("y", FLOAT, [1, 10]))
    return (f_int(1, 8) + f_bytes(2, "strata examples/models/make_cnn_block.py") +
            f_bytes(8, f_bytes(1, "") + f_int(2, 13)) + f_bytes(7, g))


if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "cnn_block.onnx")
    with open(out, "wb") as f:
        f.write(build())
