#!/usr/bin/env python3
"""Writes small ONNX models of the transformer operators (Attention-23/24/25,
RotaryEmbedding-23, CausalConvWithState-27, LinearAttention-27,
TensorScatter-24, FlexAttention of ai.onnx.preview;
frontends/onnx/import_attention.c) with their inputs
and expected outputs, the expectations computed here in plain Python
(float64, standard library only) as the ONNX reference defines them.

usage: make_onnx_attention.py <case> <prefix>
  writes <prefix>.onnx, <prefix>.in<K>.pb for every graph input K and
  <prefix>.out<K>.pb for every graph output K.
"""
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_onnx import (BOOL, FLOAT, INT64, attr_float, attr_graph, attr_int, attr_str,  # noqa: E402
                       graph, model, node, value_info, write_cases)
from make_onnx_modern import f32, one_node, tensor  # noqa: E402


def values(count, seed):
    """count float32 values in [-1, 1), a fixed pattern per seed."""
    return [f32(((i * 37 + seed * 11) % 23) / 11.5 - 1.0) for i in range(count)]


def to_heads(x, b, s, h, d):
    """[b, s, h*d] (flat) -> [b][h][s][d]."""
    return [[[[x[((bi * s + si) * h + hi) * d + di] for di in range(d)] for si in range(s)]
             for hi in range(h)] for bi in range(b)]


