#!/usr/bin/env python3
"""Writes small ONNX models for the importer tests, with the standard library
only (a hand-rolled protobuf encoder for the few onnx.proto fields needed).

usage: make_onnx.py <case> <out.onnx>   (cases: see CASES below)
"""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..', '..', 'scripts'))
from protobuf_wire import f_bytes, f_float, f_int, varint  # noqa: E402,F401
from onnx_wire import (  # noqa: E402,F401
    BFLOAT16, BOOL, COMPLEX64, FLOAT, FLOAT16, INT8, INT16, INT32, INT64, STRING, UINT8, UINT16,
    UINT32, UINT64, attr_float, attr_floats, attr_int, attr_ints, attr_str, attr_strs,
    attr_tensor, node, sequence_info, tensor, tensor_type, value_info)


def write_cases(script, run_cases, error_cases, argv):
    """The command line of a generator with model-only cases (error_cases:
    name -> model bytes) and running ones (run_cases: name -> (model,
    inputs, outputs)): `script <case> <prefix>` writes <prefix>.onnx, and
    for a running case <prefix>.in<K>.pb and <prefix>.out<K>.pb."""
    cases = {**run_cases, **error_cases}
    if len(argv) != 3 or argv[1] not in cases:
        sys.exit("usage: %s {%s} prefix" % (script, ",".join(cases)))
    name, prefix = argv[1:]
    if name in error_cases:
        m, ins, outs = error_cases[name](), [], []
    else:
        m, ins, outs = run_cases[name]()
    with open(prefix + ".onnx", "wb") as f:
        f.write(m)
    for kind, tensors in (("in", ins), ("out", outs)):
        for k, t in enumerate(tensors):
            with open("%s.%s%d.pb" % (prefix, kind, k), "wb") as f:
                f.write(t)


def graph(nodes, inputs, outputs, inits=(), name="g"):
    g = b"".join(f_bytes(1, n) for n in nodes) + f_bytes(2, name)
    g += b"".join(f_bytes(5, t) for t in inits)
    return g + b"".join(f_bytes(11, v) for v in inputs) + b"".join(f_bytes(12, v) for v in outputs)


TRAINING = "ai.onnx.preview.training"


def model(nodes, inputs, outputs, inits=(), opset=13, name="g", domains=()):
    """domains: (domain, version) pairs imported besides the default one."""
    g = graph(nodes, inputs, outputs, inits, name)
    opsets = f_bytes(8, f_bytes(1, "") + f_int(2, opset))
    opsets += b"".join(f_bytes(8, f_bytes(1, d) + f_int(2, v)) for d, v in domains)
    return f_int(1, 8) + opsets + f_bytes(7, g)


def loss_model(op, x_dims, t_dims, t_elem=INT64, weight=None, attrs=()):
    """One loss node `loss1` on scores x and target t (and weight w, an
    initializer, when given), output y."""
    inputs = ["x", "t"] + (["w"] if weight else [])
    inits = [tensor("w", FLOAT, [len(weight)], weight)] if weight else []
    return model([node(op, inputs, ["y"], "loss1", attrs)],
                 [value_info("x", FLOAT, x_dims), value_info("t", t_elem, t_dims)],
                 [value_info("y", FLOAT, [])], inits)


def gradient_model(forward, xs, inputs=None, zs=(), graph_inputs=(("a", [2, 3]), ("b", [3])),
                   y="y"):
    """Forward nodes computing y, then a Gradient node `grad1` of y with
    respect to xs (zs held constant) on `inputs` (default: xs then zs)."""
    attrs = [attr_strs("xs", xs), attr_str("y", y)] + ([attr_strs("zs", zs)] if zs else [])
    outs = ["d_" + x for x in xs]
    grad = node("Gradient", list(inputs or list(xs) + list(zs)), outs, "grad1", attrs, TRAINING)
    dims = dict(graph_inputs)
    return model(forward + [grad], [value_info(n, FLOAT, d) for n, d in graph_inputs],
                 [value_info(y, FLOAT, [])] + [value_info(o, FLOAT, dims.get(x, []))
                                               for o, x in zip(outs, xs)],
                 domains=[(TRAINING, 1)])


def attr_graph(name, g):
    return f_bytes(1, name) + f_int(20, 5) + f_bytes(6, g)


def weights(n):
    return [((i * 7) % 11 - 5) / 10.0 for i in range(n)]


def nested_if(graphs):
    """`graphs` graphs nested through If: the main graph's If takes the
    graph of the next level as then_branch (and an Identity as
    else_branch), down to an Identity; the condition c is a graph input."""
    inner = graph([node("Identity", ["x"], ["t"], "id_last")], [],
                  [value_info("t", FLOAT, [2])], name="last")
    for k in range(graphs - 1, 0, -1):
        els = graph([node("Identity", ["x"], ["e%d" % k], "id%d" % k)], [],
                    [value_info("e%d" % k, FLOAT, [2])], name="else%d" % k)
        body = node("If", ["c"], ["y%d" % k], "if%d" % k,
                    [attr_graph("then_branch", inner), attr_graph("else_branch", els)])
        if k == 1:
            return model([body], [value_info("c", BOOL, []), value_info("x", FLOAT, [2])],
                         [value_info("y1", FLOAT, [2])])
        inner = graph([body], [], [value_info("y%d" % k, FLOAT, [2])], name="then%d" % k)
    return None


