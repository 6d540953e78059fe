"""Writes a small transformer encoder layer in the graph dialect with a
dynamic sequence length (@dyn: tensor<1x?xD>) and, for each given length
L, the same layer with the length static (@sL), plus an input .npy per
length: the test compiles @dyn and checks it against strata-reference on
@sL. Standard library only (tests must not need numpy).

    gen_encoder.py OUT_DIR L1 L2 ...

The layer: Q, K, V projections with bias (constant weights: packed at
compile time), the heads split by reshape + transpose, Q.K^T scaled,
softmax, .V, heads merged, an output projection, residual add, LayerNorm
written as reduce_mean / sub / mul / sqrt / div, and a feed-forward
projection with bias and erf GELU (the epilogue of a product). D = 40 and
FFN = 72 are not multiples of the register tiles' widths, so the column
panels have tails; the head size is 20."""
import math
import os
import struct
import sys

D, HEADS, FFN = 40, 2, 72
HD = D // HEADS


class Rng:
    """A small LCG: the same weights in every entry and on every host."""

    def __init__(self, seed):
        self.state = seed

    def uniform(self, lo, hi):
        self.state = (self.state * 6364136223846793005 + 1442695040888963407) % (1 << 64)
        return lo + (hi - lo) * ((self.state >> 40) / float(1 << 24))


def matrix(rng, rows, cols, scale):
    return [[round(rng.uniform(-scale, scale), 4) for _ in range(cols)] for _ in range(rows)]


def dense(values):
    if isinstance(values[0], list):
        return "[" + ", ".join(dense(r) for r in values) + "]"
    return "[" + ", ".join("%.4f" % v for v in values) + "]"


def weights():
    rng = Rng(2026)
    w = {}
    for name in ("wq", "wk", "wv", "wo"):
        w[name] = (matrix(rng, D, D, 1.0 / math.sqrt(D)), [round(rng.uniform(-0.1, 0.1), 4)
                                                          for _ in range(D)])
    w["w1"] = (matrix(rng, D, FFN, 1.0 / math.sqrt(D)), [round(rng.uniform(-0.1, 0.1), 4)
                                                       for _ in range(FFN)])
    return w


