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


def known_pads():
    """Pad-18 of x [2, 3] by pads = Concat(Sub(Max(Shape(x), s), Shape(x)),
    [0, 0]), s a graph input [3, 5] given as a .pb file (a value bound at
    import time, as CenterCropPad's _expanded body computes its pads):
    begins [1, 2], ends 0, zeros around x."""
    x = [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]
    nodes = [
        node("Shape", ["x"], ["xs"], "xs"),
        node("Max", ["xs", "s"], ["m"], "m"),
        node("Sub", ["m", "xs"], ["begin"], "begin"),
        const("zeros", INT64, [2], [0, 0]),
        node("Concat", ["begin", "zeros"], ["pads"], "pads", [attr_int("axis", 0)]),
        node("Pad", ["x", "pads"], ["y"], "pad1"),
    ]
    y = [0.0] * 15
    for i in range(2):
        for j in range(3):
            y[(i + 1) * 5 + j + 2] = x[i * 3 + j]
    m = model(nodes, [value_info("x", FLOAT, [2, 3]), value_info("s", INT64, [2])],
              [value_info("y", FLOAT, [3, 5])], opset=18)
    return (m, [tensor("", FLOAT, [2, 3], x), tensor("", INT64, [2], [3, 5])],
            [tensor("", FLOAT, [3, 5], y)])


def dyn_reshape(rows):
    """x [N, 12] (N a dim_param) reshaped to Concat(Gather(Shape(x), [0]),
    [3, -1]) = [N, 3, 4], and z its sums over the last axis [N, 3]: the
    target is computed when the model runs, so one compiled model serves
    every N; this case's data has N = rows."""
    x = [float(i) * 0.5 - 4.0 for i in range(rows * 12)]
    nodes = [
        node("Shape", ["x"], ["s"], "s"),
        const("zero", INT64, [1], [0]),
        node("Gather", ["s", "zero"], ["n"], "n", [attr_int("axis", 0)]),
        const("rest", INT64, [2], [3, -1]),
        node("Concat", ["n", "rest"], ["target"], "target", [attr_int("axis", 0)]),
        node("Reshape", ["x", "target"], ["y"], "y"),
        const("axis2", INT64, [1], [2]),
        node("ReduceSum", ["y", "axis2"], ["z"], "z", [attr_int("keepdims", 0)]),
    ]
    z = [sum(x[4 * i:4 * i + 4]) for i in range(rows * 3)]
    m = model(nodes, [value_info("x", FLOAT, ["N", 12])],
              [value_info("y", FLOAT, ["N", 3, 4]), value_info("z", FLOAT, ["N", 3])])
    return (m, [tensor("", FLOAT, [rows, 12], x)],
            [tensor("", FLOAT, [rows, 3, 4], x), tensor("", FLOAT, [rows, 3], z)])


def dyn_reshape_no_decl():
    """As dyn_reshape, the output declaring no shape: every dim of the
    result is computed at run time."""
    m = model([node("Shape", ["x"], ["s"], "s"),
               node("Reshape", ["x", "s"], ["y"], "y")],
              [value_info("x", FLOAT, ["N", 12])], [b"\x0a\x01y"])
    return m


def dyn_reshape_error(kind):
    """Reshape to Shape(x) of a dynamic x that the importer rejects: with
    allowzero = 1 (kind "allowzero"), or cast to int32 (kind "int32")."""
    nodes = [node("Shape", ["x"], ["s"], "s")]
    target, attrs = "s", []
    if kind == "int32":
        nodes.append(node("Cast", ["s"], ["s32"], "s32", [attr_int("to", 6)]))
        target = "s32"
    else:
        attrs = [attr_int("allowzero", 1)]
    nodes.append(node("Reshape", ["x", target], ["y"], "reshape1", attrs))
    return model(nodes, [value_info("x", FLOAT, ["N", 12])], [value_info("y", FLOAT, ["N", 12])],
                 opset=14)


if __name__ == "__main__":
    write_cases("make_onnx_shapes.py",
                {"fold_chain": fold_chain, "known_pads": known_pads, "dyn_reshape_2": lambda: dyn_reshape(2),
                 "dyn_reshape_5": lambda: dyn_reshape(5)},
                {"dyn_reshape_no_decl": dyn_reshape_no_decl,
                 "dyn_reshape_allowzero": lambda: dyn_reshape_error("allowzero"),
                 "dyn_reshape_int32": lambda: dyn_reshape_error("int32")}, sys.argv)
