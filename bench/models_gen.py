#!/usr/bin/env python3
"""Generates the whole-model benchmark's ONNX models (scripts/bench.sh models).

Random weights from a fixed seed, no downloads: the graphs are written with
the onnx package's helper API as PyTorch exports them for inference
(opset 13; Conv, BatchNormalization with running statistics, Relu or
Clip(0, 6), residual Add, pooling, Flatten, Gemm with transB=1). Weights are
He-scaled and BatchNorm statistics are drawn near the identity, so values
stay of order one through deep networks and an output comparison means
something.

    models_gen.py OUT_DIR [--only NAME,NAME...] [--list]

writes OUT_DIR/NAME.onnx for each model and prints one line per model:
NAME KIND (model, layer or classic).
"""
import argparse
import os
import sys
import zlib

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 13


class Graph:
    """A growing ONNX graph: nodes, initializers, one input and output."""

    def __init__(self, name, seed):
        self.name = name
        self.rng = np.random.default_rng(seed)
        self.nodes, self.inits = [], []
        self.count = {}

    def fresh(self, prefix):
        self.count[prefix] = self.count.get(prefix, 0) + 1
        return f"{prefix}{self.count[prefix]}"

    def const(self, prefix, array):
        name = self.fresh(prefix)
        self.inits.append(numpy_helper.from_array(np.asarray(array, np.float32), name))
        return name

    def node(self, op, inputs, prefix=None, **attrs):
        name = self.fresh(prefix or op.lower())
        self.nodes.append(helper.make_node(op, inputs, [name], name=name, **attrs))
        return name

    def conv(self, x, cin, cout, k, stride=1, pad=None, groups=1, bias=False):
        pad = k // 2 if pad is None else pad
        fan_in = cin // groups * k * k
        w = self.rng.standard_normal((cout, cin // groups, k, k)) * np.sqrt(2.0 / fan_in)
        ins = [x, self.const("w", w)]
        if bias:
            ins.append(self.const("b", self.rng.uniform(-0.1, 0.1, cout)))
        return self.node("Conv", ins, "conv", kernel_shape=[k, k], strides=[stride, stride],
                         pads=[pad] * 4, group=groups, dilations=[1, 1])

    def bn(self, x, c):
        r = self.rng
        ins = [x, self.const("bn_scale", r.uniform(0.5, 1.0, c)),
               self.const("bn_bias", r.uniform(-0.1, 0.1, c)),
               self.const("bn_mean", r.uniform(-0.1, 0.1, c)),
               self.const("bn_var", r.uniform(0.5, 1.5, c))]
        return self.node("BatchNormalization", ins, "bn", epsilon=1e-5)

    def relu(self, x):
        return self.node("Relu", [x], "relu")

    def relu6(self, x):
        lo = self.const("clip_min", np.array(0.0))
        hi = self.const("clip_max", np.array(6.0))
        return self.node("Clip", [x, lo, hi], "clip")

    def conv_bn(self, x, cin, cout, k, stride=1, groups=1, act="relu"):
        y = self.bn(self.conv(x, cin, cout, k, stride, groups=groups), cout)
        if act == "relu":
            return self.relu(y)
        if act == "relu6":
            return self.relu6(y)
        return y

    def maxpool(self, x, k, stride, pad=0, ceil=0):
        return self.node("MaxPool", [x], "maxpool", kernel_shape=[k, k], strides=[stride, stride],
                         pads=[pad] * 4, ceil_mode=ceil)

    def classifier(self, x, c, classes=1000):
        """GlobalAveragePool, Flatten, Gemm(transB=1) as torchvision exports."""
        x = self.node("GlobalAveragePool", [x], "gap")
        x = self.node("Flatten", [x], "flatten", axis=1)
        return self.gemm(x, c, classes)

    def gemm(self, x, cin, cout):
        w = self.const("fc_w", self.rng.standard_normal((cout, cin)) * np.sqrt(1.0 / cin))
        b = self.const("fc_b", self.rng.uniform(-0.1, 0.1, cout))
        return self.node("Gemm", [x, w, b], "fc", alpha=1.0, beta=1.0, transB=1)

    def model(self, shape, out):
        inp = [helper.make_tensor_value_info("input", TensorProto.FLOAT, shape)]
        # The output's shape, from ONNX shape inference.
        draft = helper.make_model(
            helper.make_graph(self.nodes, self.name, inp,
                              [helper.make_empty_tensor_value_info(out)], self.inits),
            opset_imports=[helper.make_opsetid("", OPSET)])
        inferred = onnx.shape_inference.infer_shapes(draft).graph
        dims = next(v for v in inferred.value_info if v.name == out).type.tensor_type.shape.dim
        output = helper.make_tensor_value_info(out, TensorProto.FLOAT, [d.dim_value for d in dims])
        graph = helper.make_graph(self.nodes, self.name, inp, [output], self.inits)
        m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)],
                              producer_name="strata bench/models_gen.py")
        m.ir_version = 8
        onnx.checker.check_model(m)
        return m