def attention(q, k, v, bias, scale, softcap=0.0):
    """q [b][hq][sq][d], k [b][hkv][skv][d], v [b][hkv][skv][dv]; bias(b, h,
    i, j) additive. Returns y [b][hq][sq][dv] and the biased scores."""
    y, scores = [], []
    for bi in range(len(q)):
        yb, sb = [], []
        hq, hkv = len(q[bi]), len(k[bi])
        for h in range(hq):
            kh, vh = k[bi][h // (hq // hkv)], v[bi][h // (hq // hkv)]
            yh, sh = [], []
            for i, qi in enumerate(q[bi][h]):
                row = []
                for j, kj in enumerate(kh):
                    x = sum(a * c for a, c in zip(qi, kj)) * scale
                    if softcap > 0:
                        x = softcap * math.tanh(x / softcap)
                    row.append(x + bias(bi, h, i, j))
                sh.append(row)
                m = max(row)
                if m == -math.inf:
                    p = [0.0] * len(row)
                else:
                    e = [math.exp(x - m) for x in row]
                    p = [t / sum(e) for t in e]
                yh.append([sum(p[j] * vh[j][c] for j in range(len(vh)))
                           for c in range(len(vh[0]))])
            yb.append(yh)
            sb.append(sh)
        y.append(yb)
        scores.append(sb)
    return y, scores


def flat(x):
    return [v for a in x for b in a for c in b for v in c] if isinstance(x[0], list) else x


def attention_gqa():
    """4-D GQA (4 query heads on 2 key/value heads), a past of 2, is_causal
    (bottom-right: query i sees keys j <= i + 2), a float mask [sq, skv]."""
    B, HQ, HKV, SQ, S, P, D, DV = 1, 4, 2, 2, 2, 2, 4, 3
    qv, kv, vv = values(B * HQ * SQ * D, 1), values(B * HKV * S * D, 2), values(B * HKV * S * DV, 3)
    pk, pv = values(B * HKV * P * D, 4), values(B * HKV * P * DV, 5)
    mask = [0.0, -1.0, 0.5, 0.0, 0.25, -0.5, 0.0, 1.0]  # [2, 4]
    q = [[[qv[(h * SQ + i) * D:(h * SQ + i + 1) * D] for i in range(SQ)] for h in range(HQ)]]

    def cat(past, new, dd):
        return [[[past[(h * P + j) * dd:(h * P + j + 1) * dd] for j in range(P)] +
                 [new[(h * S + j) * dd:(h * S + j + 1) * dd] for j in range(S)]
                 for h in range(HKV)]]
    k, v = cat(pk, kv, D), cat(pv, vv, DV)

    def bias(b, h, i, j):
        return mask[i * (P + S) + j] + (0.0 if j <= i + P else -math.inf)
    y, _ = attention(q, k, v, bias, 1 / math.sqrt(D))
    ins = [("q", FLOAT, [B, HQ, SQ, D], qv), ("k", FLOAT, [B, HKV, S, D], kv),
           ("v", FLOAT, [B, HKV, S, DV], vv), ("mask", FLOAT, [SQ, P + S], mask),
           ("past_k", FLOAT, [B, HKV, P, D], pk), ("past_v", FLOAT, [B, HKV, P, DV], pv)]
    outs = [("y", FLOAT, [B, HQ, SQ, DV], flat(y)), ("present_k", FLOAT, [B, HKV, P + S, D], flat(k)),
            ("present_v", FLOAT, [B, HKV, P + S, DV], flat(v))]
    return one_node("Attention", ins, outs, [attr_int("is_causal", 1)], opset=23)


def attention_causal():
    """4-D is_causal alone (top-left: query i sees keys j <= i), 3 queries
    on 4 keys, scale 0.5."""
    B, H, SQ, SKV, D = 1, 1, 3, 4, 2
    qv, kv, vv = values(SQ * D, 22), values(SKV * D, 23), values(SKV * D, 24)
    q = [[[qv[i * D:(i + 1) * D] for i in range(SQ)]]]
    k = [[[kv[j * D:(j + 1) * D] for j in range(SKV)]]]
    v = [[[vv[j * D:(j + 1) * D] for j in range(SKV)]]]
    y, _ = attention(q, k, v, lambda b, h, i, j: 0.0 if j <= i else -math.inf, 0.5)
    ins = [("q", FLOAT, [B, H, SQ, D], qv), ("k", FLOAT, [B, H, SKV, D], kv),
           ("v", FLOAT, [B, H, SKV, D], vv)]
    return one_node("Attention", ins, [("y", FLOAT, [B, H, SQ, D], flat(y))],
                    [attr_int("is_causal", 1), attr_float("scale", 0.5)], opset=23)


def attention_3d():
    """3-D inputs (2 heads), a bool mask shorter than the kv length (padded
    with false), its last query row fully masked (0), softcap 2, scale 0.5,
    qk_matmul_output_mode 2 (the biased scores)."""
    B, H, SQ, SKV, D = 1, 2, 3, 4, 2
    qv, kv, vv = values(B * SQ * H * D, 6), values(B * SKV * H * D, 7), values(B * SKV * H * D, 8)
    mask = [1, 0, 1, 1, 1, 0, 0, 0, 0]  # [3, 3], padded to [3, 4]
    q, k, v = to_heads(qv, B, SQ, H, D), to_heads(kv, B, SKV, H, D), to_heads(vv, B, SKV, H, D)

    def bias(b, h, i, j):
        return 0.0 if j < 3 and mask[i * 3 + j] else -math.inf
    y, scores = attention(q, k, v, bias, 0.5, softcap=2.0)
    y3 = [y[0][h][i][c] for i in range(SQ) for h in range(H) for c in range(D)]
    m = model([node("Attention", ["q", "k", "v", "mask"], ["y", "", "", "qk"], "attention1",
                    [attr_int("q_num_heads", H), attr_int("kv_num_heads", H),
                     attr_float("softcap", 2.0), attr_float("scale", 0.5),
                     attr_int("qk_matmul_output_mode", 2)])],
              [value_info("q", FLOAT, [B, SQ, H * D]), value_info("k", FLOAT, [B, SKV, H * D]),
               value_info("v", FLOAT, [B, SKV, H * D]), value_info("mask", BOOL, [SQ, 3])],
              [value_info("y", FLOAT, [B, SQ, H * D]), value_info("qk", FLOAT, [B, H, SQ, SKV])],
              opset=23)
    ins = [tensor(FLOAT, [B, SQ, H * D], qv), tensor(FLOAT, [B, SKV, H * D], kv),
           tensor(FLOAT, [B, SKV, H * D], vv), tensor(BOOL, [SQ, 3], mask)]
    return m, ins, [tensor(FLOAT, [B, SQ, H * D], y3), tensor(FLOAT, [B, H, SQ, SKV], flat(scores))]


def rotary(interleaved):
    """RotaryEmbedding on 3-D input (2 heads of 6), the first 4 of each head
    rotated, caches gathered by position_ids."""
    B, S, H, D, RD = 1, 2, 2, 6, 4
    x = values(B * S * H * D, 9)
    cos = [math.cos(p * 0.3 + f) for p in range(5) for f in range(RD // 2)]
    sin = [math.sin(p * 0.3 + f) for p in range(5) for f in range(RD // 2)]
    cos, sin = [f32(c) for c in cos], [f32(s) for s in sin]
    pos = [3, 1]
    y = list(x)
    for s in range(S):
        for h in range(H):
            base = (s * H + h) * D
            for f in range(RD // 2):
                a, b = (base + 2 * f, base + 2 * f + 1) if interleaved else \
                       (base + f, base + f + RD // 2)
                c, sn = cos[pos[s] * (RD // 2) + f], sin[pos[s] * (RD // 2) + f]
                y[a], y[b] = c * x[a] - sn * x[b], sn * x[a] + c * x[b]
    ins = [("x", FLOAT, [B, S, H * D], x), ("cos", FLOAT, [5, RD // 2], cos),
           ("sin", FLOAT, [5, RD // 2], sin), ("pos", INT64, [B, S], pos)]
    return one_node("RotaryEmbedding", ins, [("y", FLOAT, [B, S, H * D], y)],
                    [attr_int("num_heads", H), attr_int("rotary_embedding_dim", RD),
                     attr_int("interleaved", int(interleaved))], opset=23)


def sig(x):
    return 1 / (1 + math.exp(-x))


def causal_conv():
    """CausalConvWithState: 2 channels of 3 steps, kernel 3, a past of 2
    steps, bias, SiLU; present_state the last 2 steps."""
    C, L, K = 2, 3, 3
    x, w, bias, past = values(C * L, 10), values(C * K, 11), [0.25, -0.5], values(C * (K - 1), 12)
    y, state = [], []
    for c in range(C):
        padded = past[c * (K - 1):(c + 1) * (K - 1)] + x[c * L:(c + 1) * L]
        for t in range(L):
            a = sum(padded[t + j] * w[c * K + j] for j in range(K)) + bias[c]
            y.append(a * sig(a))
        state += padded[L:]
    ins = [("x", FLOAT, [1, C, L], x), ("w", FLOAT, [C, 1, K], w), ("b", FLOAT, [C], bias),
           ("past", FLOAT, [1, C, K - 1], past)]
    outs = [("y", FLOAT, [1, C, L], y), ("state", FLOAT, [1, C, K - 1], state)]
    return one_node("CausalConvWithState", ins, outs, [attr_str("activation", "silu")], opset=27)


def linear_attention():
    """LinearAttention gated_delta: 2 query heads on 1 key/value head, 2
    steps, key size 2, value size 3, a past state, decay per head, beta per
    head, scale 0.5."""
    T, HQ, DK, DV = 2, 2, 2, 3
    q, k, v = values(T * HQ * DK, 13), values(T * DK, 14), values(T * DV, 15)
    past, decay, beta = values(DK * DV, 16), [-0.5, -0.25], [0.75, 0.5]
    state = [past[i * DV:(i + 1) * DV] for i in range(DK)]
    y = []
    for t in range(T):
        g = math.exp(decay[t])
        state = [[g * e for e in row] for row in state]
        kt, vt = k[t * DK:(t + 1) * DK], v[t * DV:(t + 1) * DV]
        got = [sum(kt[d] * state[d][m] for d in range(DK)) for m in range(DV)]
        vt = [beta[t] * (vt[m] - got[m]) for m in range(DV)]
        state = [[state[d][m] + kt[d] * vt[m] for m in range(DV)] for d in range(DK)]
        for h in range(HQ):
            qt = q[(t * HQ + h) * DK:(t * HQ + h + 1) * DK]
            y += [0.5 * sum(qt[d] * state[d][m] for d in range(DK)) for m in range(DV)]
    ins = [("q", FLOAT, [1, T, HQ * DK], q), ("k", FLOAT, [1, T, DK], k),
           ("v", FLOAT, [1, T, DV], v), ("past", FLOAT, [1, 1, DK, DV], past),
           ("decay", FLOAT, [1, T, 1], decay), ("beta", FLOAT, [1, T, 1], beta)]
    outs = [("y", FLOAT, [1, T, HQ * DV], y),
            ("state", FLOAT, [1, 1, DK, DV], [e for row in state for e in row])]
    return one_node("LinearAttention", ins, outs,
                    [attr_int("q_num_heads", HQ), attr_int("kv_num_heads", 1),
                     attr_float("scale", 0.5)], opset=27)


def tensor_scatter():
    """TensorScatter circular: 2 steps written at 3 and 1 of a cache of 4
    (batch 0 wraps to position 0)."""
    B, M, S, D = 2, 4, 2, 2
    past, upd, w = values(B * M * D, 17), values(B * S * D, 18), [3, 1]
    out = list(past)
    for b in range(B):
        for s in range(S):
            p = (w[b] + s) % M
            out[(b * M + p) * D:(b * M + p + 1) * D] = upd[(b * S + s) * D:(b * S + s + 1) * D]
    ins = [("past", FLOAT, [B, M, D], past), ("upd", FLOAT, [B, S, D], upd),
           ("w", INT64, [B], w)]
    return one_node("TensorScatter", ins, [("y", FLOAT, [B, M, D], out)],
                    [attr_str("mode", "circular")], opset=24)


def mod_graph(name, op, const):
    """A one-node graph x -> op(x, c), c a float constant."""
    return graph([node(op, ["x", "c"], ["y"], name + "_node")], [value_info("x", FLOAT, [])],
                 [value_info("y", FLOAT, [])], [tensor(FLOAT, [], [const], "c")], name)


def flex_attention(prob_mod_outputs=1):
    """FlexAttention: 2 query heads on 1 key/value head, a score_mod adding
    0.25, a prob_mod scaling by 2."""
    B, HQ, SQ, SKV, D = 1, 2, 2, 3, 2
    qv, kv, vv = values(HQ * SQ * D, 19), values(SKV * D, 20), values(SKV * D, 21)
    q = [[[qv[(h * SQ + i) * D:(h * SQ + i + 1) * D] for i in range(SQ)] for h in range(HQ)]]
    k = [[[kv[j * D:(j + 1) * D] for j in range(SKV)]]]
    v = [[[vv[j * D:(j + 1) * D] for j in range(SKV)]]]
    y, _ = attention(q, k, v, lambda b, h, i, j: 0.25, 1 / math.sqrt(D))
    prob = mod_graph("prob_mod", "Mul", 2.0)
    if prob_mod_outputs == 2:
        prob = graph([node("Mul", ["x", "c"], ["y"], "m"), node("Mul", ["x", "c"], ["z"], "m2")],
                     [value_info("x", FLOAT, [])], [value_info("y", FLOAT, []),
                                                    value_info("z", FLOAT, [])],
                     [tensor(FLOAT, [], [2.0], "c")], "prob_mod")
    m = model([node("FlexAttention", ["q", "k", "v"], ["y"], "flexattention1",
                    [attr_graph("score_mod", mod_graph("score_mod", "Add", 0.25)),
                     attr_graph("prob_mod", prob)], "ai.onnx.preview")],
              [value_info("q", FLOAT, [B, HQ, SQ, D]), value_info("k", FLOAT, [B, 1, SKV, D]),
               value_info("v", FLOAT, [B, 1, SKV, D])],
              [value_info("y", FLOAT, [B, HQ, SQ, D])], opset=26,
              domains=[("ai.onnx.preview", 1)])
    ins = [tensor(FLOAT, [B, HQ, SQ, D], qv), tensor(FLOAT, [B, 1, SKV, D], kv),
           tensor(FLOAT, [B, 1, SKV, D], vv)]
    return m, ins, [tensor(FLOAT, [B, HQ, SQ, D], [2 * e for e in flat(y)])]


def bad_attention(attrs=(), q=(1, 3, 4), k=(1, 3, 4), opset=23, inputs=("q", "k", "v")):
    """An Attention node on q, k, v (3-D: [batch, seq, hidden]) with attrs."""
    ins = [value_info("q", FLOAT, list(q)), value_info("k", FLOAT, list(k)),
           value_info("v", FLOAT, list(k)), value_info("p", FLOAT, [1, 1, 2, 4])]
    used = [i for i in ins if any(i.find(n.encode()) == 2 for n in inputs if n)]
    return model([node("Attention", list(inputs), ["y"], "attention1", list(attrs))],
                 used, [value_info("y", FLOAT, list(q))], opset=opset)


ERROR_CASES = {
    "heads_divide": lambda: bad_attention([attr_int("q_num_heads", 3),
                                           attr_int("kv_num_heads", 1)]),
    "heads_multiple": lambda: bad_attention([attr_int("q_num_heads", 2),
                                             attr_int("kv_num_heads", 3)], q=(1, 3, 8),
                                            k=(1, 3, 12)),
    "head_size": lambda: bad_attention([attr_int("q_num_heads", 1),
                                        attr_int("kv_num_heads", 1)], k=(1, 3, 6)),
    "ranks": lambda: bad_attention([], k=(1, 1, 3, 4)),
    "dynamic": lambda: bad_attention([], q=(1, 1, "s", 4), k=(1, 1, 3, 4)),
    "mode": lambda: bad_attention([attr_int("q_num_heads", 1), attr_int("kv_num_heads", 1),
                                   attr_int("qk_matmul_output_mode", 4)]),
    "precision": lambda: bad_attention([attr_int("q_num_heads", 1), attr_int("kv_num_heads", 1),
                                        attr_int("softmax_precision", 7)]),
    "window": lambda: bad_attention([attr_int("q_num_heads", 1), attr_int("kv_num_heads", 1),
                                     attr_int("left_window_size", -2)], opset=25),
    "past_alone": lambda: bad_attention([], q=(1, 1, 3, 4), k=(1, 1, 3, 4),
                                        inputs=("q", "k", "v", "", "p")),
    "conv_activation": lambda: one_node("CausalConvWithState",
                                        [("x", FLOAT, [1, 1, 2], [0.0] * 2),
                                         ("w", FLOAT, [1, 1, 2], [0.0] * 2)],
                                        [("y", FLOAT, [1, 1, 2], [0.0] * 2)],
                                        [attr_str("activation", "gelu")], opset=27)[0],
    "linear_rule": lambda: model(
        [node("LinearAttention", ["q", "k", "v", "", "d"], ["y"], "linearattention1",
              [attr_int("q_num_heads", 1), attr_int("kv_num_heads", 1),
               attr_str("update_rule", "linear")])],
        [value_info(x, FLOAT, [1, 1, 2]) for x in "qkv"] + [value_info("d", FLOAT, [1, 1, 1])],
        [value_info("y", FLOAT, [1, 1, 2])], opset=27),
    "scatter_mode": lambda: one_node("TensorScatter",
                                     [("p", FLOAT, [1, 2, 1], [0.0] * 2),
                                      ("u", FLOAT, [1, 1, 1], [0.0])],
                                     [("y", FLOAT, [1, 2, 1], [0.0] * 2)],
                                     [attr_str("mode", "ring")], opset=24)[0],
    "flex_mod": lambda: flex_attention(2)[0],
    "rotary_dim": lambda: one_node("RotaryEmbedding",
                                   [("x", FLOAT, [1, 1, 2, 4], [0.0] * 8),
                                    ("cos", FLOAT, [1, 2, 2], [0.0] * 4),
                                    ("sin", FLOAT, [1, 2, 2], [0.0] * 4)],
                                   [("y", FLOAT, [1, 1, 2, 4], [0.0] * 8)],
                                   [attr_int("rotary_embedding_dim", 3)], opset=23)[0],
}

RUN_CASES = {
    "attention_gqa": attention_gqa,
    "attention_3d": attention_3d,
    "attention_causal": attention_causal,
    "rotary": lambda: rotary(False),
    "rotary_interleaved": lambda: rotary(True),
    "causal_conv": causal_conv,
    "linear_attention": linear_attention,
    "tensor_scatter": tensor_scatter,
    "flex_attention": flex_attention,
}

if __name__ == "__main__":
    write_cases("make_onnx_attention.py", RUN_CASES, ERROR_CASES, sys.argv)
