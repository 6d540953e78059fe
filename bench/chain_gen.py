#!/usr/bin/env python3
"""Writes a graph-dialect function that is a chain of N elementwise ops
(relu, neg, abs, sigmoid in turn) on a small tensor, for compile-time
scaling checks (bench/chain_compile.sh, test/lowering/graph_to_te_chain.mlir).

usage: chain_gen.py N [out.mlir]   (stdout without out.mlir)"""
import sys

OPS = ["relu", "neg", "abs", "sigmoid"]


def chain(n):
    t = "tensor<4x8xf32>"
    lines = ["func.func @main(%%x: %s) -> %s {" % (t, t)]
    prev = "%x"
    for i in range(n):
        op = OPS[i % len(OPS)]
        lines.append('  %%v%d = "graph.%s"(%s) : (%s) -> %s' % (i, op, prev, t, t))
        prev = "%%v%d" % i
    lines.append("  return %s : %s" % (prev, t))
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    text = chain(int(sys.argv[1]))
    if len(sys.argv) == 3:
        with open(sys.argv[2], "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
