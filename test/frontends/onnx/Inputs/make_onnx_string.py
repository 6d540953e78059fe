#!/usr/bin/env python3
"""Writes small ONNX models on string tensors for the importer tests
(standard library only; the protobuf helpers come from make_onnx.py), and
for the cases that run, their inputs and expected outputs as TensorProto
files (string_data), the expectations computed here in plain Python.

usage: make_onnx_string.py <case> <prefix>
  writes <prefix>.onnx, and for a running case <prefix>.in<K>.pb for every
  graph input K and <prefix>.out<K>.pb for every graph output K.
"""
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_onnx import (FLOAT, INT64, STRING, attr_int, attr_ints, attr_str, attr_strs,  # noqa: E402
                       attr_tensor, model, node, tensor, value_info, write_cases)
from protobuf_wire import f_bytes, f_int  # noqa: E402


def string_tensor(dims, values):
    """A TensorProto of strings (string_data, field 6)."""
    return (b"".join(f_int(1, d) for d in dims) + f_int(2, STRING)
            + b"".join(f_bytes(6, v) for v in values))


def float_tensor(dims, values):
    return (b"".join(f_int(1, d) for d in dims) + f_int(2, FLOAT)
            + f_bytes(9, struct.pack("<%df" % len(values), *values)))


WORDS = ["Monday", "tuesday", "7", "monday", "Friday", "-2.5"]


def moves_and_normalizes():
    """words [6] through StringNormalizer (drops "monday"
    case-insensitively, upper case: 4 kept); x [2, 3] strings through
    Transpose, Reshape to [6] and Concat with the normalized words, and
    column 2 of x (Gather) through Cast to float and back."""
    nodes = [
        node("StringNormalizer", ["words"], ["norm"], "norm1",
             [attr_str("case_change_action", "UPPER"), attr_strs("stopwords", ["monday"])]),
        node("Transpose", ["x"], ["t"], "transpose1", [attr_ints("perm", [1, 0])]),
        node("Reshape", ["t", "shape"], ["flat"], "reshape1"),
        node("Concat", ["flat", "norm"], ["all"], "concat1", [attr_int("axis", 0)]),
        node("Gather", ["x", "idx"], ["nums"], "gather1", [attr_int("axis", 1)]),
        node("Cast", ["nums"], ["f"], "cast1", [attr_int("to", FLOAT)]),
        node("Cast", ["f"], ["s"], "cast2", [attr_int("to", STRING)]),
    ]
    m = model(nodes, [value_info("words", STRING, [6]), value_info("x", STRING, [2, 3])],
              [value_info("all", STRING, [10]), value_info("f", FLOAT, [2, 1]),
               value_info("s", STRING, [2, 1])],
              [tensor("shape", INT64, [1], [6]), tensor("idx", INT64, [1], [2])])
    flat = [WORDS[r * 3 + c] for c in range(3) for r in range(2)]
    norm = [w.upper() for w in WORDS if w.lower() != "monday"]
    nums = [float(WORDS[r * 3 + 2]) for r in range(2)]
    return (m, [string_tensor([6], WORDS), string_tensor([2, 3], WORDS)],
            [string_tensor([10], flat + norm), float_tensor([2, 1], nums),
             string_tensor([2, 1], [repr(v) for v in nums])])


def labels():
    """A classifier's last step: ArgMax of scores [2, 3] picks a label from a
    string initializer (Gather), and a Constant node's string is
    concatenated after them."""
    names = ["cat", "dog", "bird"]
    label_tensor = (f_int(1, 3) + f_int(2, STRING) + b"".join(f_bytes(6, v) for v in names)
                    + f_bytes(8, "labels"))
    unknown = f_int(1, 1) + f_int(2, STRING) + f_bytes(6, "unknown")
    nodes = [
        node("ArgMax", ["scores"], ["best"], "argmax1", [attr_int("axis", 1), attr_int("keepdims", 0)]),
        node("Gather", ["labels", "best"], ["picked"], "gather1", [attr_int("axis", 0)]),
        node("Constant", [], ["other"], "const1", [attr_tensor("value", unknown)]),
        node("Concat", ["picked", "other"], ["out"], "concat1", [attr_int("axis", 0)]),
    ]
    scores = [0.1, 0.7, 0.2, 0.9, 0.05, 0.05]
    m = model(nodes, [value_info("scores", FLOAT, [2, 3])], [value_info("out", STRING, [3])],
              [label_tensor])
    best = [max(range(3), key=lambda c: scores[r * 3 + c]) for r in range(2)]
    return (m, [float_tensor([2, 3], scores)],
            [string_tensor([3], [names[b] for b in best] + ["unknown"])])


def reshaped_words():
    """x [2, 3] strings, Flatten to [1, 6] then Reshape to [6], then
    StringNormalizer: the input's value known at import time stays known
    through the reshapes, which sizes the result (4 kept)."""
    nodes = [
        node("Flatten", ["x"], ["f"], "flatten1", [attr_int("axis", 0)]),
        node("Reshape", ["f", "shape"], ["flat"], "reshape1"),
        node("StringNormalizer", ["flat"], ["y"], "norm1",
             [attr_str("case_change_action", "LOWER"), attr_strs("stopwords", ["monday"])]),
    ]
    m = model(nodes, [value_info("x", STRING, [2, 3])], [value_info("y", STRING, [4])],
              [tensor("shape", INT64, [1], [6])])
    return (m, [string_tensor([2, 3], WORDS)],
            [string_tensor([4], [w.lower() for w in WORDS if w.lower() != "monday"])])


RUN_CASES = {"moves_and_normalizes": moves_and_normalizes, "labels": labels,
             "reshaped_words": reshaped_words}
ERROR_CASES = {
    # StringNormalizer of a graph input whose value is not given: its result
    # size cannot be known.
    "strnorm_unbound": lambda: model(
        [node("StringNormalizer", ["x"], ["y"], "norm1", [attr_strs("stopwords", ["a"])])],
        [value_info("x", STRING, [3])], [value_info("y", STRING, ["n"])]),
    # An operator without string semantics on a string input.
    "string_relu": lambda: model(
        [node("Relu", ["x"], ["y"], "relu1")],
        [value_info("x", STRING, [2])], [value_info("y", STRING, [2])]),
}

if __name__ == "__main__":
    write_cases("make_onnx_string.py", RUN_CASES, ERROR_CASES, sys.argv)
