#!/usr/bin/env python3
"""Writes small GridSample models for the importer tests (standard library
only; the protobuf helpers come from make_onnx.py), and for the cases that
run, their inputs and expected output as TensorProto files, computed here
by a plain-Python reference of ONNX GridSample (1-D to 3-D): pixel coordinates
from the normalized grid (align_corners), coordinates outside the borders
moved inside (border: clamped; reflection: reflected), then nearest
(rounded half to even), bilinear or bicubic (Keys, a = -0.75) taps, each
tap read per padding_mode (zeros: 0 outside; border: clamped; reflection:
reflected).

usage: make_onnx_grid_sample.py <case> <prefix>
  writes <prefix>.onnx, and for a running case <prefix>.in0.pb (X),
  <prefix>.in1.pb (grid) and <prefix>.out0.pb (Y).
"""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_onnx import (FLOAT, attr_int, attr_str, model, node, tensor, value_info,
                       write_cases)  # noqa: E402


def reflect(x, lo, hi):
    rng = hi - lo
    if rng <= 0:
        return lo
    if lo <= x <= hi:
        return x
    d = lo - x if x < lo else x - hi
    flips = int(d / rng)
    r = d - flips * rng
    from_lo = (x < lo) == (flips % 2 == 0)
    return lo + r if from_lo else hi - r


def keys(t, far):
    a = -0.75
    if far:
        return ((a * t - 5 * a) * t + 8 * a) * t - 4 * a
    return ((a + 2) * t - (a + 3)) * t * t + 1


def axis_taps(v, size, mode, padding, align):
    """[(index or None for a zero, weight)] along one axis."""
    lo, hi = (0.0, size - 1.0) if align else (-0.5, size - 0.5)
    x = (v + 1) / 2 * (size - 1) if align else ((v + 1) * size - 1) / 2
    if mode == "nearest":
        x = float(round(x))  # Python rounds half to even
    if x < lo or x > hi:
        if padding == "border":
            x = min(max(x, 0.0), size - 1.0)
        elif padding == "reflection":
            x = reflect(x, lo, hi)

    def at(p):
        if padding == "zeros":
            return p if 0 <= p < size else None
        if padding == "border":
            return min(max(p, 0), size - 1)
        return int(reflect(p, lo, hi))

    if mode == "nearest":
        return [(at(int(x)), 1.0)]
    f = math.floor(x)
    t = x - f
    if mode == "bilinear":
        return [(at(f), 1 - t), (at(f + 1), t)]
    assert mode == "bicubic"
    dist = [1 + t, t, 1 - t, 2 - t]
    return [(at(f - 1 + j), keys(dist[j], j in (0, 3))) for j in range(4)]


def grid_sample(x, xd, grid, gd, mode, padding, align):
    """X [N, C, D1..Dk], grid [N, O1..Ok, k]: the grid's coordinate a
    samples spatial dim k - 1 - a (x along the innermost)."""
    n, c, sp = xd[0], xd[1], list(xd[2:])
    k, outs = len(sp), list(gd[1:-1])
    npos = 1
    for o in outs:
        npos *= o
    size = 1
    for d in sp:
        size *= d
    y = []
    for ni in range(n):
        for ci in range(c):
            for pos in range(npos):
                g = (ni * npos + pos) * k
                taps = [axis_taps(grid[g + a], sp[k - 1 - a], mode, padding, align)
                        for a in range(k)]
                acc = 0.0
                combos = [([], 1.0)]
                for a in range(k):
                    combos = [(idx + [i], w * wt) for idx, w in combos for i, wt in taps[a]]
                for idx, w in combos:
                    if any(i is None for i in idx):
                        continue
                    off = 0
                    for d in range(k):  # spatial dim d is coordinate k - 1 - d
                        off = off * sp[d] + idx[k - 1 - d]
                    acc += w * x[(ni * c + ci) * size + off]
                y.append(acc)
    return y