def layer(name, seq, w):
    s = "?" if seq is None else str(seq)
    t = lambda *dims: "tensor<" + "x".join(str(d) for d in dims) + "xf32>"
    x, x2 = t(1, s, D), t(s, D)
    lines = [f"func.func @{name}(%x: {x}) -> {t(1, s, FFN)} {{"]
    add = lines.append
    for k, (m, b) in w.items():
        rows, cols = len(m), len(m[0])
        add(f'  %{k} = "graph.constant"() {{value = dense<{dense(m)}> : {t(rows, cols)}}} : () -> '
            f'{t(rows, cols)}')
        add(f'  %{k}_b = "graph.constant"() {{value = dense<{dense(b)}> : {t(cols)}}} : () -> '
            f'{t(cols)}')
    add(f'  %x2 = "graph.reshape"(%x) : ({x}) -> {x2}')

    def linear(out, inp, k, cols):
        add(f'  %{out}_p = "graph.matmul"(%{inp}, %{k}) : ({x2}, {t(D, cols)}) -> {t(s, cols)}')
        add(f'  %{out} = "graph.add"(%{out}_p, %{k}_b) : ({t(s, cols)}, {t(cols)}) -> '
            f'{t(s, cols)}')

    heads = t(1, s, HEADS, HD)
    for p, k in (("q", "wq"), ("k", "wk"), ("v", "wv")):
        linear(p, "x2", k, D)
        add(f'  %{p}4 = "graph.reshape"(%{p}) : ({t(s, D)}) -> {heads}')
    add(f'  %qt = "graph.transpose"(%q4) {{perm = array<i64: 0, 2, 1, 3>}} : ({heads}) -> '
        f'{t(1, HEADS, s, HD)}')
    add(f'  %kt = "graph.transpose"(%k4) {{perm = array<i64: 0, 2, 3, 1>}} : ({heads}) -> '
        f'{t(1, HEADS, HD, s)}')
    add(f'  %vt = "graph.transpose"(%v4) {{perm = array<i64: 0, 2, 1, 3>}} : ({heads}) -> '
        f'{t(1, HEADS, s, HD)}')
    sc = t(1, HEADS, s, s)
    add(f'  %s = "graph.batch_matmul"(%qt, %kt) : ({t(1, HEADS, s, HD)}, {t(1, HEADS, HD, s)}) '
        f'-> {sc}')
    add(f'  %scale = "graph.constant"() {{value = dense<{math.sqrt(HD):.6f}> : tensor<f32>}} : '
        f'() -> tensor<f32>')
    add(f'  %ss = "graph.div"(%s, %scale) : ({sc}, tensor<f32>) -> {sc}')
    add(f'  %pr = "graph.softmax"(%ss) {{axis = 3 : i64}} : ({sc}) -> {sc}')
    add(f'  %c = "graph.batch_matmul"(%pr, %vt) : ({sc}, {t(1, HEADS, s, HD)}) -> '
        f'{t(1, HEADS, s, HD)}')
    add(f'  %ct = "graph.transpose"(%c) {{perm = array<i64: 0, 2, 1, 3>}} : '
        f'({t(1, HEADS, s, HD)}) -> {heads}')
    add(f'  %c2 = "graph.reshape"(%ct) : ({heads}) -> {x2}')
    linear("o", "c2", "wo", D)
    add(f'  %o3 = "graph.reshape"(%o) : ({x2}) -> {x}')
    add(f'  %r = "graph.add"(%o3, %x) : ({x}, {x}) -> {x}')
    col = t(1, s, 1)
    add(f'  %mean = "graph.reduce_mean"(%r) {{axes = array<i64: 2>, keepdims = true}} : ({x}) -> '
        f'{col}')
    add(f'  %cen = "graph.sub"(%r, %mean) : ({x}, {col}) -> {x}')
    add(f'  %sq = "graph.mul"(%cen, %cen) : ({x}, {x}) -> {x}')
    add(f'  %var = "graph.reduce_mean"(%sq) {{axes = array<i64: 2>, keepdims = true}} : ({x}) -> '
        f'{col}')
    add(f'  %eps = "graph.constant"() {{value = dense<1.0e-05> : tensor<1x1x1xf32>}} : () -> '
        f'tensor<1x1x1xf32>')
    add(f'  %ve = "graph.add"(%var, %eps) : ({col}, tensor<1x1x1xf32>) -> {col}')
    add(f'  %sd = "graph.sqrt"(%ve) : ({col}) -> {col}')
    add(f'  %ln = "graph.div"(%cen, %sd) : ({x}, {col}) -> {x}')
    add(f'  %ln2 = "graph.reshape"(%ln) : ({x}) -> {x2}')
    linear("h", "ln2", "w1", FFN)
    add(f'  %g = "graph.gelu"(%h) {{approximate = "none"}} : ({t(s, FFN)}) -> {t(s, FFN)}')
    add(f'  %y = "graph.reshape"(%g) : ({t(s, FFN)}) -> {t(1, s, FFN)}')
    add(f'  return %y : {t(1, s, FFN)}')
    add("}")
    return "\n".join(lines) + "\n"


def write_npy(path, seq):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (1, %d, %d), }" % (seq, D)
    header = header + " " * (63 - (10 + len(header)) % 64) + "\n"
    values = [math.sin(0.37 * i + 0.3 * seq) for i in range(seq * D)]
    with open(path, "wb") as f:
        f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
        f.write(struct.pack("<%df" % len(values), *values))


def main():
    out, lengths = sys.argv[1], [int(a) for a in sys.argv[2:]]
    os.makedirs(out, exist_ok=True)
    w = weights()
    with open(os.path.join(out, "encoder.mlir"), "w") as f:
        f.write(layer("dyn", None, w))
        for n in lengths:
            f.write(layer(f"s{n}", n, w))
    for n in lengths:
        write_npy(os.path.join(out, f"x{n}.npy"), n)


if __name__ == "__main__":
    main()
