#!/usr/bin/env python3
"""Writes small ONNX DeformConv models (opset 19) with inputs and expected
outputs as TensorProto files, the expectation computed here in plain Python
as the ONNX reference defines it (each tap read at its offset position by
bilinear interpolation, a corner outside the input reading 0, times the
mask; then the grouped convolution sum, plus the bias). Standard library
only.

usage: make_onnx_deform_conv.py <case> <prefix>
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_onnx import (FLOAT, attr_int, attr_ints, model, node, tensor, value_info,  # noqa: E402
                       write_cases)


def values(count, seed):
    """Deterministic values in [-1, 1)."""
    return [((i * 37 + seed * 11) % 29) / 14.5 - 1.0 for i in range(count)]


def bilinear(img, h, w, y, x):
    y0, x0 = math.floor(y), math.floor(x)
    dy, dx = y - y0, x - x0
    total = 0.0
    for yy, wy in ((y0, 1 - dy), (y0 + 1, dy)):
        for xx, wx in ((x0, 1 - dx), (x0 + 1, dx)):
            if 0 <= yy < h and 0 <= xx < w:
                total += wy * wx * img[yy * w + xx]
    return total


def deform_conv(x, xd, wt, wd, off, b, mask, group, og, pads, strides, dil):
    n, c, h, w = xd
    oc, cpg, kh, kw = wd
    oh = (h + pads[0] + pads[2] - (kh - 1) * dil[0] - 1) // strides[0] + 1
    ow = (w + pads[1] + pads[3] - (kw - 1) * dil[1] - 1) // strides[1] + 1
    k = kh * kw
    y = []
    for bi in range(n):
        for o in range(oc):
            g = o // (oc // group)
            for i in range(oh):
                for j in range(ow):
                    acc = b[o] if b else 0.0
                    for cl in range(cpg):
                        ci = g * cpg + cl
                        gi = ci // (c // og)
                        img = x[(bi * c + ci) * h * w:(bi * c + ci + 1) * h * w]
                        for t in range(k):
                            a, e = divmod(t, kw)
                            base = ((bi * og + gi) * k + t) * 2
                            py = -pads[0] + strides[0] * i + dil[0] * a + \
                                off[((base + 0) * oh + i) * ow + j]
                            px = -pads[1] + strides[1] * j + dil[1] * e + \
                                off[((base + 1) * oh + i) * ow + j]
                            v = bilinear(img, h, w, py, px)
                            if mask:
                                v *= mask[(((bi * og + gi) * k + t) * oh + i) * ow + j]
                            acc += v * wt[((o * cpg + cl) * kh + a) * kw + e]
                    y.append(acc)
    return y, [n, oc, oh, ow]


def grouped():
    """group 2, offset_group 2, a 2x2 kernel with dilations [2, 1], strides
    [1, 2], asymmetric pads, a mask and a bias; offsets up to 1.5 pixels,
    some taps outside the input."""
    xd, wd = [1, 4, 4, 5], [4, 2, 2, 2]
    group, og, pads, strides, dil = 2, 2, [1, 0, 0, 1], [1, 2], [2, 1]
    oh, ow = 3, 3
    x = values(80, 1)
    wt = values(32, 2)
    off = [1.5 * v for v in values(og * 4 * 2 * oh * ow, 3)]
    mask = [0.5 + 0.5 * v for v in values(og * 4 * oh * ow, 4)]
    b = [0.25, -0.5, 0.125, 1.0]
    y, yd = deform_conv(x, xd, wt, wd, off, b, mask, group, og, pads, strides, dil)
    attrs = [attr_int("group", group), attr_int("offset_group", og), attr_ints("pads", pads),
             attr_ints("strides", strides), attr_ints("dilations", dil),
             attr_ints("kernel_shape", [2, 2])]
    ins = [("x", xd, x), ("w", wd, wt), ("off", [1, og * 8, oh, ow], off), ("b", [4], b),
           ("mask", [1, og * 4, oh, ow], mask)]
    m = model([node("DeformConv", [i[0] for i in ins], ["y"], "deformconv1", attrs)],
              [value_info(nm, FLOAT, d) for nm, d, _ in ins], [value_info("y", FLOAT, yd)],
              opset=19)
    return m, [tensor("", FLOAT, d, v) for _, d, v in ins], [tensor("", FLOAT, yd, y)]


def error_model(xd, wd, od, attrs=()):
    ins = [("x", xd), ("w", wd), ("off", od)]
    return model([node("DeformConv", ["x", "w", "off"], ["y"], "deformconv1", list(attrs))],
                 [value_info(nm, FLOAT, d) for nm, d in ins], [value_info("y", FLOAT, [1])],
                 opset=19)


ERROR_CASES = {
    "one_d": lambda: error_model([1, 1, 5], [1, 1, 2], [1, 2, 4]),
    "offset_shape": lambda: error_model([1, 1, 4, 4], [1, 1, 2, 2], [1, 6, 3, 3]),
    "groups": lambda: error_model([1, 3, 4, 4], [2, 3, 2, 2], [1, 8, 3, 3],
                                  [attr_int("offset_group", 2)]),
    "dynamic": lambda: error_model([1, 1, "h", 4], [1, 1, 2, 2], [1, 8, 3, 3]),
}

RUN_CASES = {"grouped": grouped}

if __name__ == "__main__":
    write_cases("make_onnx_deform_conv.py", RUN_CASES, ERROR_CASES, sys.argv)
