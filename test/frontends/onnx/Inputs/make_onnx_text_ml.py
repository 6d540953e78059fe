#!/usr/bin/env python3
"""Writes small ONNX models on ONNX's opset-20 string operators
(StringConcat, StringSplit, RegexFullMatch, Equal on strings) and on the
ai.onnx.ml operators Strata composes from graph ops (LabelEncoder,
Binarizer, ArrayFeatureExtractor), with inputs and expected outputs for
the running cases, the expectations computed here in plain Python (str.split,
re.fullmatch, dicts); standard library only.

usage: make_onnx_text_ml.py <case> <prefix>   (see make_onnx.write_cases)
"""
import math
import os
import re
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_onnx import (BOOL, FLOAT, INT32, INT64, STRING, UINT8, attr_float, attr_floats, attr_int,  # noqa: E402
                       attr_ints, attr_str, attr_strs, attr_tensor, model, node, value_info,
                       write_cases)
from protobuf_wire import f_bytes, f_int  # noqa: E402

ML = "ai.onnx.ml"


def strings(dims, values, name=None):
    return (b"".join(f_int(1, d) for d in dims) + f_int(2, STRING)
            + b"".join(f_bytes(6, v) for v in values) + (f_bytes(8, name) if name else b""))


def raw(elem, fmt, dims, values):
    return (b"".join(f_int(1, d) for d in dims) + f_int(2, elem)
            + f_bytes(9, struct.pack("<%d%s" % (len(values), fmt), *values)))


def floats(dims, values):
    return raw(FLOAT, "f", dims, values)


def int64s(dims, values):
    return raw(INT64, "q", dims, values)


def bools(dims, values):
    return raw(BOOL, "B", dims, [int(v) for v in values])


URLS = ["abc.com", "d-e.net", "not a url"]
OTHER = ["abc.com", "x", "not a url"]
SUFFIX = [".org"]
PATTERN = r"[\w-]+\.(com|net)"


def padded_split(values, sep, maxsplit=-1):
    parts = [v.split(sep or None, maxsplit) for v in values]
    width = max((len(p) for p in parts), default=0)
    return [x for p in parts for x in p + [""] * (width - len(p))], [len(p) for p in parts], width


def text_ops():
    """x [3] strings: StringConcat with y [1] (broadcast), StringSplit of
    x at "." (all splits) and at whitespace (maxsplit 1),
    RegexFullMatch of x, Equal of x and z [3]."""
    nodes = [
        node("StringConcat", ["x", "y"], ["c"], "concat1"),
        node("StringSplit", ["x"], ["pieces", "counts"], "split1", [attr_str("delimiter", ".")]),
        node("StringSplit", ["x"], ["words", "nwords"], "split2", [attr_int("maxsplit", 1)]),
        node("RegexFullMatch", ["x"], ["match"], "regex1", [attr_str("pattern", PATTERN)]),
        node("Equal", ["x", "z"], ["eq"], "equal1"),
    ]
    concat = [u + SUFFIX[0] for u in URLS]
    pieces, counts, width = padded_split(URLS, ".")
    words, nwords, wwidth = padded_split(URLS, None, 1)
    m = model(nodes, [value_info("x", STRING, [3]), value_info("y", STRING, [1]),
                      value_info("z", STRING, [3])],
              [value_info("c", STRING, [3]), value_info("pieces", STRING, [3, width]),
               value_info("counts", INT64, [3]), value_info("words", STRING, [3, wwidth]),
               value_info("nwords", INT64, [3]), value_info("match", BOOL, [3]),
               value_info("eq", BOOL, [3])], opset=20)
    return (m, [strings([3], URLS), strings([1], SUFFIX), strings([3], OTHER)],
            [strings([3], concat), strings([3, width], pieces), int64s([3], counts),
             strings([3, wwidth], words), int64s([3], nwords),
             bools([3], [re.fullmatch(PATTERN, u) is not None for u in URLS]),
             bools([3], [a == b for a, b in zip(URLS, OTHER)])])


def text_scalar():
    """A 0-d string through StringSplit (pieces [W], count []) and
    RegexFullMatch (a 0-d bool)."""
    s = "  two  words "
    nodes = [node("StringSplit", ["s"], ["p", "n"], "split1"),
             node("RegexFullMatch", ["s"], ["m"], "regex1", [attr_str("pattern", r"[\s\w]*")])]
    p = s.split()
    m = model(nodes, [value_info("s", STRING, [])],
              [value_info("p", STRING, [len(p)]), value_info("n", INT64, []),
               value_info("m", BOOL, [])], opset=20)
    return (m, [strings([], [s])],
            [strings([len(p)], p), int64s([], [len(p)]),
             bools([], [re.fullmatch(r"[\s\w]*", s) is not None])])