def grid_values(count):
    """Positions inside and well outside [-1, 1] (several reflections),
    halves that round to even under nearest."""
    base = [-3.3, -1.75, -1.0, -0.5, -0.25, 0.0, 0.3, 0.5, 0.9, 1.0, 1.2, 2.6, 4.1, -0.8]
    return [base[(i * 5) % len(base)] + (i % 3) * 0.07 for i in range(count)]


def f32(v):
    """v rounded to float32, as the model's tensors hold it."""
    return struct.unpack("<f", struct.pack("<f", v))[0]


def prod(dims):
    r = 1
    for d in dims:
        r *= d
    return r


def case(mode, padding, align, opset=16, xd=(1, 2, 3, 4), gd=(1, 3, 5, 2)):
    x = [((i * 7) % 11 - 5) / 4.0 for i in range(prod(xd))]
    grid = [f32(v) for v in grid_values(prod(gd))]
    yd = [xd[0], xd[1]] + list(gd[1:-1])
    opset20_names = {"linear": "bilinear", "cubic": "bicubic"}
    y = grid_sample(x, xd, grid, gd, opset20_names.get(mode, mode), padding, align)
    attrs = [attr_str("mode", mode), attr_str("padding_mode", padding),
             attr_int("align_corners", int(align))]
    m = model([node("GridSample", ["X", "grid"], ["Y"], "gs1", attrs)],
              [value_info("X", FLOAT, list(xd)), value_info("grid", FLOAT, list(gd))],
              [value_info("Y", FLOAT, yd)], opset=opset)
    return m, [tensor("X", FLOAT, list(xd), x), tensor("grid", FLOAT, list(gd), grid)], \
        [tensor("Y", FLOAT, yd, y)]


def error_model(attrs, xd=(1, 1, 2, 2), gd=(1, 2, 2, 2), yd=(1, 1, 2, 2)):
    return model([node("GridSample", ["X", "grid"], ["Y"], "gs1", attrs)],
                 [value_info("X", FLOAT, list(xd)), value_info("grid", FLOAT, list(gd))],
                 [value_info("Y", FLOAT, list(yd))], opset=16)


# Every mode with every padding mode, both align_corners.
RUN_CASES = {"%s_%s_%d" % (m, p, a): (lambda m=m, p=p, a=a: case(m, p, bool(a)))
             for m in ("bilinear", "nearest", "bicubic")
             for p in ("zeros", "border", "reflection") for a in (0, 1)}
# Opset 20 spells the modes linear and cubic; a size-1 axis with
# align_corners (nothing to reflect about).
RUN_CASES["cubic_opset20"] = lambda: case("cubic", "reflection", False, opset=20)
RUN_CASES["linear_opset20_size1"] = lambda: case("linear", "reflection", True, opset=20,
                                                 xd=(2, 1, 1, 3), gd=(2, 2, 2, 2))
# 3-D (volumetric: X [N, C, D, H, W], grid (x, y, z)) and 1-D.
# (opset 20, which added them, with its mode names)
for m in ("linear", "nearest", "cubic"):
    for p in ("zeros", "border", "reflection"):
        RUN_CASES["vol_%s_%s" % (m, p)] = (
            lambda m=m, p=p: case(m, p, p == "border", opset=20,
                                  xd=(1, 2, 3, 4, 2), gd=(1, 2, 3, 2, 3)))
RUN_CASES["line_linear_reflection"] = lambda: case("linear", "reflection", False, opset=20,
                                                   xd=(2, 1, 5), gd=(2, 4, 1))

ERROR_CASES = {
    "bad_mode": lambda: error_model([attr_str("mode", "area")]),
    "bad_padding": lambda: error_model([attr_str("padding_mode", "wrap")]),
    "rank6": lambda: error_model([], xd=(1, 1, 2, 2, 2, 2), gd=(1, 2, 2, 2, 2, 4),
                                 yd=(1, 1, 2, 2, 2, 2)),
}

if __name__ == "__main__":
    write_cases("make_onnx_grid_sample.py", RUN_CASES, ERROR_CASES, sys.argv)
