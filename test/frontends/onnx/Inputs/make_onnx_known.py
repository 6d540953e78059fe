#!/usr/bin/env python3
"""Writes a small ONNX model whose shapes come from a graph input bound at
import time (a .pb given to strata-run), through Split, Slice and If, as
the AffineGrid function bodies (`_expanded` node tests of onnx 1.23.2)
compute them; its input and expected output as TensorProto files
(standard library only).

usage: make_onnx_known.py <case> <prefix>
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_onnx import (FLOAT, INT64, attr_graph, attr_int, attr_tensor, graph,  # noqa: E402
                       model, node, tensor, value_info, write_cases)


def const(name, elem, dims, values):
    return node("Constant", [], [name], "c_" + name, [attr_tensor("value", tensor("", elem, dims, values))])


def sizes_through_branches():
    """size = [N, C, H, W] (bound). Split gives N, C, H, W; an If on a
    condition folded at import time (Size(size) == 4) passes Concat(N, H,
    W) out of its branch; ConstantOfShape of it is [N, H, W] ones; Slice
    gives [H, W] for an Expand; an If on C == 1 (known from the bound
    input, not a constant) has a scalar branch and a [1] branch, so the
    taken one is used. y = ones[N, H, W] * ones[H, W] + (C == 1 ? 5 : 7)."""
    size = [2, 1, 3, 4]
    then_g = graph([node("Concat", ["n", "h", "w"], ["nhw"], "cat1", [attr_int("axis", 0)])],
                   [], [value_info("nhw", INT64, [3])], name="then1")
    else_g = graph([node("Identity", ["size"], ["all"], "id1")], [],
                   [value_info("all", INT64, [4])], name="else1")
    five = graph([const("five", FLOAT, [], [5.0])], [], [value_info("five", FLOAT, [])], name="then2")
    seven = graph([const("seven", FLOAT, [1], [7.0])], [], [value_info("seven", FLOAT, [1])],
                  name="else2")
    nodes = [
        node("Size", ["size"], ["rank"], "size1"),
        const("four", INT64, [], [4]),
        node("Equal", ["rank", "four"], ["is4"], "eq1"),
        node("Split", ["size"], ["n", "c", "h", "w"], "split1", [attr_int("num_outputs", 4)]),
        node("If", ["is4"], ["shape"], "if1", [attr_graph("then_branch", then_g),
                                                attr_graph("else_branch", else_g)]),
        node("ConstantOfShape", ["shape"], ["ones"], "cos1",
             [attr_tensor("value", tensor("", FLOAT, [1], [1.0]))]),
        const("starts", INT64, [1], [2]),
        const("ends", INT64, [1], [4]),
        node("Slice", ["size", "starts", "ends"], ["hw"], "slice1"),
        const("one_f", FLOAT, [], [1.0]),
        node("Expand", ["one_f", "hw"], ["plane"], "expand1"),
        node("Mul", ["ones", "plane"], ["prod"], "mul1"),
        const("one", INT64, [1], [1]),
        node("Equal", ["c", "one"], ["c_is_1"], "eq2"),
        node("If", ["c_is_1"], ["k"], "if2", [attr_graph("then_branch", five),
                                               attr_graph("else_branch", seven)]),
        node("Add", ["prod", "k"], ["y"], "add1"),
    ]
    n, h, w = size[0], size[2], size[3]
    m = model(nodes, [value_info("size", INT64, [4])], [value_info("y", FLOAT, [n, h, w])],
              opset=18)
    return (m, [tensor("", INT64, [4], size)], [tensor("", FLOAT, [n, h, w], [6.0] * (n * h * w))])


RUN_CASES = {"sizes_through_branches": sizes_through_branches}

if __name__ == "__main__":
    write_cases("make_onnx_known.py", RUN_CASES, {}, sys.argv)