# --- whole models -----------------------------------------------------------

def resnet(name, blocks, bottleneck):
    g = Graph(name, 18 if not bottleneck else 50)
    x = g.conv_bn("input", 3, 64, 7, 2)
    x = g.maxpool(x, 3, 2, 1)
    cin = 64
    for stage, n in enumerate(blocks):
        width = 64 << stage
        cout = width * 4 if bottleneck else width
        for b in range(n):
            stride = 2 if stage > 0 and b == 0 else 1
            if bottleneck:
                y = g.conv_bn(x, cin, width, 1)
                y = g.conv_bn(y, width, width, 3, stride)
                y = g.conv_bn(y, width, cout, 1, act=None)
            else:
                y = g.conv_bn(x, cin, width, 3, stride)
                y = g.conv_bn(y, width, width, 3, act=None)
            skip = x
            if stride != 1 or cin != cout:
                skip = g.conv_bn(x, cin, cout, 1, stride, act=None)
            x = g.relu(g.node("Add", [y, skip], "add"))
            cin = cout
    return g.model([1, 3, 224, 224], g.classifier(x, cin))


def mobilenet_v2():
    g = Graph("mobilenetv2", 2)
    x = g.conv_bn("input", 3, 32, 3, 2, act="relu6")
    cin = 32
    # t (expansion), c (channels), n (repeats), s (first stride)
    for t, c, n, s in [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2),
                       (6, 96, 3, 1), (6, 160, 3, 2), (6, 320, 1, 1)]:
        for i in range(n):
            stride = s if i == 0 else 1
            hidden = cin * t
            y = x
            if t != 1:
                y = g.conv_bn(y, cin, hidden, 1, act="relu6")
            y = g.conv_bn(y, hidden, hidden, 3, stride, groups=hidden, act="relu6")
            y = g.conv_bn(y, hidden, c, 1, act=None)
            if stride == 1 and cin == c:
                y = g.node("Add", [x, y], "add")
            x, cin = y, c
    x = g.conv_bn(x, cin, 1280, 1, act="relu6")
    return g.model([1, 3, 224, 224], g.classifier(x, 1280))


# --- classic architectures --------------------------------------------------

def squeezenet():
    """SqueezeNet 1.1 (torchvision): fire modules, Concat, ceil-mode pools."""
    g = Graph("squeezenet1_1", 11)
    x = g.relu(g.conv("input", 3, 64, 3, 2, pad=0, bias=True))
    x = g.maxpool(x, 3, 2, ceil=1)
    cin = 64
    fires = [(16, 64), (16, 64), "pool", (32, 128), (32, 128), "pool",
             (48, 192), (48, 192), (64, 256), (64, 256)]
    for f in fires:
        if f == "pool":
            x = g.maxpool(x, 3, 2, ceil=1)
            continue
        sq, ex = f
        s = g.relu(g.conv(x, cin, sq, 1, bias=True))
        e1 = g.relu(g.conv(s, sq, ex, 1, bias=True))
        e3 = g.relu(g.conv(s, sq, ex, 3, bias=True))
        x = g.node("Concat", [e1, e3], "concat", axis=1)
        cin = 2 * ex
    x = g.relu(g.conv(x, cin, 1000, 1, bias=True))
    x = g.node("GlobalAveragePool", [x], "gap")
    return g.model([1, 3, 224, 224], g.node("Flatten", [x], "flatten", axis=1))


