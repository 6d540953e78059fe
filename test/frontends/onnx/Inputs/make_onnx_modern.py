#!/usr/bin/env python3
"""Writes small ONNX models for the node tests of the current ONNX release
that Strata once got wrong (scripts/onnx_suite.sh, issue 21), with their
inputs and expected outputs as TensorProto files, the expectations computed
here in plain Python as the ONNX reference computes them (standard library
only; the protobuf helpers come from make_onnx.py).

usage: make_onnx_modern.py <case> <prefix>
  writes <prefix>.onnx, <prefix>.in<K>.pb for every graph input K and
  <prefix>.out<K>.pb for every graph output K.
"""
import cmath
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_onnx import (BFLOAT16, BOOL, FLOAT, FLOAT16, INT8, INT32, INT64, UINT8,  # noqa: E402
                       attr_float, attr_int, attr_ints, attr_str, model, node, value_info,
                       write_cases)
from protobuf_wire import f_bytes, f_int  # noqa: E402

UINT64 = 13  # TensorProto.UINT64
FORMATS = {INT8: "b", UINT8: "B", INT32: "i", INT64: "q", BOOL: "?", FLOAT: "f",
           FLOAT16: "e", UINT64: "Q"}


def bf16_bits(v):
    """The bfloat16 nearest v (ties to even), as its 16-bit pattern."""
    bits = struct.unpack("<I", struct.pack("<f", v))[0]
    return (bits + 0x7FFF + ((bits >> 16) & 1)) >> 16


def bf16(v):
    return struct.unpack("<f", struct.pack("<I", bf16_bits(v) << 16))[0]


def f16(v):
    return struct.unpack("<e", struct.pack("<e", v))[0]


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def tensor(elem, dims, values, name=""):
    """A TensorProto with the values in raw_data (bfloat16 given as floats)."""
    if elem == BFLOAT16:
        raw = struct.pack("<%dH" % len(values), *[bf16_bits(v) for v in values])
    else:
        raw = struct.pack("<%d%s" % (len(values), FORMATS[elem]), *values)
    body = b"".join(f_int(1, d) for d in dims) + f_int(2, elem)
    return body + (f_bytes(8, name) if name else b"") + f_bytes(9, raw)


def one_node(op, ins, outs, attrs=(), inits=(), opset=13):
    """One node on the graph inputs `ins` ((name, elem, dims, values)) to the
    outputs `outs` (same), the inputs given in `inits` as initializers."""
    m = model([node(op, [i[0] for i in ins] + [i[0] for i in inits], [o[0] for o in outs],
                    op.lower() + "1", attrs)],
              [value_info(n, e, d) for n, e, d, _ in ins],
              [value_info(n, e, d) for n, e, d, _ in outs],
              [tensor(e, d, v, n) for n, e, d, v in inits], opset=opset)
    return (m, [tensor(e, d, v) for _, e, d, v in ins], [tensor(e, d, v) for _, e, d, v in outs])


def qlinear_matmul_f16():
    """QLinearMatMul with float16 scales (it crashed the importer): the
    scale ratio a_scale * b_scale / y_scale rounded to float16 at each step,
    then applied to the int32 product, rounded half to even, saturated."""
    a, b = [-3, 5, 10, 7, -8, 2], [4, -1, 0, 3, 2, 6]  # [2, 3] x [3, 2], int8
    sa, sb, sy, za, zb, zy = 0.25, 0.5, 0.375, 1, -2, 3
    ratio = f16(f16(sa * sb) / sy)
    y = []
    for i in range(2):
        for j in range(2):
            acc = sum((a[i * 3 + k] - za) * (b[k * 2 + j] - zb) for k in range(3))
            y.append(max(-128, min(127, round(acc * ratio + zy))))
    ins = [("a", INT8, [2, 3], a), ("a_scale", FLOAT16, [], [sa]), ("a_zp", INT8, [], [za]),
           ("b", INT8, [3, 2], b), ("b_scale", FLOAT16, [], [sb]), ("b_zp", INT8, [], [zb]),
           ("y_scale", FLOAT16, [], [sy]), ("y_zp", INT8, [], [zy])]
    return one_node("QLinearMatMul", ins, [("y", INT8, [2, 2], y)], opset=21)


