#!/usr/bin/env python3
"""Writes small ONNX models of the object-detection operators
(NonMaxSuppression, RoiAlign) for the importer tests (standard library only;
the protobuf helpers come from make_onnx.py), and for the cases that run,
their inputs and expected outputs as TensorProto files, the expectations
computed here in plain Python (RoiAlign as the ONNX reference computes it).

usage: make_onnx_detection.py <case> <prefix>
  writes <prefix>.onnx, and for a running case <prefix>.in<K>.pb for every
  graph input K and <prefix>.out<K>.pb for every graph output K.
"""
import math
import os
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_onnx import (FLOAT, INT64, attr_float, attr_int, attr_str, model,  # noqa: E402
                       node, tensor, value_info, write_cases)
from protobuf_wire import f_bytes, f_int  # noqa: E402


def data_tensor(elem, dims, values):
    """An unnamed TensorProto (a graph input's value or an expectation)."""
    fmt = "<%df" % len(values) if elem == FLOAT else "<%dq" % len(values)
    return (b"".join(f_int(1, d) for d in dims) + f_int(2, elem)
            + f_bytes(9, struct.pack(fmt, *values)))


def f32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


def roi_align(x, dims, rois, batch, oh, ow, ratio, scale, mode, half_pixel):
    """The ONNX reference RoiAlign on x (flat, dims [N, C, H, W])."""
    _, c, h, w = dims
    out = []
    for r, b in enumerate(batch):
        off = 0.5 if half_pixel else 0.0
        x1, y1, x2, y2 = (v * scale - off for v in rois[4 * r:4 * r + 4])
        rw, rh = x2 - x1, y2 - y1
        if not half_pixel:
            rw, rh = max(rw, 1.0), max(rh, 1.0)
        bh, bw = rh / oh, rw / ow
        gh = ratio if ratio > 0 else int(math.ceil(rh / oh))
        gw = ratio if ratio > 0 else int(math.ceil(rw / ow))
        for ch in range(c):
            plane = x[(b * c + ch) * h * w:(b * c + ch + 1) * h * w]
            for ph in range(oh):
                for pw in range(ow):
                    vals = []
                    for iy in range(gh):
                        yy = y1 + ph * bh + (iy + 0.5) * bh / gh
                        for ix in range(gw):
                            xx = x1 + pw * bw + (ix + 0.5) * bw / gw
                            vals.append(taps(plane, h, w, yy, xx))
                    if mode == "avg":
                        out.append(sum(sum(t) for t in vals) / max(gh * gw, 1))
                    else:
                        out.append(max(max(t) for t in vals) if vals else 0.0)
    return out


def taps(plane, h, w, y, x):
    """The four weighted bilinear taps at (y, x) (all 0 far outside)."""
    if y < -1.0 or y > h or x < -1.0 or x > w:
        return [0.0, 0.0, 0.0, 0.0]
    y, x = max(y, 0.0), max(x, 0.0)
    yl, xl = int(y), int(x)
    if yl >= h - 1:
        yl = yh = h - 1
        y = float(yl)
    else:
        yh = yl + 1
    if xl >= w - 1:
        xl = xh = w - 1
        x = float(xl)
    else:
        xh = xl + 1
    ly, lx = y - yl, x - xl
    hy, hx = 1.0 - ly, 1.0 - lx
    return [hy * hx * plane[yl * w + xl], hy * lx * plane[yl * w + xh],
            ly * hx * plane[yh * w + xl], ly * lx * plane[yh * w + xh]]


def roialign_v10_max():
    """RoiAlign-10 (no coordinate_transformation_mode: output_half_pixel
    sampling), mode max, spatial_scale 0.5, adaptive sampling_ratio, two
    batches; one ROI smaller than a pixel (forced to 1 x 1) and one partly
    outside the image."""
    dims, oh, ow, scale = [2, 2, 4, 5], 2, 3, 0.5
    x = [f32(((i * 37) % 23 - 11) / 7.0) for i in range(2 * 2 * 4 * 5)]
    rois = [0.0, 0.0, 9.0, 7.0, 2.0, 1.0, 2.5, 1.5, -3.0, 2.0, 12.0, 11.0]
    batch = [1, 0, 1]
    attrs = [attr_str("mode", "max"), attr_int("output_height", oh),
             attr_int("output_width", ow), attr_float("spatial_scale", scale)]
    m = model([node("RoiAlign", ["x", "rois", "bi"], ["y"], "roi1", attrs)],
              [value_info("x", FLOAT, dims), value_info("rois", FLOAT, [3, 4]),
               value_info("bi", INT64, [3])],
              [value_info("y", FLOAT, [3, 2, oh, ow])], opset=10)
    y = roi_align(x, dims, rois, batch, oh, ow, 0, scale, "max", False)
    return (m, [data_tensor(FLOAT, dims, x), data_tensor(FLOAT, [3, 4], rois),
                data_tensor(INT64, [3], batch)],
            [data_tensor(FLOAT, [3, 2, oh, ow], y)])


def nms(scalar_inputs, box_inputs):
    """NonMaxSuppression `nms1` on boxes [1, 3, 4] and scores [1, 1, 3]:
    graph inputs (not bound) when box_inputs, else initializers; likewise
    max_output_boxes_per_class, iou_threshold and score_threshold."""
    boxes = [0.0, 0.0, 1.0, 1.0, 0.0, 0.1, 1.0, 1.1, 0.0, 10.0, 1.0, 11.0]
    scores = [0.9, 0.75, 0.6]
    ins, inits = [], []
    for name, elem, dims, vals, as_input in (
            ("boxes", FLOAT, [1, 3, 4], boxes, box_inputs),
            ("scores", FLOAT, [1, 1, 3], scores, box_inputs),
            ("max", INT64, [1], [2], scalar_inputs),
            ("iou", FLOAT, [1], [0.5], scalar_inputs),
            ("score", FLOAT, [1], [0.0], scalar_inputs)):
        if as_input:
            ins.append(value_info(name, elem, dims))
        else:
            inits.append(tensor(name, elem, dims, vals))
    return model([node("NonMaxSuppression", ["boxes", "scores", "max", "iou", "score"], ["sel"],
                       "nms1")], ins, [value_info("sel", INT64, ["k", 3])], inits, opset=11)


def nms_constant():
    """Every input an initializer: box 1 overlaps box 0 (IoU 0.9 / 1.1 >
    0.5) and is suppressed, box 2 is kept."""
    return nms(False, False), [], [data_tensor(INT64, [2, 3], [0, 0, 0, 0, 0, 2])]


RUN_CASES = {"roialign_v10_max": roialign_v10_max, "nms_constant": nms_constant}
ERROR_CASES = {
    # max_output_boxes_per_class is a graph input whose value is not given:
    # it cannot become an attribute.
    "nms_max_unbound": lambda: nms(scalar_inputs=True, box_inputs=False),
    # boxes and scores are graph inputs whose values are not given: the
    # number of selected boxes cannot be known.
    "nms_boxes_unbound": lambda: nms(scalar_inputs=False, box_inputs=True),
}

if __name__ == "__main__":
    write_cases("make_onnx_detection.py", RUN_CASES, ERROR_CASES, sys.argv)