def alexnet():
    """AlexNet as in the original paper: 11x11 stride-4 stem, LRN after the
    first two convolutions, overlapping max pools, three dense layers."""
    g = Graph("alexnet", 12)
    x = g.relu(g.conv("input", 3, 64, 11, 4, pad=2, bias=True))
    x = g.node("LRN", [x], "lrn", size=5, alpha=1e-4, beta=0.75, bias=2.0)
    x = g.maxpool(x, 3, 2)
    x = g.relu(g.conv(x, 64, 192, 5, bias=True))
    x = g.node("LRN", [x], "lrn", size=5, alpha=1e-4, beta=0.75, bias=2.0)
    x = g.maxpool(x, 3, 2)
    x = g.relu(g.conv(x, 192, 384, 3, bias=True))
    x = g.relu(g.conv(x, 384, 256, 3, bias=True))
    x = g.relu(g.conv(x, 256, 256, 3, bias=True))
    x = g.maxpool(x, 3, 2)
    x = g.node("Flatten", [x], "flatten", axis=1)
    x = g.relu(g.gemm(x, 256 * 6 * 6, 4096))
    x = g.relu(g.gemm(x, 4096, 4096))
    return g.model([1, 3, 224, 224], g.gemm(x, 4096, 1000))


def vgg_small():
    """VGG-11's convolution stack (3x3 conv+BN+ReLU, 2x2 max pools) at half
    width, 224x224, with a global-average-pool classifier instead of the
    500 MB dense layers."""
    g = Graph("vgg11_half_bn", 16)
    x, cin = "input", 3
    for v in [32, "M", 64, "M", 128, 128, "M", 256, 256, "M", 256, 256, "M"]:
        if v == "M":
            x = g.maxpool(x, 2, 2)
        else:
            x, cin = g.conv_bn(x, cin, v, 3), v
    return g.model([1, 3, 224, 224], g.classifier(x, cin))


# --- single layers (conv + BatchNorm + activation) ---------------------------

def layer(name, c, hw, cout, k, stride=1, groups=1, act="relu"):
    g = Graph(name, zlib.crc32(name.encode()))
    y = g.conv_bn("input", c, cout, k, stride, groups=groups, act=act)
    return g.model([1, c, hw, hw], y)


LAYERS = {
    "r18.stem_7x7": lambda n: layer(n, 3, 224, 64, 7, 2),
    "r18.conv2_3x3": lambda n: layer(n, 64, 56, 64, 3),
    "r18.conv3_3x3": lambda n: layer(n, 128, 28, 128, 3),
    "r18.conv4_3x3": lambda n: layer(n, 256, 14, 256, 3),
    "r18.conv5_3x3": lambda n: layer(n, 512, 7, 512, 3),
    "r18.conv3_3x3_s2": lambda n: layer(n, 64, 56, 128, 3, 2),
    "mbv2.pw_expand_112": lambda n: layer(n, 16, 112, 96, 1, act="relu6"),
    "mbv2.pw_expand_56": lambda n: layer(n, 24, 56, 144, 1, act="relu6"),
    "mbv2.pw_project_14": lambda n: layer(n, 384, 14, 64, 1, act=None),
    "mbv2.pw_last_7": lambda n: layer(n, 320, 7, 1280, 1, act="relu6"),
    "mbv2.dw_112": lambda n: layer(n, 32, 112, 32, 3, groups=32, act="relu6"),
    "mbv2.dw_112_s2": lambda n: layer(n, 96, 112, 96, 3, 2, groups=96, act="relu6"),
    "mbv2.dw_56": lambda n: layer(n, 144, 56, 144, 3, groups=144, act="relu6"),
    "mbv2.dw_56_s2": lambda n: layer(n, 144, 56, 144, 3, 2, groups=144, act="relu6"),
    "mbv2.dw_14": lambda n: layer(n, 384, 14, 384, 3, groups=384, act="relu6"),
    "mbv2.dw_7": lambda n: layer(n, 960, 7, 960, 3, groups=960, act="relu6"),
}

# --- matrix products with a constant weight (GEMV and skinny shapes) --------
# One MatMul or Gemm with a constant weight and M <= 16 rows: an LLM decode
# step (4096 -> 4096, 4096 -> 11008, and 8 / 16 rows: a few sequences in a
# batch), the classifiers of AlexNet/VGG (Gemm transB=1 9216 -> 4096 with
# bias) and MobileNetV2 (1280 -> 1000). Bound by reading the weight once.

def gemv(name, m, k, n, trans_b, bias):
    g = Graph(name, zlib.crc32(name.encode()))
    w = g.rng.standard_normal((n, k) if trans_b else (k, n)) * np.sqrt(1.0 / k)
    ins = ["input", g.const("w", w)]
    if bias:
        ins.append(g.const("b", g.rng.uniform(-0.1, 0.1, n)))
    if trans_b or bias:
        y = g.node("Gemm", ins, "fc", alpha=1.0, beta=1.0, transB=int(trans_b))
    else:
        y = g.node("MatMul", ins, "mm")
    return g.model([m, k], y)