def shift(x, y, bits, left, signed):
    """BitShift-28 on one element: arithmetic right shift for a signed type;
    an amount < 0 or >= bits gives the fill alone (0, or -1 shifting a
    negative x right)."""
    if y < 0 or y >= bits:
        return -1 if (signed and not left and x < 0) else 0
    if not left:
        return x >> y  # Python's >> is arithmetic, and x is unsigned when not signed
    v = (x << y) & ((1 << bits) - 1)
    return v - (1 << bits) if signed and v >= 1 << (bits - 1) else v


def bitshift(elem, bits, left):
    signed = elem != UINT8
    xs = [-8, -1, -128, 4, -8, -1, 100, 64] if signed else [200, 1, 255, 4, 8, 128, 100, 64]
    ys = [1, 1, 1, 9, 8, -1, 2, 1] if signed else [1, 7, 8, 9, 255, 3, 2, 1]
    z = [shift(x, y, bits, left, signed) for x, y in zip(xs, ys)]
    return one_node("BitShift", [("x", elem, [8], xs), ("y", elem, [8], ys)],
                    [("z", elem, [8], z)], [attr_str("direction", "LEFT" if left else "RIGHT")],
                    opset=28)


def conv_integer_pads():
    """ConvInteger with a per-output-channel weight zero point ([O]) and
    padding: the zero point applies along the output channels."""
    x = list(range(2, 11))  # [1, 1, 3, 3]
    zx, zw = 1, [0, 1]
    y = []
    for o in range(2):
        for i in range(4):
            for j in range(4):
                acc = 0
                for ki in range(2):
                    for kj in range(2):
                        r, c = i + ki - 1, j + kj - 1
                        if 0 <= r < 3 and 0 <= c < 3:
                            acc += (x[r * 3 + c] - zx) * (1 - zw[o])
                y.append(acc)
    ins = [("x", UINT8, [1, 1, 3, 3], x), ("w", UINT8, [2, 1, 2, 2], [1] * 8),
           ("x_zp", UINT8, [], [zx]), ("w_zp", UINT8, [2], zw)]
    return one_node("ConvInteger", ins, [("y", INT32, [1, 2, 4, 4], y)],
                    [attr_ints("pads", [1, 1, 1, 1])], opset=10)


