#!/usr/bin/env python3
"""Writes small ONNX models on the table operators (Unique,
TfIdfVectorizer) for the importer tests (standard library only; the
protobuf helpers come from make_onnx.py and make_onnx_string.py), and for
the cases that run, their inputs and expected outputs as TensorProto files,
the expectations computed here in plain Python.

usage: make_onnx_tables.py <case> <prefix>
  writes <prefix>.onnx, and for a running case <prefix>.in<K>.pb for every
  graph input K and <prefix>.out<K>.pb for every graph output K.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_onnx import (FLOAT, INT64, STRING, attr_floats, attr_int, attr_ints,  # noqa: E402
                       attr_str, attr_strs, model, node, tensor, value_info, write_cases)
from make_onnx_string import float_tensor, string_tensor  # noqa: E402

ROWS = [["the", "cat", "sat", "the", "cat"], ["a", "dog", "the", "dog", "the"]]
POOL = ["cat", "dog", "the", "the", "cat", "dog", "the"]  # unigrams, then 2 bigrams
NGRAM_COUNTS = [0, 3]
NGRAM_INDEXES = [4, 3, 2, 1, 0]
WEIGHTS = [1.0, 2.0, 3.0, 4.0, 5.0]


def tfidf_expected(rows, min_len, max_len, skip):
    """TFIDF as the ONNX reference computes it: each n-gram taken every
    1..skip+1 positions (unigrams once) counts for the column of the pool
    n-gram it equals; weights index the output columns."""
    grams = [(POOL[0 + k:1 + k], k) for k in range(3)]
    grams += [(POOL[3 + 2 * k:5 + 2 * k], 3 + k) for k in range(2)]
    columns = max(NGRAM_INDEXES) + 1
    out = []
    for row in rows:
        freq = [0] * columns
        for size in range(min_len, max_len + 1):
            for dist in ([1] if size == 1 else range(1, skip + 2)):
                for p in range(len(row) - dist * (size - 1)):
                    items = [row[p + t * dist] for t in range(size)]
                    for g, gid in grams:
                        if g == items:
                            freq[NGRAM_INDEXES[gid]] += 1
        out += [WEIGHTS[c] * f for c, f in enumerate(freq)]
    return out


def tfidf_strings():
    """TfIdfVectorizer (TFIDF, weights) on a [2, 5] string input, uni- and
    bigrams with one skip, the columns in reverse pool order."""
    nodes = [node("TfIdfVectorizer", ["x"], ["y"], "tfidf1",
                  [attr_str("mode", "TFIDF"), attr_int("min_gram_length", 1),
                   attr_int("max_gram_length", 2), attr_int("max_skip_count", 1),
                   attr_ints("ngram_counts", NGRAM_COUNTS), attr_ints("ngram_indexes", NGRAM_INDEXES),
                   attr_strs("pool_strings", POOL), attr_floats("weights", WEIGHTS)])]
    m = model(nodes, [value_info("x", STRING, [2, 5])], [value_info("y", FLOAT, [2, 5])],
              opset=9)
    flat = [w for row in ROWS for w in row]
    return (m, [string_tensor([2, 5], flat)], [float_tensor([2, 5], tfidf_expected(ROWS, 1, 2, 1))])


UNIQUE_ROWS = [[3, 4], [1, 2], [3, 4]]


def unique_rows():
    """Unique (sorted) of the rows of an int64 [3, 2] input: all four
    outputs."""
    nodes = [node("Unique", ["x"], ["y", "indices", "inverse", "counts"], "unique1",
                  [attr_int("axis", 0)])]
    m = model(nodes, [value_info("x", INT64, [3, 2])],
              [value_info("y", INT64, [2, 2]), value_info("indices", INT64, [2]),
               value_info("inverse", INT64, [3]), value_info("counts", INT64, [2])], opset=11)
    uniq = sorted({tuple(r) for r in UNIQUE_ROWS})
    first = [UNIQUE_ROWS.index(list(u)) for u in uniq]
    inverse = [uniq.index(tuple(r)) for r in UNIQUE_ROWS]
    counts = [UNIQUE_ROWS.count(list(u)) for u in uniq]
    return (m, [tensor("", INT64, [3, 2], [v for r in UNIQUE_ROWS for v in r])],
            [tensor("", INT64, [2, 2], [v for u in uniq for v in u]),
             tensor("", INT64, [2], first), tensor("", INT64, [3], inverse),
             tensor("", INT64, [2], counts)])


RUN_CASES = {"tfidf_strings": tfidf_strings, "unique_rows": unique_rows}
ERROR_CASES = {
    # Unique of a graph input whose value is not given: the sizes of its
    # outputs cannot be known.
    "unique_unbound": lambda: model(
        [node("Unique", ["x"], ["y"], "unique1")],
        [value_info("x", FLOAT, [6])], [value_info("y", FLOAT, ["k"])], opset=11),
}

if __name__ == "__main__":
    write_cases("make_onnx_tables.py", RUN_CASES, ERROR_CASES, sys.argv)
