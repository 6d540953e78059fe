#!/usr/bin/env python3
"""Writes graph-dialect CNN blocks with constant (seeded random) weights, as
batch-norm folding and fusion see them in imported models: conv + BN + ReLU,
conv + BN + residual add + ReLU, pointwise conv + BN + clip (ReLU6) and
depthwise conv + BN + clip. Weights are dense_resource blobs (hex), so the
file stays text and any size works. No downloads; numpy is not needed.

  make_cnn_blocks.py OUT.mlir [--channels C] [--size HW] [--seed S]

The e2e test uses the defaults (small); bench runs use ResNet/MobileNet
sizes (e.g. --channels 64 --size 56)."""
import argparse
import random
import struct


def blob(values):
    data = struct.pack("<I", 4) + struct.pack("<%df" % len(values), *values)
    return '"0x' + data.hex().upper() + '"'


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--channels", type=int, default=8)
    ap.add_argument("--size", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    C, S = a.channels, a.size
    res = {}
    lines = []

    def const(name, shape, values):
        res[name] = blob(values)
        t = "tensor<%sxf32>" % "x".join(map(str, shape))
        lines.append('  %%%s = "graph.constant"() {value = dense_resource<%s> : %s} : () -> %s'
                     % (name, name, t, t))

    def uniform(n, lo, hi):
        return [rng.uniform(lo, hi) for _ in range(n)]

    def bn_params(p):
        const(p + "_g", [C], uniform(C, 0.5, 1.5))
        const(p + "_b", [C], uniform(C, -0.5, 0.5))
        const(p + "_m", [C], uniform(C, -0.2, 0.2))
        const(p + "_v", [C], uniform(C, 0.5, 1.5))

    x = "tensor<1x%dx%dx%dxf32>" % (C, S, S)
    conv_attrs = ('strides = array<i64: 1, 1>, dilation = array<i64: 1, 1>, '
                  'data_layout = "NCHW", kernel_layout = "OIHW"')

    def conv(out, inp, w, k, groups, bias=None):
        pad = k // 2
        wt = "tensor<%dx%dx%dx%dxf32>" % (C, C // groups, k, k)
        ops = "%%%s, %%%s" % (inp, w) + (", %%%s" % bias if bias else "")
        types = "%s, %s" % (x, wt) + (", tensor<%dxf32>" % C if bias else "")
        lines.append('  %%%s = "graph.conv2d"(%s) {%s, padding = array<i64: %d, %d, %d, %d>, '
                     'groups = %d : i64} : (%s) -> %s' % (out, ops, conv_attrs, pad, pad, pad,
                                                            pad, groups, types, x))

    def bn(out, inp, p):
        pt = "tensor<%dxf32>" % C
        lines.append('  %%%s = "graph.batch_norm"(%%%s, %%%s_g, %%%s_b, %%%s_m, %%%s_v) '
                     '{epsilon = 1.0e-05 : f32, axis = 1 : i64} : (%s, %s, %s, %s, %s) -> %s'
                     % (out, inp, p, p, p, p, x, pt, pt, pt, pt, x))

    def unary(out, op, inp, attrs=""):
        lines.append('  %%%s = "graph.%s"(%%%s)%s : (%s) -> %s' % (out, op, inp, attrs, x, x))

    def func(name, body):
        lines.append("func.func @%s(%%x: %s) -> %s {" % (name, x, x))
        body()
        lines.append("}")

    fan3, fan1 = 1.0 / (9 * C) ** 0.5, 1.0 / C ** 0.5

    def conv_bn_relu():
        const("a_w", [C, C, 3, 3], uniform(C * C * 9, -fan3, fan3))
        bn_params("a")
        conv("c", "x", "a_w", 3, 1)
        bn("n", "c", "a")
        unary("r", "relu", "n")
        lines.append("  return %%r : %s" % x)

    def conv_bn_add_relu():
        const("b_w", [C, C, 3, 3], uniform(C * C * 9, -fan3, fan3))
        const("b_bias", [C], uniform(C, -0.1, 0.1))
        bn_params("b")
        conv("c", "x", "b_w", 3, 1, "b_bias")
        bn("n", "c", "b")
        lines.append('  %%s = "graph.add"(%%n, %%x) : (%s, %s) -> %s' % (x, x, x))
        unary("r", "relu", "s")
        lines.append("  return %%r : %s" % x)

    def mobilenet_pair():
        clip = " {min = 0.0 : f32, max = 6.0 : f32}"
        const("p_w", [C, C, 1, 1], uniform(C * C, -fan1, fan1))
        bn_params("p")
        const("d_w", [C, 1, 3, 3], uniform(C * 9, -1.0 / 3, 1.0 / 3))
        bn_params("d")
        conv("c", "x", "p_w", 1, 1)
        bn("n", "c", "p")
        unary("r", "clip", "n", clip)
        conv("c2", "r", "d_w", 3, C)
        bn("n2", "c2", "d")
        unary("r2", "clip", "n2", clip)
        lines.append("  return %%r2 : %s" % x)

    func("conv_bn_relu", conv_bn_relu)
    func("conv_bn_add_relu", conv_bn_add_relu)
    func("mobilenet_pair", mobilenet_pair)
    lines.append("{-#\n  dialect_resources: {\n    builtin: {")
    lines.append(",\n".join("      %s: %s" % (k, v) for k, v in res.items()))
    lines.append("    }\n  }\n#-}")
    with open(a.out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
