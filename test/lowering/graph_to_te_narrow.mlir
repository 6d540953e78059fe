// RUN: strata-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s

// graph.cast from and to the 8-bit and 4-bit floats
// (lowering/graph_to_te_narrow.c): codes move through the scalar kernels
// strata_narrow_to_f64 / strata_narrow_from_f64 (runtime/narrow_types.h);
// the format is the kernel's second argument (0 E4M3FN, 2 E5M2, 4 E8M0,
// 5 E2M1), with saturate << 4 and round_mode << 5 when encoding.

// f32 -> f8E4M3FN, saturating (the default): flags 0 | 1 << 4 = 16.
// CHECK-LABEL: func.func @to_e4m3fn
// CHECK:       te.compute
// CHECK:         %[[X:.*]] = arith.extf %{{.*}} : f32 to f64
// CHECK:         %[[C:.*]] = func.call @strata_narrow_from_f64(%[[X]], %c16_i64) : (f64, i64) -> i64
// CHECK:         %[[T:.*]] = arith.trunci %[[C]] : i64 to i8
// CHECK:         arith.bitcast %[[T]] : i8 to f8E4M3FN
// CHECK:       func.func private @strata_narrow_from_f64(f64, i64) -> i64
func.func @to_e4m3fn(%x: tensor<4xf32>) -> tensor<4xf8E4M3FN> {
  %0 = "graph.cast"(%x) : (tensor<4xf32>) -> tensor<4xf8E4M3FN>
  return %0 : tensor<4xf8E4M3FN>
}

// -----

// saturate = false: flags 2 (E5M2), no saturate bit.
// CHECK-LABEL: func.func @to_e5m2_overflowing
// CHECK:         func.call @strata_narrow_from_f64(%{{.*}}, %c2_i64)
func.func @to_e5m2_overflowing(%x: tensor<4xf16>) -> tensor<4xf8E5M2> {
  %0 = "graph.cast"(%x) {saturate = false} : (tensor<4xf16>) -> tensor<4xf8E5M2>
  return %0 : tensor<4xf8E5M2>
}

// -----

// E8M0 rounding to nearest: 4 | 1 << 4 | 2 << 5 = 84.
// CHECK-LABEL: func.func @to_e8m0_nearest
// CHECK:         func.call @strata_narrow_from_f64(%{{.*}}, %c84_i64)
func.func @to_e8m0_nearest(%x: tensor<4xf32>) -> tensor<4xf8E8M0FNU> {
  %0 = "graph.cast"(%x) {round_mode = "nearest"} : (tensor<4xf32>) -> tensor<4xf8E8M0FNU>
  return %0 : tensor<4xf8E8M0FNU>
}

// -----

// f4E2M1FN -> f16: its 4-bit code decoded (format 5), then truncated.
// CHECK-LABEL: func.func @from_e2m1
// CHECK:         %[[B:.*]] = arith.bitcast %{{.*}} : f4E2M1FN to i4
// CHECK:         %[[E:.*]] = arith.extui %[[B]] : i4 to i64
// CHECK:         %[[V:.*]] = func.call @strata_narrow_to_f64(%[[E]], %c5_i64) : (i64, i64) -> f64
// CHECK:         arith.truncf %[[V]] : f64 to f16
func.func @from_e2m1(%x: tensor<4xf4E2M1FN>) -> tensor<4xf16> {
  %0 = "graph.cast"(%x) : (tensor<4xf4E2M1FN>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// float -> i4 goes through i64 and wraps (ONNX's reference: -9 -> 7).
// CHECK-LABEL: func.func @to_i4
// CHECK:         %[[I:.*]] = arith.fptosi %{{.*}} : f32 to i64
// CHECK:         arith.trunci %[[I]] : i64 to i4
func.func @to_i4(%x: tensor<4xf32>) -> tensor<4xi4> {
  %0 = "graph.cast"(%x) : (tensor<4xf32>) -> tensor<4xi4>
  return %0 : tensor<4xi4>
}

// -----

// Ops that only move elements take the narrow floats as they are.
// CHECK-LABEL: func.func @moved
// CHECK-NOT:     func.call
// CHECK:         te.compute
func.func @moved(%x: tensor<2x3xf8E5M2FNUZ>) -> tensor<3x2xf8E5M2FNUZ> {
  %0 = "graph.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf8E5M2FNUZ>) -> tensor<3x2xf8E5M2FNUZ>
  return %0 : tensor<3x2xf8E5M2FNUZ>
}