def nested_sequence_input(levels):
    """A graph input typed sequence(sequence(...(float [2]))) `levels` deep."""
    t = tensor_type(FLOAT, [2])
    for _ in range(levels):
        t = f_bytes(4, f_bytes(1, t))
    return model([node("SequenceLength", ["s"], ["len"], "length1")],
                 [f_bytes(1, "s") + f_bytes(2, t)], [value_info("len", INT64, [])], opset=12)


def nested_sequence_value(levels):
    """A serialized onnx.SequenceProto holding a sequence ... `levels` deep."""
    v = f_bytes(3, tensor("x", FLOAT, [2], [1, 2]))
    for _ in range(levels - 1):
        v = f_bytes(5, v)
    return v


CASES = {
    # A small CNN block: Conv (large weight -> dense_resource) + BN + Relu +
    # MaxPool + Flatten + Gemm.
    "cnn": lambda: model(
        [node("Conv", ["x", "w", "b"], ["c"], "conv1",
              [attr_ints("pads", [1, 1, 1, 1]), attr_ints("kernel_shape", [3, 3])]),
         node("BatchNormalization", ["c", "g", "beta", "m", "v"], ["n"], "bn1"),
         node("Relu", ["n"], ["r"], "relu1"),
         node("MaxPool", ["r"], ["p"], "pool1",
              [attr_ints("kernel_shape", [2, 2]), attr_ints("strides", [2, 2])]),
         node("Flatten", ["p"], ["f"], "flat"),
         node("Gemm", ["f", "fc_w", "fc_b"], ["y"], "fc", [attr_int("transB", 1)])],
        [value_info("x", FLOAT, ["N", 3, 8, 8])], [value_info("y", FLOAT, ["N", 10])],
        [tensor("w", FLOAT, [4, 3, 3, 3], weights(108)), tensor("b", FLOAT, [4], weights(4)),
         tensor("g", FLOAT, [4], [1.0, 0.5, 2.0, 1.5]), tensor("beta", FLOAT, [4], weights(4)),
         tensor("m", FLOAT, [4], weights(4)), tensor("v", FLOAT, [4], [1.0, 2.0, 0.5, 1.0]),
         tensor("fc_w", FLOAT, [10, 64], weights(640)), tensor("fc_b", FLOAT, [10], weights(10))],
        name="cnn"),
    "unknown_op": lambda: model(
        [node("Relu", ["x"], ["r"], "relu1"), node("Bernoulli", ["r"], ["y"], "bernoulli1")],
        [value_info("x", FLOAT, [2, 3])], [value_info("y", FLOAT, [2, 3])]),
    "undefined_input": lambda: model(
        [node("Conv", ["x", "W"], ["y"], "conv1")],
        [value_info("x", FLOAT, [1, 1, 5, 5])], [value_info("y", FLOAT, [1, 1, 3, 3])]),
    "bad_input_type": lambda: model(
        [node("Relu", ["x"], ["y"], "relu1")],
        [value_info("x", COMPLEX64, [2, 3])], [value_info("y", COMPLEX64, [2, 3])]),
    "bad_initializer_type": lambda: model(
        [node("Add", ["x", "c"], ["y"], "add1")],
        [value_info("x", FLOAT, [2])], [value_info("y", FLOAT, [2])],
        [tensor("c", COMPLEX64, [2], [0, 0])]),
    "bad_cast": lambda: model(
        [node("Cast", ["x"], ["y"], "cast1", [attr_int("to", COMPLEX64)])],
        [value_info("x", FLOAT, [2])], [value_info("y", COMPLEX64, [2])]),
    # Max of a graph input and an initializer for each 16-bit float and
    # 16/32/64-bit integer type, the initializers in the typed fields
    # (int32_data, uint64_data) or raw_data as ONNX stores them, and Casts
    # between them.
    "typed_max": lambda: model(
        [node("Max", ["x_i16", "c_i16"], ["y_i16"], "max_i16"),
         node("Max", ["x_u16", "c_u16"], ["y_u16"], "max_u16"),
         node("Max", ["x_u32", "c_u32"], ["y_u32"], "max_u32"),
         node("Max", ["x_u64", "c_u64"], ["y_u64"], "max_u64"),
         node("Max", ["x_f16", "c_f16"], ["y_f16"], "max_f16"),
         node("Max", ["x_bf16", "c_bf16"], ["y_bf16"], "max_bf16"),
         node("Cast", ["y_u32"], ["z_f32"], "cast_u32", [attr_int("to", FLOAT)]),
         node("Cast", ["y_bf16"], ["z_f16"], "cast_bf16", [attr_int("to", FLOAT16)])],
        [value_info("x_i16", INT16, [3]), value_info("x_u16", UINT16, [3]),
         value_info("x_u32", UINT32, [3]), value_info("x_u64", UINT64, [3]),
         value_info("x_f16", FLOAT16, [3]), value_info("x_bf16", BFLOAT16, [3])],
        [value_info("y_i16", INT16, [3]), value_info("y_u16", UINT16, [3]),
         value_info("y_u64", UINT64, [3]), value_info("y_f16", FLOAT16, [3]),
         value_info("z_f32", FLOAT, [3]), value_info("z_f16", FLOAT16, [3])],
        [tensor("c_i16", INT16, [3], [-2, 300, -32768], "int32_data"),
         tensor("c_u16", UINT16, [3], [65535, 1, 2], "int32_data"),
         tensor("c_u32", UINT32, [3], [4294967295, 0, 7], "uint64_data"),
         tensor("c_u64", UINT64, [3], [18446744073709551615, 1, 2], "uint64_data"),
         tensor("c_f16", FLOAT16, [3], [0x3C00, 0xC000, 0x3555], "int32_data"),
         tensor("c_bf16", BFLOAT16, [3], [0x3F80, 0xC040, 0x3EAB])]),
    "bad_shapes": lambda: model(
        [node("Add", ["x", "z"], ["y"], "add1")],
        [value_info("x", FLOAT, [2, 3]), value_info("z", FLOAT, [4])],
        [value_info("y", FLOAT, [2, 3])]),
    "bad_conv": lambda: model(
        [node("Conv", ["x", "w"], ["y"], "conv1")],
        [value_info("x", FLOAT, [1, 3, 5, 5])], [value_info("y", FLOAT, [1, 2, 3, 3])],
        [tensor("w", FLOAT, [2, 4, 3, 3], weights(72))]),
    "conv4d": lambda: model(
        [node("Conv", ["x", "w"], ["y"], "conv1")],
        [value_info("x", FLOAT, [1, 1, 3, 3, 3, 3])], [value_info("y", FLOAT, [1, 1, 1, 1, 1, 1])],
        [tensor("w", FLOAT, [1, 1, 3, 3, 3, 3], weights(81))]),
    "slice_step0": lambda: model(
        [node("Slice", ["x", "st", "en", "ax", "sp"], ["y"], "slice1")],
        [value_info("x", FLOAT, [4, 3])], [value_info("y", FLOAT, [2, 3])],
        [tensor("st", INT64, [1], [0]), tensor("en", INT64, [1], [2]),
         tensor("ax", INT64, [1], [0]), tensor("sp", INT64, [1], [0])]),
    "slice_neg_dynamic": lambda: model(
        [node("Slice", ["x", "st", "en", "ax", "sp"], ["y"], "slice1")],
        [value_info("x", FLOAT, ["N", 3])], [value_info("y", FLOAT, ["M", 3])],
        [tensor("st", INT64, [1], [-1]), tensor("en", INT64, [1], [-100]),
         tensor("ax", INT64, [1], [0]), tensor("sp", INT64, [1], [-1])]),
    "convtranspose3d_attrs": lambda: model(
        [node("ConvTranspose", ["x", "w"], ["y"], "deconv1",
              [attr_ints("strides", [2, 1, 2]), attr_ints("pads", [1, 0, 0, 0, 1, 1]),
               attr_ints("dilations", [1, 2, 1]), attr_ints("output_padding", [1, 0, 1])])],
        [value_info("x", FLOAT, [1, 1, 3, 3, 2])], [value_info("y", FLOAT, [1, 1, 6, 6, 4])],
        [tensor("w", FLOAT, [1, 1, 2, 3, 2], weights(12))]),
    "convtranspose4d": lambda: model(
        [node("ConvTranspose", ["x", "w"], ["y"], "deconv1")],
        [value_info("x", FLOAT, [1, 1, 2, 2, 2, 2])], [value_info("y", FLOAT, [1, 1, 3, 3, 3, 3])],
        [tensor("w", FLOAT, [1, 1, 2, 2, 2, 2], weights(16))]),
    "dynamic_reshape": lambda: model(
        [node("Reshape", ["x", "s"], ["y"], "reshape1")],
        [value_info("x", FLOAT, [2, 3]), value_info("s", INT64, [2])],
        [value_info("y", FLOAT, [3, 2])]),
    "no_graph": lambda: f_int(1, 8),
    "maxpool3d_indices": lambda: model(
        [node("MaxPool", ["x"], ["y", "z"], "pool1", [attr_ints("kernel_shape", [2, 2, 2])])],
        [value_info("x", FLOAT, [1, 1, 2, 2, 2])],
        [value_info("y", FLOAT, [1, 1, 1, 1, 1]), value_info("z", INT64, [1, 1, 1, 1, 1])]),
    "bn_training_opset13": lambda: model(
        [node("BatchNormalization", ["x", "g", "b", "m", "v"], ["y"], "bn1",
              [attr_int("training_mode", 1)])],
        [value_info("x", FLOAT, [1, 2, 3])], [value_info("y", FLOAT, [1, 2, 3])],
        [tensor("g", FLOAT, [2], [1, 1]), tensor("b", FLOAT, [2], [0, 0]),
         tensor("m", FLOAT, [2], [0, 0]), tensor("v", FLOAT, [2], [1, 1])]),
    # NegativeLogLikelihoodLoss with a weight and ignore_index 0, reductions
    # mean and none, on x [2, 3] (x23_pb) with targets [2, 0].
    "nll_weight_ii": lambda: model(
        [node("NegativeLogLikelihoodLoss", ["x", "t", "w"], ["mean"], "nll_mean",
              [attr_int("ignore_index", 0)]),
         node("NegativeLogLikelihoodLoss", ["x", "t", "w"], ["none"], "nll_none",
              [attr_int("ignore_index", 0), attr_str("reduction", "none")])],
        [value_info("x", FLOAT, [2, 3])],
        [value_info("mean", FLOAT, []), value_info("none", FLOAT, [2])],
        [tensor("t", INT64, [2], [2, 0]), tensor("w", FLOAT, [3], [1, 2, 3])]),
    # Loss operators' errors.
    "nll_bad_reduction": lambda: loss_model("NegativeLogLikelihoodLoss", [2, 3], [2],
                                            attrs=[attr_str("reduction", "average")]),
    "nll_rank1": lambda: loss_model("NegativeLogLikelihoodLoss", [3], []),
    "nll_float_target": lambda: loss_model("NegativeLogLikelihoodLoss", [2, 3], [2], FLOAT),
    "nll_target_shape": lambda: loss_model("NegativeLogLikelihoodLoss", [2, 3, 4], [2, 5]),
    "nll_dynamic_classes": lambda: loss_model("NegativeLogLikelihoodLoss", [2, "C"], [2]),
    "sce_weight_shape": lambda: loss_model("SoftmaxCrossEntropyLoss", [2, 3], [2],
                                           weight=[1, 2, 3, 4]),
    # Gradient of y = a - a*b (a [2, 3], b [3]) with respect to a and b
    # (grad1); with respect to a alone, at b2 = -b for b (zs, grad2); with
    # respect to ab = a*b and a (grad3: the backward pass stops at ab, so
    # d_a3 does not go through Mul). b is broadcast along a's rows, so d_b
    # sums them back.
    "gradient_ops": lambda: model(
        [node("Mul", ["a", "b"], ["ab"], "mul1"),
         node("Sub", ["ab", "a"], ["d"], "sub1"),
         node("Neg", ["d"], ["y"], "neg1"),
         node("Neg", ["b"], ["b2"], "neg2"),
         node("Gradient", ["a", "b"], ["d_a", "d_b"], "grad1",
              [attr_strs("xs", ["a", "b"]), attr_str("y", "y")], TRAINING),
         node("Gradient", ["a", "b2"], ["d_a2"], "grad2",
              [attr_strs("xs", ["a"]), attr_strs("zs", ["b"]), attr_str("y", "y")], TRAINING),
         node("Gradient", ["ab", "a"], ["d_ab", "d_a3"], "grad3",
              [attr_strs("xs", ["ab", "a"]), attr_str("y", "y")], TRAINING)],
        [value_info("a", FLOAT, [2, 3]), value_info("b", FLOAT, [3])],
        [value_info("y", FLOAT, [2, 3]), value_info("d_a", FLOAT, [2, 3]),
         value_info("d_b", FLOAT, [3]), value_info("d_a2", FLOAT, [2, 3]),
         value_info("d_ab", FLOAT, [2, 3]), value_info("d_a3", FLOAT, [2, 3])],
        domains=[(TRAINING, 1)]),
    "b3_pb": lambda: tensor("b", FLOAT, [3], [0.5, 2, -1]),
    # Gradient's errors: an operator it cannot differentiate between xs and
    # y, inputs not matching xs and zs, attributes missing, y undefined.
    "gradient_relu": lambda: gradient_model(
        [node("Add", ["a", "b"], ["s"], "add1"), node("Relu", ["s"], ["r"], "relu1"),
         node("Neg", ["r"], ["y"], "neg1")], ["a", "b"]),
    "gradient_inputs": lambda: gradient_model(
        [node("Add", ["a", "b"], ["y"], "add1")], ["a", "b"], inputs=["a"]),
    "gradient_no_y": lambda: model(
        [node("Add", ["a", "b"], ["y"], "add1"),
         node("Gradient", ["a", "b"], ["d_a", "d_b"], "grad1", [attr_strs("xs", ["a", "b"])],
              TRAINING)],
        [value_info("a", FLOAT, [2, 3]), value_info("b", FLOAT, [3])],
        [value_info("d_a", FLOAT, [2, 3])], domains=[(TRAINING, 1)]),
    "gradient_outputs": lambda: model(
        [node("Add", ["a", "b"], ["y"], "add1"),
         node("Gradient", ["a", "b"], ["d_a", "d_b"], "grad1",
              [attr_strs("xs", ["a"]), attr_strs("zs", ["b"]), attr_str("y", "y")], TRAINING)],
        [value_info("a", FLOAT, [2, 3]), value_info("b", FLOAT, [3])],
        [value_info("d_a", FLOAT, [2, 3])], domains=[(TRAINING, 1)]),
    "gradient_undefined_y": lambda: gradient_model(
        [node("Add", ["a", "b"], ["s"], "add1")], ["a", "b"], y="q"),
    "gradient_sequence_y": lambda: gradient_model(
        [node("SequenceConstruct", ["b"], ["y"], "construct1")], ["a"]),
    # The training domain's other operators, and other domains, stay unsupported.
    "training_adagrad": lambda: model(
        [node("Adagrad", ["r", "t", "x", "g", "h"], ["x2", "h2"], "adagrad1", (), TRAINING)],
        [value_info(v, FLOAT, [2]) for v in ("r", "t", "x", "g", "h")],
        [value_info("x2", FLOAT, [2])], domains=[(TRAINING, 1)]),
    "custom_domain": lambda: model(
        [node("Foo", ["x"], ["y"], "foo1", (), "com.example")],
        [value_info("x", FLOAT, [2])], [value_info("y", FLOAT, [2])], domains=[("com.example", 1)]),
    # Sequences resolved at import time: construct, insert at -1, erase at
    # 0, concat, length, split into chunks of 3, at 1.
    "seq_ops": lambda: model(
        [node("SequenceConstruct", ["x", "z"], ["s"], "construct1"),
         node("SequenceInsert", ["s", "x", "minus1"], ["s2"], "insert1"),
         node("SequenceErase", ["s2", "zero"], ["s3"], "erase1"),
         node("ConcatFromSequence", ["s3"], ["c"], "concat1", [attr_int("axis", 0)]),
         node("SequenceLength", ["s3"], ["len"], "length1"),
         node("SplitToSequence", ["c", "three"], ["sp"], "split1"),
         node("SequenceAt", ["sp", "one"], ["y"], "at1")],
        [value_info("x", FLOAT, [2, 3]), value_info("z", FLOAT, [2, 3])],
        [value_info("c", FLOAT, [4, 3]), value_info("len", INT64, []),
         value_info("y", FLOAT, [1, 3])],
        [tensor("minus1", INT64, [], [-1]), tensor("zero", INT64, [], [0]),
         tensor("three", INT64, [], [3]), tensor("one", INT64, [], [1])], opset=12),
    # ConcatFromSequence with new_axis; SplitToSequence into ones without
    # keepdims; Optional, OptionalHasElement, OptionalGetElement; Identity
    # of a sequence.
    "seq_new_axis": lambda: model(
        [node("SplitToSequence", ["x"], ["sp"], "split1", [attr_int("axis", 1),
                                                            attr_int("keepdims", 0)]),
         node("Identity", ["sp"], ["sp2"], "identity1"),
         node("ConcatFromSequence", ["sp2"], ["c"], "concat1", [attr_int("axis", -1),
                                                                 attr_int("new_axis", 1)]),
         node("Optional", ["c"], ["o"], "optional1"),
         node("OptionalHasElement", ["o"], ["h"], "has1"),
         node("OptionalGetElement", ["o"], ["y"], "get1")],
        [value_info("x", FLOAT, [2, 3])],
        [value_info("y", FLOAT, [2, 3]), value_info("h", BOOL, [])], opset=18),
    # A position known only at run time.
    "seq_position_input": lambda: model(
        [node("SequenceConstruct", ["x"], ["s"], "construct1"),
         node("SequenceAt", ["s", "p"], ["y"], "at1")],
        [value_info("x", FLOAT, [2]), value_info("p", INT64, [])],
        [value_info("y", FLOAT, [2])], opset=12),
    "seq_position_range": lambda: model(
        [node("SequenceConstruct", ["x"], ["s"], "construct1"),
         node("SequenceAt", ["s", "five"], ["y"], "at1")],
        [value_info("x", FLOAT, [2])], [value_info("y", FLOAT, [2])],
        [tensor("five", INT64, [], [5])], opset=12),
    "seq_to_tensor_op": lambda: model(
        [node("SequenceConstruct", ["x"], ["s"], "construct1"),
         node("Relu", ["s"], ["y"], "relu1")],
        [value_info("x", FLOAT, [2])], [value_info("y", FLOAT, [2])], opset=12),
    "seq_concat_empty": lambda: model(
        [node("SequenceEmpty", [], ["s"], "empty1"),
         node("ConcatFromSequence", ["s"], ["y"], "concat1", [attr_int("axis", 0)])],
        [], [value_info("y", FLOAT, [2])], opset=12),
    # Input values (serialized TensorProto) for running the models above.
    "x23_pb": lambda: tensor("x", FLOAT, [2, 3], [1, 2, 3, 4, 5, 6]),
    "z23_pb": lambda: tensor("z", FLOAT, [2, 3], [7, 8, 9, 10, 11, 12]),
    "seq_split_negative": lambda: model(
        [node("SplitToSequence", ["x", "sp"], ["s"], "split1"),
         node("SequenceLength", ["s"], ["len"], "length1")],
        [value_info("x", FLOAT, [2, 3])], [value_info("len", INT64, [])],
        [tensor("sp", INT64, [2], [-1, 3])], opset=12),
    "seq_split_sum": lambda: model(
        [node("SplitToSequence", ["x", "sp"], ["s"], "split1"),
         node("SequenceLength", ["s"], ["len"], "length1")],
        [value_info("x", FLOAT, [2, 3])], [value_info("len", INT64, [])],
        [tensor("sp", INT64, [2], [1, 2])], opset=12),
    # SequenceMap: the body (e + b) imported once per element of the split.
    "seq_map": lambda: model(
        [node("SplitToSequence", ["x"], ["s"], "split1", [attr_int("keepdims", 0)]),
         node("SequenceMap", ["s", "b"], ["m"], "map1", [attr_graph("body", graph(
             [node("Add", ["e", "t"], ["r"], "add1")],
             [value_info("e", FLOAT, [3]), value_info("t", FLOAT, [3])],
             [value_info("r", FLOAT, [3])], name="body"))]),
         node("ConcatFromSequence", ["m"], ["y"], "concat1", [attr_int("axis", 0),
                                                              attr_int("new_axis", 1)])],
        [value_info("x", FLOAT, [2, 3])], [value_info("y", FLOAT, [2, 3])],
        [tensor("b", FLOAT, [3], [10, 20, 30])], opset=17),
    "seq_map_arity": lambda: model(
        [node("SplitToSequence", ["x"], ["s"], "split1"),
         node("SequenceMap", ["s", "x"], ["m"], "map1", [attr_graph("body", graph(
             [node("Relu", ["e"], ["r"], "relu1")],
             [value_info("e", FLOAT, [1, 3])], [value_info("r", FLOAT, [1, 3])], name="body"))]),
         node("SequenceLength", ["m"], ["len"], "length1")],
        [value_info("x", FLOAT, [2, 3])], [value_info("len", INT64, [])], opset=17),
    "seq_graph_input": lambda: model(
        [node("SequenceLength", ["s"], ["len"], "length1")],
        [sequence_info("s", FLOAT, [2])], [value_info("len", INT64, [])], opset=12),
    # Operators given inputs or attributes they do not accept (errors-ops.test).
    "isinf_int": lambda: model(
        [node("IsInf", ["x"], ["y"], "isinf1")],
        [value_info("x", INT32, [2])], [value_info("y", BOOL, [2])], opset=20),
    "mod_fmod2": lambda: model(
        [node("Mod", ["x", "x"], ["y"], "mod1", [attr_int("fmod", 2)])],
        [value_info("x", INT32, [2])], [value_info("y", INT32, [2])], opset=13),
    "bitshift_direction": lambda: model(
        [node("BitShift", ["x", "x"], ["y"], "shift1", [attr_str("direction", "UP")])],
        [value_info("x", UINT8, [2])], [value_info("y", UINT8, [2])], opset=11),
    "hardmax_dynamic": lambda: model(
        [node("Hardmax", ["x"], ["y"], "hardmax1", [attr_int("axis", 0)])],
        [value_info("x", FLOAT, ["N", 3])], [value_info("y", FLOAT, ["N", 3])], opset=13),
    "trilu_rank1": lambda: model(
        [node("Trilu", ["x"], ["y"], "trilu1")],
        [value_info("x", FLOAT, [3])], [value_info("y", FLOAT, [3])], opset=14),
    "trilu_dynamic": lambda: model(
        [node("Trilu", ["x"], ["y"], "trilu1")],
        [value_info("x", FLOAT, ["M", 3])], [value_info("y", FLOAT, ["M", 3])], opset=14),
    "eyelike_rank3": lambda: model(
        [node("EyeLike", ["x"], ["y"], "eye1")],
        [value_info("x", FLOAT, [2, 2, 2])], [value_info("y", FLOAT, [2, 2, 2])], opset=9),
    "range_delta0": lambda: model(
        [node("Range", ["a", "b", "d"], ["y"], "range1")],
        [], [value_info("y", INT64, [3])],
        [tensor("a", INT64, [], [0]), tensor("b", INT64, [], [3]), tensor("d", INT64, [], [0])],
        opset=11),
    "range_runtime_limit": lambda: model(
        [node("Range", ["a", "b", "d"], ["y"], "range1")],
        [value_info("b", INT64, [])], [value_info("y", INT64, ["N"])],
        [tensor("a", INT64, [], [0]), tensor("d", INT64, [], [1])], opset=11),
    "onehot_depth0": lambda: model(
        [node("OneHot", ["i", "depth", "v"], ["y"], "onehot1")],
        [value_info("i", INT64, [2])], [value_info("y", FLOAT, [2, 1])],
        [tensor("depth", INT64, [], [0]), tensor("v", FLOAT, [2], [0, 1])], opset=11),
    "tile_repeats": lambda: model(
        [node("Tile", ["x", "r"], ["y"], "tile1")],
        [value_info("x", FLOAT, [2, 3])], [value_info("y", FLOAT, [4, 3])],
        [tensor("r", INT64, [1], [2])], opset=13),
    "depthtospace_mode": lambda: model(
        [node("DepthToSpace", ["x"], ["y"], "d2s1", [attr_int("blocksize", 2),
                                                    attr_str("mode", "XYZ")])],
        [value_info("x", FLOAT, [1, 4, 2, 2])], [value_info("y", FLOAT, [1, 1, 4, 4])], opset=13),
    "spacetodepth_indivisible": lambda: model(
        [node("SpaceToDepth", ["x"], ["y"], "s2d1", [attr_int("blocksize", 2)])],
        [value_info("x", FLOAT, [1, 1, 3, 4])], [value_info("y", FLOAT, [1, 4, 1, 2])], opset=13),
    "hannwindow_size1": lambda: model(
        [node("HannWindow", ["size"], ["y"], "hann1", [attr_int("periodic", 0)])],
        [], [value_info("y", FLOAT, [1])], [tensor("size", INT64, [], [1])], opset=17),
    "instancenorm_rank2": lambda: model(
        [node("InstanceNormalization", ["x", "s", "b"], ["y"], "in1")],
        [value_info("x", FLOAT, [2, 3])], [value_info("y", FLOAT, [2, 3])],
        [tensor("s", FLOAT, [3], [1, 1, 1]), tensor("b", FLOAT, [3], [0, 0, 0])], opset=6),
    "quantize_int32": lambda: model(
        [node("QuantizeLinear", ["x", "s", "zp"], ["y"], "q1")],
        [value_info("x", FLOAT, [2])], [value_info("y", INT32, [2])],
        [tensor("s", FLOAT, [], [0.5]), tensor("zp", INT32, [], [0], "int32_data")], opset=13),
    "celu_alpha0": lambda: model(
        [node("Celu", ["x"], ["y"], "celu1", [f_bytes(1, "alpha") + f_int(20, 1) + f_float(2, 0.0)])],
        [value_info("x", FLOAT, [2])], [value_info("y", FLOAT, [2])], opset=12),
    "topk_k_range": lambda: model(
        [node("TopK", ["x", "k"], ["v", "i"], "topk1")],
        [value_info("x", FLOAT, [3])], [value_info("v", FLOAT, [4]), value_info("i", INT64, [4])],
        [tensor("k", INT64, [1], [4])], opset=11),
    "lrn_size0": lambda: model(
        [node("LRN", ["x"], ["y"], "lrn1")],
        [value_info("x", FLOAT, [1, 2, 2])], [value_info("y", FLOAT, [1, 2, 2])], opset=13),
    "scatter_reduction": lambda: model(
        [node("ScatterElements", ["x", "i", "u"], ["y"], "scatter1",
              [attr_str("reduction", "sub")])],
        [value_info("x", FLOAT, [3]), value_info("u", FLOAT, [1])], [value_info("y", FLOAT, [3])],
        [tensor("i", INT64, [1], [0])], opset=18),
    "lstm_activations": lambda: model(
        [node("LSTM", ["x", "w", "r"], ["", "h"], "lstm1",
              [attr_int("hidden_size", 2),
               f_bytes(1, "activations") + f_int(20, 8) + f_bytes(9, "Relu") + f_bytes(9, "Tanh")
               + f_bytes(9, "Tanh")])],
        [value_info("x", FLOAT, [1, 1, 2]), value_info("w", FLOAT, [1, 8, 2]),
         value_info("r", FLOAT, [1, 8, 2])], [value_info("h", FLOAT, [1, 1, 2])], opset=14),
    "reversesequence_axes": lambda: model(
        [node("ReverseSequence", ["x", "l"], ["y"], "rev1",
              [attr_int("time_axis", 0), attr_int("batch_axis", 2)])],
        [value_info("x", FLOAT, [2, 2, 2])], [value_info("y", FLOAT, [2, 2, 2])],
        [tensor("l", INT64, [2], [1, 2])], opset=10),
    "gathernd_too_deep": lambda: model(
        [node("GatherND", ["x", "i"], ["y"], "gnd1")],
        [value_info("x", FLOAT, [2, 2])], [value_info("y", FLOAT, [1])],
        [tensor("i", INT64, [1, 3], [0, 0, 0])], opset=13),
    "einsum_bad_term": lambda: model(
        [node("Einsum", ["x"], ["y"], "einsum1", [attr_str("equation", "ijk->i")])],
        [value_info("x", FLOAT, [2, 2])], [value_info("y", FLOAT, [2])], opset=12),
    "compress_runtime": lambda: model(
        [node("Compress", ["x", "c"], ["y"], "compress1", [attr_int("axis", 0)])],
        [value_info("x", FLOAT, [3]), value_info("c", BOOL, [3])], [value_info("y", FLOAT, ["K"])],
        opset=11),
    "loop_runtime_trip": lambda: model(
        [node("Loop", ["m", "", "x"], ["y"], "loop1", [attr_graph("body", graph(
            [node("Identity", ["c"], ["c2"], "id1"), node("Relu", ["v"], ["v2"], "relu1")],
            [value_info("i", INT64, []), value_info("c", BOOL, []), value_info("v", FLOAT, [2])],
            [value_info("c2", BOOL, []), value_info("v2", FLOAT, [2])], name="body"))])],
        [value_info("m", INT64, []), value_info("x", FLOAT, [2])], [value_info("y", FLOAT, [2])],
        opset=13),
    "if_runtime_seq": lambda: model(
        [node("If", ["c"], ["s"], "if1", [
            attr_graph("then_branch", graph([node("SequenceConstruct", ["x"], ["t"], "sc1")], [],
                                            [sequence_info("t", FLOAT, [2])], name="then")),
            attr_graph("else_branch", graph([node("SequenceConstruct", ["x", "x"], ["e"], "sc2")], [],
                                            [sequence_info("e", FLOAT, [2])], name="else"))]),
         node("SequenceLength", ["s"], ["len"], "length1")],
        [value_info("c", BOOL, []), value_info("x", FLOAT, [2])], [value_info("len", INT64, [])],
        opset=13),
    "dft_length": lambda: model(
        [node("DFT", ["x", "len"], ["y"], "dft1")],
        [value_info("x", FLOAT, [1, 4, 1])], [value_info("y", FLOAT, [1, 8, 2])],
        [tensor("len", INT64, [], [8])], opset=17),
    "range_huge": lambda: model(
        [node("Range", ["a", "b", "d"], ["y"], "range1")],
        [], [value_info("y", FLOAT, ["N"])],
        [tensor("a", FLOAT, [], [0]), tensor("b", FLOAT, [], [1e30]), tensor("d", FLOAT, [], [1])],
        opset=11),
    # Unnamed graph inputs, outputs, initializers and body values (issue 19:
    # a NULL name reached the value table's hash).
    "input_no_name": lambda: model(
        [node("Relu", ["x"], ["y"], "relu1")],
        [f_bytes(2, tensor_type(FLOAT, [2]))], [value_info("y", FLOAT, [2])]),
    "output_no_name": lambda: model(
        [node("Relu", ["x"], ["y"], "relu1")],
        [value_info("x", FLOAT, [2])], [f_bytes(2, tensor_type(FLOAT, [2]))]),
    "initializer_no_name": lambda: model(
        [node("Relu", ["x"], ["y"], "relu1")],
        [value_info("x", FLOAT, [2])], [value_info("y", FLOAT, [2])],
        [f_int(1, 2) + f_int(2, FLOAT) + f_bytes(9, struct.pack("<2f", 1, 2))]),
    "body_output_no_name": lambda: model(
        [node("If", ["c"], ["y"], "if1", [
            attr_graph("then_branch", graph([node("Identity", ["x"], ["t"], "id1")], [],
                                            [f_bytes(2, tensor_type(FLOAT, [2]))], name="then")),
            attr_graph("else_branch", graph([node("Identity", ["x"], ["e"], "id2")], [],
                                            [value_info("e", FLOAT, [2])], name="else"))])],
        [value_info("c", BOOL, []), value_info("x", FLOAT, [2])], [value_info("y", FLOAT, [2])]),
    # Einsum's diagonal of a 2^31 dim: a 2^62-byte mask no host allocates.
    "einsum_diagonal_huge": lambda: model(
        [node("Einsum", ["x"], ["y"], "einsum1", [attr_str("equation", "ii->i")])],
        [value_info("x", FLOAT, [2**31, 2**31])], [value_info("y", FLOAT, [2**31])], opset=12),
    # Einsum's diagonal of a 60000 dim: a 3.6 GB mask that would fit in memory.
    "einsum_diagonal_large": lambda: model(
        [node("Einsum", ["x"], ["y"], "einsum1", [attr_str("equation", "ii->i")])],
        [value_info("x", FLOAT, [60000, 60000])], [value_info("y", FLOAT, [60000])], opset=12),
    # hidden_size whose 4 LSTM gates overflow 64 bits.
    "lstm_hidden_huge": lambda: model(
        [node("LSTM", ["x", "w", "r"], ["", "h"], "lstm1", [attr_int("hidden_size", 2**62)])],
        [value_info("x", FLOAT, [1, 1, 2]), value_info("w", FLOAT, [1, 8, 2]),
         value_info("r", FLOAT, [1, 8, 2])], [value_info("h", FLOAT, [1, 1, 2])], opset=14),
    # Nesting: protobuf-c recurses without a limit (3,000 Ifs overflowed
    # the stack); 64 graphs is the importer's limit.
    "nested_if_64": lambda: nested_if(64),
    "nested_if_65": lambda: nested_if(65),
    "nested_if_3000": lambda: nested_if(3000),
    "nested_type_20000": lambda: nested_sequence_input(20000),
    "nested_seq_pb_20000": lambda: nested_sequence_value(20000),
    # Operator sets newer than the importer knows.
    "opset_99": lambda: model(
        [node("Relu", ["x"], ["y"], "relu1")],
        [value_info("x", FLOAT, [2])], [value_info("y", FLOAT, [2])], opset=99),
    "training_opset_2": lambda: model(
        [node("Relu", ["x"], ["y"], "relu1")],
        [value_info("x", FLOAT, [2])], [value_info("y", FLOAT, [2])], domains=[(TRAINING, 2)]),
    # DFT's axis: an attribute counted without the last dim (opset 17), an
    # input counted over the whole rank (opset 20): both the signal axis 2
    # of x [1, 3, 4, 1].
    "dft17_axis2": lambda: model(
        [node("DFT", ["x"], ["y"], "dft1", [attr_int("axis", 2)])],
        [value_info("x", FLOAT, [1, 3, 4, 1])], [value_info("y", FLOAT, [1, 3, 4, 2])], opset=17),
    "dft20_axis2": lambda: model(
        [node("DFT", ["x", "", "axis"], ["y"], "dft1")],
        [value_info("x", FLOAT, [1, 3, 4, 1])], [value_info("y", FLOAT, [1, 3, 4, 2])],
        [tensor("axis", INT64, [], [2])], opset=20),
    "dft20_axis_last": lambda: model(
        [node("DFT", ["x", "", "axis"], ["y"], "dft1")],
        [value_info("x", FLOAT, [1, 3, 4, 1])], [value_info("y", FLOAT, [1, 3, 4, 2])],
        [tensor("axis", INT64, [], [-1])], opset=20),
}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in CASES:
        sys.exit("usage: make_onnx.py {%s} out.onnx" % ",".join(CASES))
    with open(sys.argv[2], "wb") as f:
        f.write(CASES[sys.argv[1]]())