def space_to_depth(mode):
    """SpaceToDepth-28 on [1, 2, 4, 6], blocksize 2: output channel
    c * 4 + bh * 2 + bw (CRD) or (bh * 2 + bw) * 2 + c (DCR)."""
    C, H, W, b = 2, 4, 6, 2
    x = [float(v) for v in range(C * H * W)]
    y = [0.0] * len(x)
    for c in range(C):
        for h in range(H):
            for w in range(W):
                bh, bw = h % b, w % b
                oc = c * b * b + bh * b + bw if mode == "CRD" else (bh * b + bw) * C + c
                y[(oc * (H // b) + h // b) * (W // b) + w // b] = x[(c * H + h) * W + w]
    return one_node("SpaceToDepth", [("x", FLOAT, [1, C, H, W], x)],
                    [("y", FLOAT, [1, C * b * b, H // b, W // b], y)],
                    [attr_int("blocksize", b), attr_str("mode", mode)], opset=28)


def reduce_bool(op):
    """ReduceMax / ReduceMin-20 on bool rows (true > false), keepdims."""
    rows = [[True, False, True], [True, True, True], [False, False, False], [False, True, False]]
    pick = any if op == "ReduceMax" else all
    return one_node(op, [("x", BOOL, [4, 3], [v for r in rows for v in r])],
                    [("y", BOOL, [4, 1], [pick(r) for r in rows])], [attr_int("keepdims", 1)],
                    [("axes", INT64, [1], [1])], opset=20)


def celu_bf16():
    """Celu (alpha 2) on bfloat16 as the reference computes it: max(0, x) +
    min(0, alpha * expm1(x / alpha)), each step rounded to bfloat16 (x /
    alpha and alpha * v are exact here); exp(x / alpha) rounded to bfloat16
    before subtracting 1 would give -0.4453125 for -0.5."""
    x = [-3.0, -0.5, 0.0, 0.5, 3.0, -1.25]
    y = [bf16(max(0.0, v) + min(0.0, 2 * bf16(math.expm1(v / 2)))) for v in x]
    return one_node("Celu", [("x", BFLOAT16, [6], x)], [("y", BFLOAT16, [6], y)],
                    [attr_float("alpha", 2.0)], opset=28)


def dft_axis():
    """DFT-20 on a real [1, 3, 4, 1] signal: the axis given as input 2
    (2: along the 4 samples) and left to its default (-2: the last signal
    dim, the same); forward transform, float32 expectations."""
    x = [float((v * 7) % 5 - 2) for v in range(12)]
    y = []
    for r in range(3):
        for k in range(4):
            s = sum(x[r * 4 + j] * cmath.exp(-2j * math.pi * j * k / 4) for j in range(4))
            y += [f32(s.real), f32(s.imag)]
    m = model([node("DFT", ["x", "", "axis"], ["y"], "dft1"), node("DFT", ["x"], ["z"], "dft2")],
              [value_info("x", FLOAT, [1, 3, 4, 1])],
              [value_info("y", FLOAT, [1, 3, 4, 2]), value_info("z", FLOAT, [1, 3, 4, 2])],
              [tensor(INT64, [], [2], "axis")], opset=20)
    return (m, [tensor(FLOAT, [1, 3, 4, 1], x)],
            [tensor(FLOAT, [1, 3, 4, 2], y), tensor(FLOAT, [1, 3, 4, 2], y)])


def irfft():
    """DFT-20, inverse and onesided (irfft) along axis 1: 4 bins of a
    complex [1, 4, 2, 2] spectrum -> 6 real samples (the default length
    2 (4 - 1)) and, with dft_length 5, 5 samples from the first 3 bins.
    Each sample is (1/n) sum over the n bins of the Hermitian spectrum
    (bin n - k the conjugate of bin k), the real part; numpy ignores the
    imaginary parts of bins 0 and n / 2 as the sum's real part does."""
    spec = [((v * 5) % 7 - 3) / 2.0 for v in range(16)]  # [1, 4, 2, 2]

    def bin_at(k, col):
        i = (k * 2 + col) * 2
        return complex(spec[i], spec[i + 1])

    def samples(n):
        out = []
        for j in range(n):
            for col in range(2):
                full = []
                for k in range(n):
                    kk = k if k <= n // 2 else n - k
                    b = bin_at(kk, col) if kk < 4 else 0
                    if k == 0 or 2 * k == n:
                        b = complex(b.real, 0)
                    full.append(b if k <= n // 2 else b.conjugate())
                s = sum(full[k] * cmath.exp(2j * math.pi * j * k / n) for k in range(n)) / n
                out.append(f32(s.real))
        return out

    m = model([node("DFT", ["x", "", "axis"], ["y"], "dft1",
                    [attr_int("inverse", 1), attr_int("onesided", 1)]),
               node("DFT", ["x", "len", "axis"], ["z"], "dft2",
                    [attr_int("inverse", 1), attr_int("onesided", 1)])],
              [value_info("x", FLOAT, [1, 4, 2, 2])],
              [value_info("y", FLOAT, [1, 6, 2, 1]), value_info("z", FLOAT, [1, 5, 2, 1])],
              [tensor(INT64, [], [1], "axis"), tensor(INT64, [], [5], "len")], opset=20)
    return (m, [tensor(FLOAT, [1, 4, 2, 2], spec)],
            [tensor(FLOAT, [1, 6, 2, 1], samples(6)), tensor(FLOAT, [1, 5, 2, 1], samples(5))])


def div_u64():
    """Div on uint64 with values of 2^63 and more (unsigned division, not
    signed on the same bits)."""
    a = [2 ** 64 - 1, 2 ** 63, 2 ** 63 + 10, 100, 7, 2 ** 64 - 2]
    b = [3, 2, 2 ** 63, 7, 2 ** 64 - 1, 2 ** 32]
    return one_node("Div", [("a", UINT64, [6], a), ("b", UINT64, [6], b)],
                    [("y", UINT64, [6], [x // y for x, y in zip(a, b)])], opset=14)


def matmul_f16():
    """MatMul on float16, one output of 8 products: accumulated in float32
    and rounded once (1002.1 -> 1002), as NumPy's half matmul does; rounded
    at every term the sum climbs to 1003.5 (0.15% off)."""
    x = [1000.0] + [0.3] * 7
    y = [f16(sum(f16(v) for v in x))]
    return one_node("MatMul", [("a", FLOAT16, [1, 8], x), ("b", FLOAT16, [8, 1], [1.0] * 8)],
                    [("y", FLOAT16, [1, 1], y)], opset=13)


def softmax_f16():
    """Softmax on float16 over 64 values, one 0 and 63 of -5: exp and the
    quotient rounded to float16, the sum of the exps accumulated in float32
    (1.4245); summed in float16 it reaches 1.4307 (0.4% off)."""
    x = [0.0] + [-5.0] * 63
    e = [f16(f32(math.exp(v))) for v in x]
    total = f16(sum(e))
    return one_node("Softmax", [("x", FLOAT16, [1, 64], x)],
                    [("y", FLOAT16, [1, 64], [f16(v / total) for v in e])], opset=13)


def conv_f16():
    """Conv on float16, one output of 8 products: accumulated in float32 and
    rounded once (1002.1 -> 1002), as the reference's half matmul does;
    rounded at every term the sum climbs to 1003.5."""
    x = [1000.0] + [0.3] * 7
    y = [f16(sum(f16(v) for v in x))]
    return one_node("Conv", [("x", FLOAT16, [1, 1, 8], x), ("w", FLOAT16, [1, 1, 8], [1.0] * 8)],
                    [("y", FLOAT16, [1, 1, 1], y)], opset=11)


# Operators added for issue 21 (frontends/onnx/import_norm.c, Swish, Mish,
# SwiGLU): float32 expectations at the backend tolerances.
X234 = [((v * 7) % 13 - 6) / 4.0 for v in range(24)]  # [2, 3, 4]


def rms_norm():
    """RMSNormalization-23, axis 1 (over the last two dims), epsilon 0.1."""
    y = []
    for b in range(2):
        row = X234[b * 12:(b + 1) * 12]
        rms = math.sqrt(sum(v * v for v in row) / 12 + 0.1)
        y += [v / rms * (1 + (i % 4) / 2) for i, v in enumerate(row)]
    return one_node("RMSNormalization", [("x", FLOAT, [2, 3, 4], X234)],
                    [("y", FLOAT, [2, 3, 4], y)],
                    [attr_int("axis", 1), attr_float("epsilon", 0.1)],
                    [("w", FLOAT, [4], [1 + i / 2 for i in range(4)])], opset=23)


def lp_norm(p):
    """LpNormalization along axis 0 of [2, 3] with a zero column (0, not
    NaN, there)."""
    x = [3.0, 0.0, -1.0, -4.0, 0.0, 2.0]
    y = []
    for i in range(2):
        for j in range(3):
            col = [x[j], x[3 + j]]
            norm = sum(abs(v) for v in col) if p == 1 else math.sqrt(sum(v * v for v in col))
            y.append(0.0 if norm == 0 else x[i * 3 + j] / norm)
    return one_node("LpNormalization", [("x", FLOAT, [2, 3], x)], [("y", FLOAT, [2, 3], y)],
                    [attr_int("axis", 0), attr_int("p", p)], opset=22)


def group_norm(opset=21, groups=2):
    """GroupNormalization-21 on [1, 4, 1, 3], 2 groups of 2 channels, scale
    and bias per channel."""
    x = [float((v * 5) % 7 - 3) for v in range(12)]
    scale, bias = [1.0, 2.0, 0.5, -1.0], [0.0, 1.0, -1.0, 0.5]
    y = []
    for g in range(2):
        part = x[g * 6:(g + 1) * 6]
        mean = sum(part) / 6
        var = sum((v - mean) ** 2 for v in part) / 6
        for i, v in enumerate(part):
            c = g * 2 + i // 3
            y.append((v - mean) / math.sqrt(var + 1e-5) * scale[c] + bias[c])
    return one_node("GroupNormalization",
                    [("x", FLOAT, [1, 4, 1, 3], x), ("scale", FLOAT, [4], scale),
                     ("bias", FLOAT, [4], bias)],
                    [("y", FLOAT, [1, 4, 1, 3], y)], [attr_int("num_groups", groups)],
                    opset=opset)


def cumprod(elem, exclusive, reverse):
    """CumProd-26 along axis 1 of [2, 4] (the axis an int32 initializer)."""
    x = [2, -1, 3, 0, 1, 4, -2, 5]
    y = []
    for r in range(2):
        row = x[r * 4:(r + 1) * 4]
        for i in range(4):
            js = [j for j in range(4) if (j > i if exclusive else j >= i)] if reverse else \
                 [j for j in range(4) if (j < i if exclusive else j <= i)]
            y.append(math.prod(row[j] for j in js))
    if elem == FLOAT:
        x, y = [float(v) for v in x], [float(v) for v in y]
    return one_node("CumProd", [("x", elem, [2, 4], x)], [("y", elem, [2, 4], y)],
                    [attr_int("exclusive", int(exclusive)), attr_int("reverse", int(reverse))],
                    [("axis", INT32, [], [1])], opset=26)


def lp_pool(p, extra=(), dilation=1):
    """LpPool-22 on [1, 1, 3, 4], kernel 2x2, pads 1, strides 2 (and
    dilations): (sum over the window of |x|^p)^(1/p), the pads adding 0."""
    H, W = 3, 4
    x = [float((v * 5) % 9 - 4) for v in range(H * W)]
    oh_n, ow_n = (H + 2 - dilation - 1) // 2 + 1, (W + 2 - dilation - 1) // 2 + 1
    y = []
    for oh in range(oh_n):
        for ow in range(ow_n):
            s = 0.0
            for kh in range(2):
                for kw in range(2):
                    h, w = oh * 2 + kh * dilation - 1, ow * 2 + kw * dilation - 1
                    if 0 <= h < H and 0 <= w < W:
                        s += abs(x[h * W + w]) ** p
            y.append(s ** (1.0 / p) if p > 0 else 0.0)
    attrs = [attr_ints("kernel_shape", [2, 2]), attr_ints("pads", [1, 1, 1, 1]),
             attr_ints("strides", [2, 2]), attr_int("p", p)] + list(extra)
    if dilation != 1:
        attrs.append(attr_ints("dilations", [dilation, dilation]))
    return one_node("LpPool", [("x", FLOAT, [1, 1, H, W], x)],
                    [("y", FLOAT, [1, 1, oh_n, ow_n], y)], attrs, opset=22)


def pad_wrap():
    """Pad-19 mode 'wrap' of a [2, 3] by pads [3, 1, 1, 4] (axis 0 padded
    by more than its size): y[i][j] = x[(i - 3) mod 2][(j - 1) mod 3]."""
    x = [float(v) for v in range(6)]
    y = [x[((i - 3) % 2) * 3 + (j - 1) % 3] for i in range(6) for j in range(8)]
    return one_node("Pad", [("x", FLOAT, [2, 3], x)], [("y", FLOAT, [6, 8], y)],
                    [attr_str("mode", "wrap")], [("pads", INT64, [4], [3, 1, 1, 4])], opset=19)


def avg_pool_dilated(include_pad, ceil_mode):
    """AveragePool-22 on [1, 2, 5, 6], kernel 2x3, dilations [2, 2], strides
    [2, 1], pads [1, 0, 0, 1], as the ONNX reference computes it: with
    ceil_mode the extra input the last window needs is padded half before
    and half after, and no window reads at or past the end of the
    explicitly padded input."""
    N, C, H, W = 1, 2, 5, 6
    k, d, st, pb, pe = [2, 3], [2, 2], [2, 1], [1, 0], [0, 1]
    x = [float((v * 7) % 11 - 5) / 2 for v in range(N * C * H * W)]
    ins, out, head, lim = [H, W], [], [], []
    for a in range(2):
        span, limit = d[a] * (k[a] - 1) + 1, ins[a] + pb[a] + pe[a]
        num = limit - span
        o = (-(-num // st[a]) if ceil_mode else num // st[a]) + 1
        if ceil_mode and (o - 1) * st[a] >= ins[a] + pb[a]:
            o -= 1
        extra = max((o - 1) * st[a] + span - limit, 0)
        out.append(o), head.append(pb[a] + extra // 2), lim.append(limit)
    y = []
    for c in range(C):
        for oh in range(out[0]):
            for ow in range(out[1]):
                total, count = 0.0, 0
                for kh in range(k[0]):
                    for kw in range(k[1]):
                        qh, qw = oh * st[0] + kh * d[0], ow * st[1] + kw * d[1]
                        if qh >= lim[0] or qw >= lim[1]:
                            continue
                        h, w = qh - head[0], qw - head[1]
                        inside = 0 <= h < H and 0 <= w < W
                        if inside:
                            total += x[(c * H + h) * W + w]
                        count += 1 if inside or include_pad else 0
                y.append(total / count)
    attrs = [attr_ints("kernel_shape", k), attr_ints("dilations", d), attr_ints("strides", st),
             attr_ints("pads", pb + pe), attr_int("ceil_mode", int(ceil_mode)),
             attr_int("count_include_pad", int(include_pad))]
    return one_node("AveragePool", [("x", FLOAT, [N, C, H, W], x)],
                    [("y", FLOAT, [N, C] + out, y)], attrs, opset=22)


def activations():
    """Swish (alpha 0.5), Mish and SwiGLU on 6 values."""
    a = [-4.0, -1.5, -0.25, 0.0, 0.75, 3.0]
    b = [1.0, -2.0, 0.5, 3.0, -1.0, 2.0]
    sig = lambda v: 1 / (1 + math.exp(-v))  # noqa: E731
    swish = [v * sig(0.5 * v) for v in a]
    mish = [v * math.tanh(math.log1p(math.exp(v))) for v in a]
    swiglu = [u * sig(u) * w for u, w in zip(a, b)]
    m = model([node("Swish", ["a"], ["s"], "swish1", [attr_float("alpha", 0.5)]),
               node("Mish", ["a"], ["m"], "mish1"), node("SwiGLU", ["a", "b"], ["g"], "swiglu1")],
              [value_info("a", FLOAT, [6]), value_info("b", FLOAT, [6])],
              [value_info(o, FLOAT, [6]) for o in "smg"], opset=28)
    return (m, [tensor(FLOAT, [6], a), tensor(FLOAT, [6], b)],
            [tensor(FLOAT, [6], v) for v in (swish, mish, swiglu)])


def center_crop_pad():
    """CenterCropPad-18 of a [5, 2, 3] to shape [3, 5] on axes [-3, 1]: axis
    0 cropped from (5 - 3) // 2 = 1, axis 1 padded by (5 - 2) // 2 = 1
    before and 2 after (zeros)."""
    x = [float(v) for v in range(30)]
    y = [x[((i + 1) * 2 + (j - 1)) * 3 + k] if 1 <= j < 3 else 0.0
         for i in range(3) for j in range(5) for k in range(3)]
    return one_node("CenterCropPad", [("x", FLOAT, [5, 2, 3], x)], [("y", FLOAT, [3, 5, 3], y)],
                    [attr_ints("axes", [-3, 1])], [("shape", INT64, [2], [3, 5])], opset=18)


def affine_grid(size, align):
    """AffineGrid-20 of theta [N, 2, 3] ([N, 3, 4] in 3-D) on a constant
    size: theta times the normalized (x, y, [z,] 1) of each point, the
    pixels' centers, or their corners with align_corners."""
    n, gd = size[0], len(size) - 2
    theta = [((v * 5) % 7 - 3) / 4 for v in range(n * gd * (gd + 1))]

    def coord(i, d):
        if align:
            return -1 + 2 * i / (d - 1) if d > 1 else 0.0
        return (2 * i + 1) / d - 1

    spatial = size[2:]
    points = [[]]
    for d in spatial:
        points = [p + [i] for p in points for i in range(d)]
    y = []
    for b in range(n):
        for p in points:
            v = [coord(p[gd - 1 - j], spatial[gd - 1 - j]) for j in range(gd)] + [1.0]
            for r in range(gd):
                row = theta[(b * gd + r) * (gd + 1):(b * gd + r + 1) * (gd + 1)]
                y.append(sum(t * c for t, c in zip(row, v)))
    return one_node("AffineGrid", [("theta", FLOAT, [n, gd, gd + 1], theta)],
                    [("grid", FLOAT, [n] + spatial + [gd], y)],
                    [attr_int("align_corners", int(align))],
                    [("size", INT64, [len(size)], size)], opset=20)


def col2im(image, block, strides, dilations, pads):
    """Col2Im-18 of C = 2 channels of blocks on an image, as the reference
    sums them: column c * K + b at block l adds to pixel l * stride + b *
    dilation - pad_begin (pixels a block does not reach stay 0)."""
    sd = len(image)
    blocks = [(image[i] + pads[i] + pads[sd + i] - dilations[i] * (block[i] - 1) - 1)
              // strides[i] + 1 for i in range(sd)]
    kk, ll, c = math.prod(block), math.prod(blocks), 2
    x = [float((v * 7) % 13 - 6) for v in range(c * kk * ll)]

    def unravel(i, dims):
        out = []
        for d in reversed(dims):
            out.append(i % d)
            i //= d
        return out[::-1]

    y = [0.0] * (c * math.prod(image))
    for ch in range(c):
        for b in range(kk):
            bi = unravel(b, block)
            for li in range(ll):
                lp = unravel(li, blocks)
                pos = [lp[i] * strides[i] + bi[i] * dilations[i] - pads[i] for i in range(sd)]
                if all(0 <= pos[i] < image[i] for i in range(sd)):
                    flat = 0
                    for i in range(sd):
                        flat = flat * image[i] + pos[i]
                    y[ch * math.prod(image) + flat] += x[(ch * kk + b) * ll + li]
    return one_node("Col2Im", [("x", FLOAT, [1, c * kk, ll], x)],
                    [("y", FLOAT, [1, c] + image, y)],
                    [attr_ints("strides", strides), attr_ints("dilations", dilations),
                     attr_ints("pads", pads)],
                    [("image_shape", INT64, [sd], image), ("block_shape", INT64, [sd], block)],
                    opset=18)


def swiglu_shapes():
    return model([node("SwiGLU", ["a", "b"], ["g"], "swiglu1")],
                 [value_info("a", FLOAT, [2, 3]), value_info("b", FLOAT, [3])],
                 [value_info("g", FLOAT, [2, 3])], opset=28)


def dft_bad_axis(axis):
    """DFT-20 with an axis input out of range (3: the parts dim of a rank-4
    input) or naming the batch dim (0, -4)."""
    return model([node("DFT", ["x", "", "axis"], ["y"], "dft1")],
                 [value_info("x", FLOAT, [1, 3, 4, 1])], [value_info("y", FLOAT, [1, 3, 4, 2])],
                 [tensor(INT64, [], [axis], "axis")], opset=20)


ERROR_CASES = {
    "col2im_channels": lambda: one_node(
        "Col2Im", [("x", FLOAT, [1, 5, 4], [0.0] * 20)], [("y", FLOAT, [1, 1, 3, 3], [])], [],
        [("image_shape", INT64, [2], [3, 3]), ("block_shape", INT64, [2], [2, 2])],
        opset=18)[0],
    "center_crop_pad_shape": lambda: one_node(
        "CenterCropPad", [("x", FLOAT, [4, 4], [0.0] * 16)], [("y", FLOAT, [2, 4], [])],
        [attr_ints("axes", [0, 1])], [("shape", INT64, [1], [2])], opset=18)[0],
    "affine_grid_theta": lambda: one_node(
        "AffineGrid", [("theta", FLOAT, [1, 2, 3], [0.0] * 6)],
        [("grid", FLOAT, [1, 2, 2, 2, 3], [])], [],
        [("size", INT64, [5], [1, 1, 2, 2, 2])], opset=20)[0],
    "dft_axis_parts": lambda: dft_bad_axis(3),
    "dft_axis_batch": lambda: dft_bad_axis(-4),
    "irfft_one_bin": lambda: model(
        [node("DFT", ["x", "", "axis"], ["y"], "dft1",
              [attr_int("inverse", 1), attr_int("onesided", 1)])],
        [value_info("x", FLOAT, [1, 1, 2])], [value_info("y", FLOAT, [1, 1, 1])],
        [tensor(INT64, [], [1], "axis")], opset=20),
    "lp_norm_p3": lambda: lp_norm(3)[0],
    "group_norm_18": lambda: group_norm(opset=18)[0],
    "group_norm_groups": lambda: group_norm(groups=3)[0],
    "swiglu_shapes": swiglu_shapes,
    "lp_pool_p0": lambda: lp_pool(0)[0],
    "pad_wrap_far": lambda: one_node("Pad", [("x", FLOAT, [2, 3], [0.0] * 6)],
                                     [("y", FLOAT, [202, 3], [])], [attr_str("mode", "wrap")],
                                     [("pads", INT64, [4], [0, 0, 200, 0])], opset=19)[0],
    "avg_pool_dilated_big": lambda: one_node(
        "AveragePool", [("x", FLOAT, [1, 1, 3, 3], [0.0] * 9)], [("y", FLOAT, [1, 1, 1, 1], [])],
        [attr_ints("kernel_shape", [2, 2]), attr_ints("dilations", [3, 3])], opset=22)[0],
    "avg_pool_dilated_dynamic": lambda: model(
        [node("AveragePool", ["x"], ["y"], "averagepool1",
              [attr_ints("kernel_shape", [2]), attr_ints("dilations", [2])])],
        [value_info("x", FLOAT, [1, 1, "w"])], [value_info("y", FLOAT, [1, 1, "v"])], opset=22),
}

RUN_CASES = {
    "qlinear_matmul_f16": qlinear_matmul_f16,
    "bitshift_right_i8": lambda: bitshift(INT8, 8, False),
    "bitshift_left_i8": lambda: bitshift(INT8, 8, True),
    "bitshift_right_i32": lambda: bitshift(INT32, 32, False),
    "bitshift_right_u8": lambda: bitshift(UINT8, 8, False),
    "conv_integer_pads": conv_integer_pads,
    "space_to_depth_crd": lambda: space_to_depth("CRD"),
    "space_to_depth_dcr": lambda: space_to_depth("DCR"),
    "reduce_max_bool": lambda: reduce_bool("ReduceMax"),
    "reduce_min_bool": lambda: reduce_bool("ReduceMin"),
    "celu_bf16": celu_bf16,
    "dft_axis": dft_axis,
    "irfft": irfft,
    "div_u64": div_u64,
    "matmul_f16": matmul_f16,
    "softmax_f16": softmax_f16,
    "conv_f16": conv_f16,
    "rms_norm": rms_norm,
    "lp_norm_1": lambda: lp_norm(1),
    "lp_norm_2": lambda: lp_norm(2),
    "group_norm": group_norm,
    "cumprod_i32": lambda: cumprod(INT32, False, False),
    "cumprod_exclusive": lambda: cumprod(FLOAT, True, False),
    "cumprod_reverse": lambda: cumprod(INT32, False, True),
    "cumprod_reverse_exclusive": lambda: cumprod(FLOAT, True, True),
    "activations": activations,
    "lp_pool_1": lambda: lp_pool(1),
    "lp_pool_2": lambda: lp_pool(2),
    "lp_pool_3": lambda: lp_pool(3),
    "lp_pool_dilated": lambda: lp_pool(2, dilation=2),
    "pad_wrap": pad_wrap,
    "center_crop_pad": center_crop_pad,
    "col2im_2d": lambda: col2im([7, 5], [2, 3], [2, 1], [2, 1], [1, 0, 0, 1]),
    "col2im_1d": lambda: col2im([7], [3], [2], [1], [0, 0]),
    "affine_grid_2d": lambda: affine_grid([2, 1, 3, 4], False),
    "affine_grid_3d_align": lambda: affine_grid([1, 1, 2, 3, 2], True),
    "avg_pool_dilated": lambda: avg_pool_dilated(False, False),
    "avg_pool_dilated_pad": lambda: avg_pool_dilated(True, False),
    "avg_pool_dilated_ceil": lambda: avg_pool_dilated(False, True),
    "avg_pool_dilated_ceil_pad": lambda: avg_pool_dilated(True, True),
}

if __name__ == "__main__":
    write_cases("make_onnx_modern.py", RUN_CASES, ERROR_CASES, sys.argv)