def ml_ops():
    """LabelEncoder string -> int64 (a repeated key: the last one counts),
    int64 -> string, float -> float, and keys_tensor/values_tensor (int32
    values, default_tensor); Binarizer; ArrayFeatureExtractor on 2-D and
    1-D data."""
    labels = ["b", "zz", "a", "c"]
    keys_s, vals_i = ["a", "b", "a"], [1, 2, 3]
    table_s = dict(zip(keys_s, vals_i))
    ints = [4, -1, 9]
    keys_i, vals_s = [9, 4], ["nine", "four"]
    fl = [1.0, 3.0, -2.0, 0.5]
    keys_f, vals_f = [0.5, 1.0, -2.0], [10.0, 20.0, 30.0]
    data = [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
    idx = [2, 0]
    keys_t = strings([2], ["c", "zz"], "keys_tensor")
    vals_t = raw(INT32, "i", [2], [5, 6]) + f_bytes(8, "values_tensor")
    default_t = raw(INT32, "i", [1], [-7]) + f_bytes(8, "default_tensor")
    nodes = [
        node("LabelEncoder", ["labels"], ["e1"], "enc1",
             [attr_strs("keys_strings", keys_s), attr_ints("values_int64s", vals_i),
              attr_int("default_int64", 42)], ML),
        node("LabelEncoder", ["ints"], ["e2"], "enc2",
             [attr_ints("keys_int64s", keys_i), attr_strs("values_strings", vals_s),
              attr_str("default_string", "none")], ML),
        node("LabelEncoder", ["fl"], ["e3"], "enc3",
             [attr_floats("keys_floats", keys_f), attr_floats("values_floats", vals_f)], ML),
        node("LabelEncoder", ["labels"], ["e4"], "enc4",
             [attr_tensor("keys_tensor", keys_t), attr_tensor("values_tensor", vals_t),
              attr_tensor("default_tensor", default_t)], ML),
        node("Binarizer", ["fl"], ["bin"], "bin1", [attr_float("threshold", 0.75)], ML),
        node("ArrayFeatureExtractor", ["data", "idx"], ["afe"], "afe1", [], ML),
        node("ArrayFeatureExtractor", ["fl", "idx"], ["afe1d"], "afe2", [], ML),
    ]
    m = model(nodes, [value_info("labels", STRING, [2, 2]), value_info("ints", INT64, [3]),
                      value_info("fl", FLOAT, [4]), value_info("data", FLOAT, [2, 3]),
                      value_info("idx", INT64, [2])],
              [value_info("e1", INT64, [2, 2]), value_info("e2", STRING, [3]),
               value_info("e3", FLOAT, [4]), value_info("e4", INT32, [2, 2]),
               value_info("bin", FLOAT, [4]), value_info("afe", FLOAT, [2, 2]),
               value_info("afe1d", FLOAT, [1, 2])], opset=20, domains=[(ML, 4)])
    return (m, [strings([2, 2], labels), int64s([3], ints), floats([4], fl),
                floats([2, 3], data), int64s([2], idx)],
            [int64s([2, 2], [table_s.get(v, 42) for v in labels]),
             strings([3], [dict(zip(keys_i, vals_s)).get(v, "none") for v in ints]),
             floats([4], [dict(zip(keys_f, vals_f)).get(v, -0.0) for v in fl]),
             raw(INT32, "i", [2, 2], [{"c": 5, "zz": 6}.get(v, -7) for v in labels]),
             floats([4], [1.0 if v > 0.75 else 0.0 for v in fl]),
             floats([2, 2], [data[r * 3 + i] for r in range(2) for i in idx]),
             floats([1, 2], [fl[i] for i in idx])])


def tree_attrs(tree):
    """TreeEnsemble attributes from a dict of lists (tensors as float32,
    modes as uint8)."""
    out = [attr_int("n_targets", tree["n_targets"]),
           attr_int("aggregate_function", tree.get("aggregate_function", 1)),
           attr_int("post_transform", tree.get("post_transform", 0))]
    for name in ("nodes_featureids", "nodes_truenodeids", "nodes_falsenodeids",
                 "nodes_trueleafs", "nodes_falseleafs", "tree_roots", "leaf_targetids",
                 "nodes_missing_value_tracks_true"):
        if name in tree:
            out.append(attr_ints(name, tree[name]))
    for name in ("nodes_splits", "leaf_weights", "membership_values"):
        if name in tree:
            out.append(attr_tensor(name, floats([len(tree[name])], tree[name])))
    if tree["nodes_modes"] is not None:
        out.append(attr_tensor("nodes_modes", raw(UINT8, "B", [len(tree["nodes_modes"])],
                                                  tree["nodes_modes"])))
    return out


def tree_eval(tree, row):
    """The ensemble on one row, by walking each tree (the ONNX reference's
    semantics: modes LEQ LT GTE GT EQ NEQ MEMBER, NaN true where tracked)."""
    sets, it = {}, iter(tree.get("membership_values", []))
    for i, m in enumerate(tree["nodes_modes"]):
        if m == 6:
            sets[i] = []
            for v in it:
                if v != v:
                    break
                sets[i].append(v)
    y = [0.0] * tree["n_targets"]
    for root in tree["tree_roots"]:
        i, leaf = root, False
        while not leaf:
            x, s, m = row[tree["nodes_featureids"][i]], tree["nodes_splits"][i], tree["nodes_modes"][i]
            tracks = tree.get("nodes_missing_value_tracks_true", [0] * 99)[i]
            if x != x and tracks:
                go = True
            else:
                go = [x <= s, x < s, x >= s, x > s, x == s, x != s,
                      m == 6 and any(x == v for v in sets.get(i, []))][m]
            i, leaf = ((tree["nodes_truenodeids"][i], tree["nodes_trueleafs"][i]) if go else
                       (tree["nodes_falsenodeids"][i], tree["nodes_falseleafs"][i]))
        y[tree["leaf_targetids"][i]] += tree["leaf_weights"][i]
    if tree.get("aggregate_function", 1) == 0:
        y = [v / len(tree["tree_roots"]) for v in y]
    if tree.get("post_transform", 0) == 2:
        y = [1 / (1 + math.exp(-v)) for v in y]
    return y


# Two trees over 3 features. Tree 0 (root 0): node 0 x0 <= 0.5 ? node 1 :
# node 2; node 1 x1 in {1, 3} ? leaf 0 : leaf 1; node 2 x2 != 2 ? leaf 2 :
# node 3; node 3 x0 > 4 (NaN true) ? leaf 3 : leaf 4. Tree 1 (root 4):
# node 4 x1 == 7 ? leaf 5 : node 5; node 5 x2 >= -1 ? leaf 6 : leaf 7.
TREE = {
    "n_targets": 2,
    "nodes_featureids": [0, 1, 2, 0, 1, 2],
    "nodes_modes": [0, 6, 5, 3, 4, 2],
    "nodes_splits": [0.5, 0.0, 2.0, 4.0, 7.0, -1.0],
    "nodes_truenodeids": [1, 0, 2, 3, 5, 6],
    "nodes_trueleafs": [0, 1, 1, 1, 1, 1],
    "nodes_falsenodeids": [2, 1, 3, 4, 5, 7],
    "nodes_falseleafs": [0, 1, 0, 1, 0, 1],
    "nodes_missing_value_tracks_true": [0, 0, 0, 1, 0, 0],
    "membership_values": [1.0, 3.0, float("nan")],
    "tree_roots": [0, 4],
    "leaf_targetids": [0, 1, 0, 1, 0, 1, 0, 1],
    "leaf_weights": [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0],
}
ROWS = [[0.0, 3.0, 5.0], [0.0, 2.0, -3.0], [1.0, 7.0, 2.0], [9.0, 0.0, 2.0],
        [float("nan"), 1.0, 2.0], [0.5, 1.0, 0.0]]


def tree_ensemble():
    """TREE summed, and averaged with LOGISTIC, on ROWS."""
    avg = dict(TREE, aggregate_function=0, post_transform=2)
    nodes = [node("TreeEnsemble", ["x"], ["sum"], "tree1", tree_attrs(TREE), ML),
             node("TreeEnsemble", ["x"], ["avg"], "tree2", tree_attrs(avg), ML)]
    m = model(nodes, [value_info("x", FLOAT, [6, 3])],
              [value_info("sum", FLOAT, [6, 2]), value_info("avg", FLOAT, [6, 2])],
              opset=20, domains=[(ML, 5)])
    flat = [v for r in ROWS for v in r]
    return (m, [floats([6, 3], flat)],
            [floats([6, 2], [v for r in ROWS for v in tree_eval(TREE, r)]),
             floats([6, 2], [v for r in ROWS for v in tree_eval(avg, r)])])


def one(op, inputs, attrs, domain="", opset=20):
    """One node `op1` of op on inputs (name, elem, dims), output y."""
    domains = [(ML, 4)] if domain else []
    return model([node(op, [n for n, _, _ in inputs], ["y"], "op1", attrs, domain)],
                 [value_info(n, e, d) for n, e, d in inputs], [value_info("y", FLOAT, [1])],
                 opset=opset, domains=domains)


RUN_CASES = {"text_ops": text_ops, "text_scalar": text_scalar, "ml_ops": ml_ops,
             "tree_ensemble": tree_ensemble}
ERROR_CASES = {
    "split_unbound": lambda: one("StringSplit", [("x", STRING, [2])], []),
    "regex_flags": lambda: one("RegexFullMatch", [("x", STRING, [2])],
                               [attr_str("pattern", "(?i)abc")]),
    "regex_lazy": lambda: one("RegexFullMatch", [("x", STRING, [2])],
                              [attr_str("pattern", "a+?b")]),
    "regex_escape": lambda: one("RegexFullMatch", [("x", STRING, [2])],
                                [attr_str("pattern", r"\pL+")]),
    "regex_class": lambda: one("RegexFullMatch", [("x", STRING, [2])],
                               [attr_str("pattern", "[[:alfa:]]")]),
    "regex_bracket": lambda: one("RegexFullMatch", [("x", STRING, [2])],
                                 [attr_str("pattern", "[abc")]),
    "regex_compile": lambda: one("RegexFullMatch", [("x", STRING, [2])],
                                 [attr_str("pattern", "a{3,1}")]),
    "concat_float": lambda: one("StringConcat", [("x", STRING, [2]), ("y", FLOAT, [2])], []),
    "label_count": lambda: one("LabelEncoder", [("x", STRING, [2])],
                               [attr_strs("keys_strings", ["a", "b"]),
                                attr_ints("values_int64s", [1])], ML),
    "label_kind": lambda: one("LabelEncoder", [("x", STRING, [2])],
                              [attr_ints("keys_int64s", [1]), attr_ints("values_int64s", [1])],
                              ML),
    "label_nokeys": lambda: one("LabelEncoder", [("x", STRING, [2])],
                                [attr_ints("values_int64s", [1])], ML),
    "label_default": lambda: one("LabelEncoder", [("x", STRING, [2])],
                                 [attr_strs("keys_strings", ["a"]),
                                  attr_ints("values_int64s", [1]),
                                  attr_tensor("default_tensor", floats([1], [1.0]))], ML),
    "label_keys_tensor": lambda: one("LabelEncoder", [("x", STRING, [2])],
                                     [attr_tensor("keys_tensor", b"\x10\x01\x08\x02"),
                                      attr_ints("values_int64s", [1])], ML),
    "afe_int32": lambda: one("ArrayFeatureExtractor", [("x", FLOAT, [2, 3]), ("y", INT32, [1])],
                             [], ML),
    "afe_scalar": lambda: one("ArrayFeatureExtractor", [("x", FLOAT, []), ("y", INT64, [1])],
                              [], ML),
    "binarizer_string": lambda: one("Binarizer", [("x", STRING, [2])], [], ML),
    "tree_cycle": lambda: one("TreeEnsemble", [("x", FLOAT, [2, 3])],
                              tree_attrs(dict(TREE, nodes_truenodeids=[1, 0, 2, 0, 5, 6],
                                              nodes_trueleafs=[0, 0, 1, 0, 1, 1])), ML),
    "tree_feature": lambda: one("TreeEnsemble", [("x", FLOAT, [2, 2])], tree_attrs(TREE), ML),
    "tree_target": lambda: one("TreeEnsemble", [("x", FLOAT, [2, 3])],
                               tree_attrs(dict(TREE, n_targets=1)), ML),
    "tree_lengths": lambda: one("TreeEnsemble", [("x", FLOAT, [2, 3])],
                                tree_attrs(dict(TREE, nodes_splits=[0.5])), ML),
    "tree_aggregate": lambda: one("TreeEnsemble", [("x", FLOAT, [2, 3])],
                                  tree_attrs(dict(TREE, aggregate_function=2)), ML),
    "tree_post": lambda: one("TreeEnsemble", [("x", FLOAT, [2, 3])],
                             tree_attrs(dict(TREE, post_transform=4)), ML),
    "tree_input": lambda: one("TreeEnsemble", [("x", FLOAT, [6])], tree_attrs(TREE), ML),
    "tree_roots_empty": lambda: one("TreeEnsemble", [("x", FLOAT, [2, 3])],
                                    tree_attrs(dict(TREE, tree_roots=[])), ML),
    "tree_bad_id": lambda: one("TreeEnsemble", [("x", FLOAT, [2, 3])],
                               tree_attrs(dict(TREE, nodes_falsenodeids=[2, 1, 3, 4, 5, 99])), ML),
    "tree_large": lambda: one("TreeEnsemble", [("x", FLOAT, [2, 3])], tree_attrs(dict(
        TREE, **{k: [0] * 4097 for k in ("nodes_featureids", "nodes_modes", "nodes_splits",
                                          "nodes_truenodeids", "nodes_trueleafs",
                                          "nodes_falsenodeids", "nodes_falseleafs",
                                          "nodes_missing_value_tracks_true", "leaf_targetids",
                                          "leaf_weights")})), ML),
    "tree_no_modes": lambda: one("TreeEnsemble", [("x", FLOAT, [2, 3])],
                                 tree_attrs(dict(TREE, nodes_modes=None)), ML),
}

if __name__ == "__main__":
    write_cases("make_onnx_text_ml.py", RUN_CASES, ERROR_CASES, sys.argv)