GEMV = {
    "gemv.1x4096x4096": (1, 4096, 4096, False, False),
    "gemv.8x4096x4096": (8, 4096, 4096, False, False),
    "gemv.16x4096x4096": (16, 4096, 4096, False, False),
    "gemv.1x4096x11008": (1, 4096, 11008, False, False),
    "gemv.8x4096x11008": (8, 4096, 11008, False, False),
    "gemv.16x4096x11008": (16, 4096, 11008, False, False),
    "gemv.fc_9216x4096_tb": (1, 9216, 4096, True, True),
    "gemv.fc_1280x1000_tb": (1, 1280, 1000, True, True),
}


MODELS = {
    "resnet18": ("model", lambda n: resnet(n, [2, 2, 2, 2], False)),
    "resnet50": ("model", lambda n: resnet(n, [3, 4, 6, 3], True)),
    "mobilenetv2": ("model", lambda n: mobilenet_v2()),
    "squeezenet1_1": ("classic", lambda n: squeezenet()),
    "alexnet": ("classic", lambda n: alexnet()),
    "vgg11_half_bn": ("classic", lambda n: vgg_small()),
}
MODELS.update({k: ("layer", v) for k, v in LAYERS.items()})
MODELS.update({k: ("gemv", lambda n, a=a: gemv(n, *a)) for k, a in GEMV.items()})

# The matrix products of a BERT-base encoder at sequence 128 alone (one
# MatMul with a constant weight, no bias): the FFN's 768 -> 3072 and
# 3072 -> 768 and the 768 -> 768 projections. Compute-bound; for comparing
# the GEMM with ONNX Runtime's MLAS on exactly these shapes.
XFMR_MM = {
    "mm.128x768x3072": (128, 768, 3072, False, False),
    "mm.128x3072x768": (128, 3072, 768, False, False),
    "mm.128x768x768": (128, 768, 768, False, False),
}
MODELS.update({k: ("layer", lambda n, a=a: gemv(n, *a)) for k, a in XFMR_MM.items()})


# --- transformer encoders (BERT-like; issue 14) ------------------------------
# As PyTorch exports them (opset 17): MatMul + Add per projection, the head
# split as Reshape [1, S, H, D] + Transpose, Q·K^T / sqrt(D) + an additive mask,
# Softmax, ·V, the heads merged back, residual Adds; LayerNormalization (opset
# 17's op) or the pre-17 ReduceMean/Sub/Mul/Sqrt/Div form; GELU written with
# Erf (nn.GELU()) or with Tanh (the approximate form). A symbolic sequence
# ("seq") makes the dynamic variant; bench_models.py feeds it the length in
# the metadata "bench.dim.seq".

ENC_OPSET = 17


