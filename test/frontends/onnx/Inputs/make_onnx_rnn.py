#!/usr/bin/env python3
"""Writes small RNN/GRU/LSTM models for the importer tests (standard library
only; the protobuf helpers come from make_onnx.py), and for the cases that
run, their inputs and expected outputs as TensorProto files, computed here
by a plain-Python reference of the ONNX recurrences (sequence_lens: a batch
entry's steps at or past its length leave its state unchanged and its Y
rows zero; the reverse direction starts at step len - 1).

usage: make_onnx_rnn.py <case> <prefix>
  writes <prefix>.onnx, and for a running case <prefix>.in<K>.pb for every
  graph input K and <prefix>.out<K>.pb for every graph output K.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_onnx import (FLOAT, INT32, attr_int, attr_str, attr_strs, attr_float, attr_floats,
                       model, node, tensor, value_info, write_cases)  # noqa: E402


def values(n, seed):
    """n deterministic values in [-0.6, 0.6]."""
    return [(((i + seed) * 7 + seed * seed) % 13 - 6) / 10.0 for i in range(n)]


def nest(flat, dims):
    """A flat list as nested lists of shape dims."""
    if len(dims) == 1:
        return list(flat)
    step = len(flat) // dims[0]
    return [nest(flat[i * step:(i + 1) * step], dims[1:]) for i in range(dims[0])]


def flatten(v):
    return [x for e in v for x in flatten(e)] if isinstance(v, list) else [v]


def sigmoid(x):
    return 1.0 / (1.0 + math.exp(-x))


def matvec(rows, v):
    return [sum(w * x for w, x in zip(row, v)) for row in rows]


def vadd(*vs):
    return [sum(xs) for xs in zip(*vs)]


def vmul(a, b):
    return [x * y for x, y in zip(a, b)]


def cell_step(op, x, h, c, w, r, wb, rb, p, lbr):
    """One step of one batch entry: the new (h, c)."""
    hs = len(h)
    gx, gh = vadd(matvec(w, x), wb), vadd(matvec(r, h), rb)
    g = vadd(gx, gh)
    if op == "RNN":
        return [math.tanh(v) for v in g], c
    if op == "GRU":
        z = [sigmoid(v) for v in g[:hs]]
        rr = [sigmoid(v) for v in g[hs:2 * hs]]
        if lbr:
            rec = vmul(rr, gh[2 * hs:])
        else:
            rec = vadd(matvec(r[2 * hs:], vmul(rr, h)), rb[2 * hs:])
        cand = [math.tanh(v) for v in vadd(gx[2 * hs:], rec)]
        return [(1 - zi) * ci + zi * hi for zi, ci, hi in zip(z, cand, h)], c
    pi, po, pf = p[:hs], p[hs:2 * hs], p[2 * hs:]
    i = [sigmoid(v) for v in vadd(g[:hs], vmul(pi, c))]
    f = [sigmoid(v) for v in vadd(g[2 * hs:3 * hs], vmul(pf, c))]
    cc = [math.tanh(v) for v in g[3 * hs:]]
    c = vadd(vmul(f, c), vmul(i, cc))
    o = [sigmoid(v) for v in vadd(g[hs:2 * hs], vmul(po, c))]
    return vmul(o, [math.tanh(v) for v in c]), c


GATES = {"RNN": 1, "GRU": 3, "LSTM": 4}


def reference(op, d, x, w, r, b, lens, h0, c0, p, reverse_only, lbr):
    """Y [S, D, B, H], Y_h and Y_c [D, B, H] (layout 0)."""
    seq, batch, hs = len(x), len(x[0]), len(r[0][0])
    gh = GATES[op] * hs
    y = [[[[0.0] * hs for _ in range(batch)] for _ in range(d)] for _ in range(seq)]
    yh = [[None] * batch for _ in range(d)]
    yc = [[None] * batch for _ in range(d)]
    for di in range(d):
        reverse = reverse_only or di == 1
        for bi in range(batch):
            h, c = h0[di][bi], c0[di][bi]
            steps = range(lens[bi] - 1, -1, -1) if reverse else range(lens[bi])
            for t in steps:
                h, c = cell_step(op, x[t][bi], h, c, w[di], r[di], b[di][:gh], b[di][gh:],
                                 p[di], lbr)
                y[t][di][bi] = h
            yh[di][bi], yc[di][bi] = h, c
    return y, yh, yc


def recurrence(op, seq, batch, inp, hs, direction="forward", layout=0, lens=None,
               lens_const=False, with_b=True, with_h0=True, with_c0=False, with_p=False,
               lbr=0, outputs=("Y", "Y_h"), weights_const=False, extra_attrs=()):
    """(model bytes, input tensors, expected output tensors)."""
    d = 2 if direction == "bidirectional" else 1
    g = GATES[op] * hs
    batch_major = layout == 1
    x_dims = [batch, seq, inp] if batch_major else [seq, batch, inp]
    state_dims = [batch, d, hs] if batch_major else [d, batch, hs]
    x = values(seq * batch * inp, 1)
    w, r, b = values(d * g * inp, 2), values(d * g * hs, 3), values(d * 2 * g, 4)
    h0, c0, p = values(d * batch * hs, 5), values(d * batch * hs, 6), values(d * 3 * hs, 7)
    inputs = [("X", FLOAT, x_dims, x), ("W", FLOAT, [d, g, inp], w), ("R", FLOAT, [d, g, hs], r)]
    optional = [("B", FLOAT, [d, 2 * g], b, with_b),
                ("sequence_lens", INT32, [batch], lens, lens is not None),
                ("initial_h", FLOAT, state_dims, h0, with_h0),
                ("initial_c", FLOAT, state_dims, c0, with_c0),
                ("P", FLOAT, [d, 3 * hs], p, with_p)]
    names = ["X", "W", "R"]
    for name, elem, dims, vals, used in optional:
        names.append(name if used else "")
        if used:
            inputs.append((name, elem, dims, vals))
    while not names[-1]:
        names.pop()

    def to_time_major(v, dims):  # [B, S|D, ...] -> [S|D, B, ...]
        n = nest(v, dims)
        return [[n[bi][si] for bi in range(dims[0])] for si in range(dims[1])]

    xs = to_time_major(x, x_dims) if batch_major else nest(x, x_dims)
    hs0 = to_time_major(h0, state_dims) if batch_major and with_h0 else nest(h0, [d, batch, hs])
    cs0 = to_time_major(c0, state_dims) if batch_major and with_c0 else nest(c0, [d, batch, hs])
    if not with_h0:
        hs0 = nest([0.0] * (d * batch * hs), [d, batch, hs])
    if not with_c0:
        cs0 = nest([0.0] * (d * batch * hs), [d, batch, hs])
    y, yh, yc = reference(op, d, xs, nest(w, [d, g, inp]), nest(r, [d, g, hs]),
                          nest(b if with_b else [0.0] * (d * 2 * g), [d, 2 * g]),
                          lens or [seq] * batch, hs0, cs0,
                          nest(p if with_p else [0.0] * (d * 3 * hs), [d, 3 * hs]),
                          direction == "reverse", lbr)
    if batch_major:
        y = [[[y[t][di][bi] for di in range(d)] for t in range(seq)] for bi in range(batch)]
        yh = [[yh[di][bi] for di in range(d)] for bi in range(batch)]
        yc = [[yc[di][bi] for di in range(d)] for bi in range(batch)]
    y_dims = [batch, seq, d, hs] if batch_major else [seq, d, batch, hs]
    results = {"Y": (y_dims, flatten(y)), "Y_h": (state_dims, flatten(yh)),
               "Y_c": (state_dims, flatten(yc))}
    out_names = [o if o in outputs else "" for o in ("Y", "Y_h", "Y_c")[:3 if op == "LSTM" else 2]]
    while not out_names[-1]:
        out_names.pop()
    attrs = [attr_int("hidden_size", hs), attr_str("direction", direction)]
    if layout:
        attrs.append(attr_int("layout", layout))
    if lbr:
        attrs.append(attr_int("linear_before_reset", lbr))
    attrs += list(extra_attrs)
    consts = {"W", "R"} if weights_const else set()
    if lens_const:
        consts.add("sequence_lens")

    def tensor_of(name, elem, dims, vals):
        if elem == INT32:
            return tensor(name, elem, dims, vals, field="int32_data")
        return tensor(name, elem, dims, vals)

    graph_inputs = [i for i in inputs if i[0] not in consts]
    inits = [tensor_of(*i) for i in inputs if i[0] in consts]
    m = model([node(op, names, out_names, op.lower() + "1", attrs)],
              [value_info(n, e, dims) for n, e, dims, _ in graph_inputs],
              [value_info(o, FLOAT, results[o][0]) for o in out_names if o], inits,
              opset=14)
    return (m, [tensor_of(*i) for i in graph_inputs],
            [tensor(o, FLOAT, results[o][0], results[o][1]) for o in out_names if o])


RUN_CASES = {
    # A long bidirectional LSTM with run-time sequence_lens (unrolled inline,
    # it did not finish compiling in 10 minutes; with the step function it
    # compiles in seconds).
    "lstm_long": lambda: recurrence(
        "LSTM", 40, 4, 16, 16, "bidirectional", lens=[40, 30, 20, 10], with_c0=True),
    # Bidirectional LSTM, every optional input, sequence_lens shorter than the
    # sequence for two entries (a run-time input), all three outputs.
    "lstm_bidirectional": lambda: recurrence(
        "LSTM", 3, 3, 2, 2, "bidirectional", lens=[3, 1, 2], with_c0=True, with_p=True,
        outputs=("Y", "Y_h", "Y_c")),
    # Reverse GRU, linear_before_reset, layout 1, sequence_lens an initializer.
    "gru_reverse": lambda: recurrence(
        "GRU", 3, 2, 3, 2, "reverse", layout=1, lens=[2, 3], lens_const=True, lbr=1),
    # Bidirectional GRU without B or initial_h, W and R initializers, the
    # default activations spelled out, a constant sequence_lens as long as
    # the sequence (no masks).
    "gru_bidirectional": lambda: recurrence(
        "GRU", 2, 2, 2, 3, "bidirectional", lens=[2, 2], lens_const=True, with_b=False,
        with_h0=False, weights_const=True,
        extra_attrs=[attr_strs("activations", ["Sigmoid", "Tanh", "Sigmoid", "Tanh"])]),
    # Bidirectional RNN, layout 1, a run-time sequence_lens; only Y.
    "rnn_bidirectional": lambda: recurrence(
        "RNN", 4, 2, 3, 3, "bidirectional", layout=1, lens=[4, 2], outputs=("Y",)),
    # Reverse LSTM, layout 1, only Y_c.
    "lstm_reverse": lambda: recurrence(
        "LSTM", 2, 2, 2, 3, "reverse", layout=1, with_c0=True, outputs=("Y_c",)),
}


def model_only(op, **kw):
    return lambda: recurrence(op, 2, 2, 2, 2, **kw)[0]


def plain_rnn(seq):
    """A forward RNN, X [seq, 1, 2], hidden size 2."""
    return model(
        [node("RNN", ["X", "W", "R"], ["Y"], "rnn1", [attr_int("hidden_size", 2)])],
        [value_info("X", FLOAT, [seq, 1, 2]), value_info("W", FLOAT, [1, 2, 2]),
         value_info("R", FLOAT, [1, 2, 2])],
        [value_info("Y", FLOAT, [seq, 1, 1, 2])], opset=14)


ERROR_CASES = {
    "activation": model_only("RNN", extra_attrs=[attr_strs("activations", ["Relu"])]),
    "activations_count": model_only("GRU", extra_attrs=[attr_strs("activations", ["Sigmoid"])]),
    "activation_alpha": model_only("RNN", extra_attrs=[attr_floats("activation_alpha", [0.5])]),
    "clip": model_only("LSTM", extra_attrs=[attr_float("clip", 3.0)]),
    "input_forget": model_only("LSTM", extra_attrs=[attr_int("input_forget", 1)]),
    "direction": model_only("RNN", direction="sideways"),
    "layout": model_only("RNN", layout=2),
    "hidden_size": lambda: recurrence("GRU", 2, 2, 2, 2)[0].replace(
        attr_int("hidden_size", 2), attr_int("hidden_size", 3)),
    "hidden_size_zero": lambda: recurrence("RNN", 2, 2, 2, 2)[0].replace(
        attr_int("hidden_size", 2), attr_int("hidden_size", 0)),
    "empty_sequence": lambda: plain_rnn(0),
    "dynamic": lambda: plain_rnn("S"),
    "float_lens": lambda: model(
        [node("RNN", ["X", "W", "R", "", "L"], ["Y"], "rnn1", [attr_int("hidden_size", 2)])],
        [value_info("X", FLOAT, [2, 1, 2]), value_info("W", FLOAT, [1, 2, 2]),
         value_info("R", FLOAT, [1, 2, 2]), value_info("L", FLOAT, [1])],
        [value_info("Y", FLOAT, [2, 1, 1, 2])], opset=14),
}

if __name__ == "__main__":
    write_cases("make_onnx_rnn.py", RUN_CASES, ERROR_CASES, sys.argv)
