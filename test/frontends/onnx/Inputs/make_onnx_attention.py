#!/usr/bin/env python3
"""Writes small ONNX models of the transformer operators (Attention-23/24/25,
RotaryEmbedding-23; frontends/onnx/import_attention.c) with their inputs
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
from make_onnx import (BOOL, FLOAT, INT64, attr_float, attr_int, model, node,  # noqa: E402
                       value_info, write_cases)
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
    "mode": lambda: bad_attention([attr_int("q_num_heads", 1), attr_int("kv_num_heads", 1),
                                   attr_int("qk_matmul_output_mode", 4)]),
    "precision": lambda: bad_attention([attr_int("q_num_heads", 1), attr_int("kv_num_heads", 1),
                                        attr_int("softmax_precision", 7)]),
    "window": lambda: bad_attention([attr_int("q_num_heads", 1), attr_int("kv_num_heads", 1),
                                     attr_int("left_window_size", -2)], opset=25),
    "past_alone": lambda: bad_attention([], q=(1, 1, 3, 4), k=(1, 1, 3, 4),
                                        inputs=("q", "k", "v", "", "p")),
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
    "rotary": lambda: rotary(False),
    "rotary_interleaved": lambda: rotary(True),
}

if __name__ == "__main__":
    write_cases("make_onnx_attention.py", RUN_CASES, ERROR_CASES, sys.argv)