class Encoder(Graph):
    def i64(self, prefix, values):
        name = self.fresh(prefix)
        self.inits.append(numpy_helper.from_array(np.asarray(values, np.int64), name))
        return name

    def scalar(self, value):
        return self.const("k", np.array(value))

    def linear(self, x, cin, cout):
        w = self.const("w", self.rng.standard_normal((cin, cout)) * np.sqrt(1.0 / cin))
        b = self.const("b", self.rng.uniform(-0.1, 0.1, cout))
        return self.node("Add", [self.node("MatMul", [x, w]), b])

    def layer_norm(self, x, d, form):
        gamma = self.const("ln_g", self.rng.uniform(0.8, 1.2, d))
        beta = self.const("ln_b", self.rng.uniform(-0.1, 0.1, d))
        if form == "op":
            return self.node("LayerNormalization", [x, gamma, beta], "ln", axis=-1,
                             epsilon=1e-12)
        mean = self.node("ReduceMean", [x], "mean", axes=[-1], keepdims=1)
        c = self.node("Sub", [x, mean])
        var = self.node("ReduceMean", [self.node("Mul", [c, c])], "var", axes=[-1], keepdims=1)
        std = self.node("Sqrt", [self.node("Add", [var, self.scalar(1e-5)])])
        y = self.node("Div", [c, std])
        return self.node("Add", [self.node("Mul", [y, gamma]), beta])

    def gelu(self, x, form):
        if form == "erf":  # x * 0.5 * (1 + erf(x / sqrt 2)), as torch exports nn.GELU()
            e = self.node("Erf", [self.node("Div", [x, self.scalar(1.4142135381698608)])])
            y = self.node("Mul", [x, self.node("Add", [e, self.scalar(1.0)])])
            return self.node("Mul", [y, self.scalar(0.5)])
        # 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
        cube = self.node("Pow", [x, self.scalar(3.0)])
        inner = self.node("Add", [x, self.node("Mul", [cube, self.scalar(0.044715)])])
        t = self.node("Tanh", [self.node("Mul", [inner, self.scalar(0.7978845608028654)])])
        y = self.node("Mul", [self.node("Mul", [x, self.scalar(0.5)]),
                              self.node("Add", [t, self.scalar(1.0)])])
        return y

    def attention(self, x, seq, d, heads, mask):
        hd = d // heads
        split = self.i64("shape", [1, -1 if seq is None else seq, heads, hd])
        q, k, v = (self.node("Reshape", [self.linear(x, d, d), split]) for _ in range(3))
        q = self.node("Transpose", [q], perm=[0, 2, 1, 3])
        k = self.node("Transpose", [k], perm=[0, 2, 3, 1])
        v = self.node("Transpose", [v], perm=[0, 2, 1, 3])
        s = self.node("Div", [self.node("MatMul", [q, k]), self.scalar(float(np.sqrt(hd)))])
        p = self.node("Softmax", [self.node("Add", [s, mask])], axis=-1)
        ctx = self.node("Transpose", [self.node("MatMul", [p, v])], perm=[0, 2, 1, 3])
        merge = self.i64("shape", [1, -1 if seq is None else seq, d])
        return self.linear(self.node("Reshape", [ctx, merge]), d, d)

    def encoder_layer(self, x, seq, d, heads, ffn, ln, act, mask):
        x = self.layer_norm(self.node("Add", [self.attention(x, seq, d, heads, mask), x]), d, ln)
        h = self.linear(self.gelu(self.linear(x, d, ffn), act), ffn, d)
        return self.layer_norm(self.node("Add", [h, x]), d, ln)

    def encoder_model(self, out, seq_dim, d, dims):
        inp = [helper.make_tensor_value_info("input", TensorProto.FLOAT, [1, seq_dim, d])]
        outp = [helper.make_tensor_value_info(out, TensorProto.FLOAT, [1, seq_dim, d])]
        graph = helper.make_graph(self.nodes, self.name, inp, outp, self.inits)
        m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", ENC_OPSET)],
                              producer_name="strata bench/models_gen.py")
        m.ir_version = 8
        for k, v in dims.items():
            m.metadata_props.append(onnx.StringStringEntryProto(key=f"bench.dim.{k}",
                                                                value=str(v)))
        onnx.checker.check_model(m)
        return m


def encoder(name, layers, seq, d, heads, ffn, ln, act, dynamic=False):
    g = Encoder(name, zlib.crc32(name.encode()))
    # An additive attention mask over the keys (zeros with the last key masked).
    mask = np.zeros((1, 1, 1, seq), np.float32)
    mask[..., -1] = -10000.0
    if dynamic:  # a mask of one row [1, 1, 1, 1] broadcasts over any length
        mask = np.zeros((1, 1, 1, 1), np.float32)
    m = g.const("mask", mask)
    x = "input"
    for _ in range(layers):
        x = g.encoder_layer(x, None if dynamic else seq, d, heads, ffn, ln, act, m)
    return g.encoder_model(x, "seq" if dynamic else seq, d, {"seq": seq} if dynamic else {})


MODELS.update({
    "bert2": ("model", lambda n: encoder(n, 2, 128, 768, 12, 3072, "op", "erf")),
    "bert12": ("model", lambda n: encoder(n, 12, 128, 768, 12, 3072, "op", "erf")),
    "bert2_dynseq": ("model", lambda n: encoder(n, 2, 128, 768, 12, 3072, "op", "erf", True)),
    "encoder_small": ("layer", lambda n: encoder(n, 1, 64, 256, 4, 1024, "decomposed", "tanh")),
})


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out_dir")
    ap.add_argument("--only", default="", help="comma-separated model names")
    ap.add_argument("--list", action="store_true", help="print the names, write nothing")
    a = ap.parse_args()
    names = [n for n in a.only.split(",") if n] or list(MODELS)
    for n in names:
        if n not in MODELS:
            sys.exit(f"models_gen: unknown model '{n}' (known: {', '.join(MODELS)})")
    os.makedirs(a.out_dir, exist_ok=True)
    for n in names:
        kind, make = MODELS[n]
        path = os.path.join(a.out_dir, n + ".onnx")
        fresh = os.path.exists(path) and os.path.getmtime(path) >= os.path.getmtime(__file__)
        if not a.list and not fresh:
            onnx.save(make(n), path)
        print(n, kind)


if __name__ == "__main__":
    main()
