// te-default-schedule, the loop order of an injective compute that reads a
// channel-blocked tensor back into NCHW (passes/te/te_unblock_order.c): the
// direct convolution's NCHW{B}c product viewed as NCHW and merged with the
// relu by te-inline reads cv[n, o / B, oh, ow, o % B]; its schedule splits
// o by B and runs the lanes o.1 just outside ow, so one (o.0, oh) step reads
// one row of cv. B is the host tile's columns, matched loosely.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te,te-inline,te-default-schedule)' | FileCheck %s

// CHECK-LABEL: func.func @conv_relu(
// CHECK: name = "conv2d_direct"
// CHECK: arith.divui %{{.*}}, %[[B:.*]] : index
// CHECK: arith.remui
// CHECK: name = "relu", reduce_extents = array<i64>, schedule = [{axis = "d1", factors = array<i64: {{16|32|64}}>, prim = "split"}, {order = ["d0", "d1.0", "d2", "d1.1", "d3"], prim = "reorder"}, {axis = "d{{1.0|2}}", prim = "parallel"}]
func.func @conv_relu(%a: tensor<1x16x64x64xf32>, %b: tensor<64x16x3x3xf32>) -> tensor<1x64x64x64xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x16x64x64xf32>, tensor<64x16x3x3xf32>) -> tensor<1x64x64x64xf32>
  %1 = "graph.relu"(%0) : (tensor<1x64x64x64xf32>) -> tensor<1x64x64x64xf32>
  return %1 : tensor<1x64x64x64xf32>
}

// A plain elementwise compute keeps the default: its first axis in
// parallel, no split.
// CHECK-LABEL: func.func @plain(
// CHECK: name = "relu", reduce_extents = array<i64>, schedule = [{axis = "d1", prim = "parallel"}]
func.func @plain(%a: tensor<1x64x64x64xf32>) -> tensor<1x64x64x64xf32> {
  %1 = "graph.relu"(%a) : (tensor<1x64x64x64xf32>) -> tensor<1x64x64x64xf32>
  return %1 : tensor<1x64x64x64xf32>
}

// The other direction: the second convolution's padded input (channels
// last, c innermost) reads the first one's product through its NCHW view
// and the relu, cv[n, c / B, ih, iw, c % B]; its schedule splits c by B and
// vectorizes the lanes (tir-simplify-index makes the division the loop
// variables), keeping the parallel row loop. The first convolution's
// padded input reads the NCHW argument and keeps the default.
// CHECK-LABEL: func.func @conv_chain(
// CHECK: name = "conv2d_input", reduce_extents = array<i64>, schedule = [{axis = "d1", prim = "parallel"}]
// CHECK: name = "conv2d_input_1", reduce_extents = array<i64>, schedule = [{axis = "d4", factors = array<i64: {{16|32|64}}>, prim = "split"}, {axis = "d4.1", prim = "vectorize"}, {axis = "d1", prim = "parallel"}]
func.func @conv_chain(%a: tensor<1x16x64x64xf32>, %b: tensor<64x16x3x3xf32>, %w: tensor<64x64x3x3xf32>) -> tensor<1x64x32x32xf32> {
  %0 = "graph.conv2d"(%a, %b) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x16x64x64xf32>, tensor<64x16x3x3xf32>) -> tensor<1x64x64x64xf32>
  %1 = "graph.relu"(%0) : (tensor<1x64x64x64xf32>) -> tensor<1x64x64x64xf32>
  %2 = "graph.conv2d"(%1, %w) {strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : (tensor<1x64x64x64xf32>, tensor<64x64x3x3xf32>) -> tensor<1x64x32x32xf32>
  return %2 : tensor<1x64x32x32xf32>
}
