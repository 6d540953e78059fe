#!/usr/bin/env python3
"""Writes small ONNX models whose shapes and parameters are computed by the
graph (Shape -> Gather/Equal/Mod/Where -> Concat -> Reshape, Range over
Size(Shape(x)), ...), as exported models and the function-expanded node
tests of ONNX 1.23 compute them, with their inputs and expected outputs as
TensorProto files, the expectations computed here in plain Python
(standard library only; the protobuf helpers come from make_onnx.py).

usage: make_onnx_shapes.py <case> <prefix>
  writes <prefix>.onnx, and for a running case <prefix>.in<K>.pb for every
  graph input K and <prefix>.out<K>.pb for every graph output K.
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_onnx import (FLOAT, INT64, attr_int, attr_tensor, model, node, tensor,  # noqa: E402
                       value_info, write_cases)


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def const(name, elem, dims, values):
    """A Constant node holding a tensor."""
    return node("Constant", [], [name], name, [attr_tensor("value", tensor("", elem, dims, values))])


def fold_chain():
    """Every shape parameter computed from Shape(x) of a static x [2, 3, 4]:
    axes = Range(1, Size(Shape(x)), 1) for a ReduceMean-18, the Reshape
    target Concat(Shape(x)[0:1], Where(Not(d1 == d2) and d2 mod d1 == 1,
    d1 * d2, d1)) = [2, 12], and a float scale 1 / sqrt(Cast(d2)) = 0.5."""
    x = [float(i % 7) - 3.0 for i in range(24)]
    nodes = [
        node("Shape", ["x"], ["s"], "s"),
        node("Size", ["s"], ["rank"], "rank"),
        const("one", INT64, [], [1]),
        node("Range", ["one", "rank", "one"], ["axes"], "axes"),
        node("Mul", ["x", "x"], ["xx"], "xx"),
        node("ReduceMean", ["xx", "axes"], ["mean"], "mean"),
        node("Shape", ["x"], ["d0"], "d0", [attr_int("start", 0), attr_int("end", 1)]),
        node("Shape", ["x"], ["d1"], "d1", [attr_int("start", 1), attr_int("end", 2)]),
        node("Shape", ["x"], ["d2"], "d2", [attr_int("start", 2), attr_int("end", 3)]),
        node("Equal", ["d1", "d2"], ["eq"], "eq"),
        node("Not", ["eq"], ["ne"], "ne"),
        node("Mod", ["d2", "d1"], ["rem"], "rem"),
        const("one1", INT64, [1], [1]),
        node("Equal", ["rem", "one1"], ["rem1"], "rem1"),
        node("And", ["ne", "rem1"], ["cond"], "cond"),
        node("Mul", ["d1", "d2"], ["prod"], "prod"),
        node("Where", ["cond", "prod", "d1"], ["k"], "k"),
        node("Concat", ["d0", "k"], ["target"], "target", [attr_int("axis", 0)]),
        node("Reshape", ["x", "target"], ["r"], "r"),
        node("Cast", ["d2"], ["d2f"], "d2f", [attr_int("to", FLOAT)]),
        node("Sqrt", ["d2f"], ["sq"], "sq"),
        const("onef", FLOAT, [1], [1.0]),
        node("Div", ["onef", "sq"], ["scale"], "scale"),
        node("Mul", ["r", "scale"], ["y"], "y"),
    ]
    mean = [f32(sum(v * v for v in x[i * 12:(i + 1) * 12]) / 12) for i in range(2)]
    y = [v * 0.5 for v in x]
    m = model(nodes, [value_info("x", FLOAT, [2, 3, 4])],
              [value_info("y", FLOAT, [2, 12]), value_info("mean", FLOAT, [2, 1, 1])],
              opset=18)
    return (m, [tensor("", FLOAT, [2, 3, 4], x)],
            [tensor("", FLOAT, [2, 12], y), tensor("", FLOAT, [2, 1, 1], mean)])


if __name__ == "__main__":
    write_cases("make_onnx_shapes.py", {"fold_chain": fold_chain}, {}, sys.argv)
