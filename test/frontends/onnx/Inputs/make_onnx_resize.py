#!/usr/bin/env python3
"""Writes small Resize/Upsample models for the importer tests (standard
library only; the protobuf helpers come from make_onnx.py).

usage: make_onnx_resize.py <case> <out.onnx>   (cases: see CASES below)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_onnx import (FLOAT, INT64, attr_int, attr_ints, attr_str, attr_floats, model, node,
                       tensor, value_info)  # noqa: E402


X = [value_info("x", FLOAT, [1, 1, 2, 3])]


def resize(inputs, inits, attrs=(), opset=13, out=("N", "C", "H", "W"), extra=()):
    return model([node("Resize", inputs, ["y"], "rs1", attrs)], X + list(extra),
                 [value_info("y", FLOAT, list(out))], inits, opset=opset)


SCALES = tensor("s", FLOAT, [4], [1.0, 1.0, 2.0, 1.5])
SIZES = tensor("z", INT64, [4], [1, 1, 3, 5])

CASES = {
    # Resize-10: inputs (X, scales); asymmetric, nearest rounds down.
    "v10": lambda: resize(["x", "s"], [SCALES], opset=10),
    # Upsample-7: scales attribute.
    "upsample7": lambda: model(
        [node("Upsample", ["x"], ["y"], "up1", [attr_floats("scales", [1, 1, 2, 2])])],
        X, [value_info("y", FLOAT, [1, 1, 4, 6])], opset=7),
    # Resize-13 with sizes (roi and scales omitted): scale = out / in.
    "sizes": lambda: resize(["x", "", "", "z"], [SIZES],
                            [attr_str("mode", "linear"),
                             attr_str("coordinate_transformation_mode", "align_corners")]),
    # Resize-18 with axes naming every axis in order: accepted.
    "axes_all": lambda: resize(["x", "", "s"], [SCALES], [attr_ints("axes", [0, 1, 2, 3])],
                               opset=18),
    "cubic": lambda: resize(["x", "", "s"], [SCALES], [attr_str("mode", "cubic")]),
    "crop": lambda: resize(["x", "r", "s"], [SCALES, tensor("r", FLOAT, [8], [0] * 4 + [1] * 4)],
                           [attr_str("coordinate_transformation_mode", "tf_crop_and_resize")]),
    # tf_crop_and_resize without roi: an error at the node.
    "crop_no_roi": lambda: resize(["x", "", "s"], [SCALES],
                                  [attr_str("coordinate_transformation_mode",
                                            "tf_crop_and_resize")]),
    "linear_exclude": lambda: resize(["x", "", "s"], [SCALES],
                                     [attr_str("mode", "linear"), attr_int("exclude_outside", 1)]),
    # half_pixel_symmetric (opset 19) and antialias (opset 18): attributes.
    "symmetric": lambda: resize(["x", "", "s"], [SCALES],
                                [attr_str("coordinate_transformation_mode",
                                          "half_pixel_symmetric")], opset=19),
    "antialias": lambda: resize(["x", "", "s"], [tensor("s", FLOAT, [4], [1, 1, 0.5, 0.5])],
                                [attr_str("mode", "linear"), attr_int("antialias", 1)], opset=18),
    # nearest ignores antialias
    "antialias_nearest": lambda: resize(["x", "", "s"], [SCALES], [attr_int("antialias", 1)],
                                        opset=18),
    # keep_aspect_ratio_policy on axes 2, 3 with sizes 4, 4 of 2 x 3: one
    # scale, min (4/3) or max (2) of 4/2 and 4/3; sizes round half up.
    "aspect": lambda: resize(["x", "", "", "z2"], [tensor("z2", INT64, [2], [4, 4])],
                             [attr_str("keep_aspect_ratio_policy", "not_larger"),
                              attr_ints("axes", [2, 3])], opset=18),
    "aspect_smaller": lambda: resize(["x", "", "", "z2"], [tensor("z2", INT64, [2], [4, 4])],
                                     [attr_str("keep_aspect_ratio_policy", "not_smaller"),
                                      attr_ints("axes", [2, 3])], opset=18),
    "aspect_bad": lambda: resize(["x", "", "", "z"], [SIZES],
                                 [attr_str("keep_aspect_ratio_policy", "fit")], opset=18),
    # axes: a subset, in any order (negative counts from the end); the other
    # axes keep scale 1.
    "axes": lambda: resize(["x", "", "s2"], [tensor("s2", FLOAT, [2], [2.0, 2.0])],
                           [attr_ints("axes", [2, 3])], opset=18),
    "axes_reversed": lambda: resize(["x", "", "s2"], [tensor("s2", FLOAT, [2], [2.0, 1.0])],
                                    [attr_ints("axes", [-1, 2])], opset=18),
    "axes_crop": lambda: resize(["x", "r", "s2"],
                                [tensor("s2", FLOAT, [2], [1.0, 1.0]),
                                 tensor("r", FLOAT, [4], [0.25, 0.125, 0.75, 0.875])],
                                [attr_str("coordinate_transformation_mode", "tf_crop_and_resize"),
                                 attr_ints("axes", [3, 2])], opset=18),
    "axes_range": lambda: resize(["x", "", "s2"], [tensor("s2", FLOAT, [2], [2.0, 2.0])],
                                 [attr_ints("axes", [2, 4])], opset=18),
    "axes_twice": lambda: resize(["x", "", "s2"], [tensor("s2", FLOAT, [2], [2.0, 2.0])],
                                 [attr_ints("axes", [3, -1])], opset=18),
    "axes_count": lambda: resize(["x", "", "s"], [SCALES], [attr_ints("axes", [2, 3])], opset=18),
    "axes_crop_roi": lambda: resize(["x", "r", "s2"],
                                    [tensor("s2", FLOAT, [2], [1.0, 1.0]),
                                     tensor("r", FLOAT, [8], [0] * 4 + [1] * 4)],
                                    [attr_str("coordinate_transformation_mode",
                                              "tf_crop_and_resize"),
                                     attr_ints("axes", [3, 2])], opset=18),
    # scales computed at run time (a graph input, not bound to a value).
    "dynamic": lambda: resize(["x", "", "s"], [], extra=[value_info("s", FLOAT, [4])]),
    "both": lambda: resize(["x", "", "s", "z"], [SCALES, SIZES]),
    # TensorProto files to run "v10": x = 1..6 and the expected nearest
    # (asymmetric, floor) result.
    "v10_x.pb": lambda: tensor("x", FLOAT, [1, 1, 2, 3], [1, 2, 3, 4, 5, 6]),
    "v10_y.pb": lambda: tensor("y", FLOAT, [1, 1, 4, 4],
                               [1, 1, 2, 3, 1, 1, 2, 3, 4, 4, 5, 6, 4, 4, 5, 6]),
    # "axes" (nearest, half_pixel, x2 on H and W): each element twice
    # along both; "axes_reversed" (x2 on W only).
    "axes_y.pb": lambda: tensor("y", FLOAT, [1, 1, 4, 6],
                                [1, 1, 2, 2, 3, 3] * 2 + [4, 4, 5, 5, 6, 6] * 2),
    "axes_reversed_y.pb": lambda: tensor("y", FLOAT, [1, 1, 2, 6],
                                         [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]),
}

if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in CASES:
        sys.exit("usage: make_onnx_resize.py {%s} out.onnx" % ",".join(CASES))
    with open(sys.argv[2], "wb") as f:
        f.write(CASES[sys.argv[1]]())
