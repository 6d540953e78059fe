// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-canonicalize)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-canonicalize{fold-limit=0})' | FileCheck %s --check-prefix=NOFOLD
// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-canonicalize)' --mlir-print-debuginfo | FileCheck %s --check-prefix=LOC
// RUN: not strata-opt %s --pass-pipeline='builtin.module(graph-canonicalize{fold-limit=-1})' 2>&1 | FileCheck %s --check-prefix=BADOPT
// The README demo model reduces to dense -> relu -> dense -> softmax.
// RUN: strata-opt %strata_src/examples/models/mlp.mlir --pass-pipeline='builtin.module(graph-canonicalize,strata-dce)' | FileCheck %s --check-prefix=MLP

// BADOPT: option 'fold-limit' of pass 'graph-canonicalize' expects an integer in [0, 16777216], got '-1'

// MLP-LABEL: func.func @mlp
// MLP-NEXT: %[[W1:.*]] = "graph.constant"() {value = dense<{{.*}}> : tensor<8x16xf32>}
// MLP-NEXT: %[[B1:.*]] = "graph.constant"() {value = dense<{{.*}}> : tensor<8xf32>}
// MLP-NEXT: %[[W2:.*]] = "graph.constant"() {value = dense<{{.*}}> : tensor<4x8xf32>}
// MLP-NEXT: %[[H:.*]] = "graph.dense"(%arg0, %[[W1]], %[[B1]])
// MLP-NEXT: %[[R:.*]] = "graph.relu"(%[[H]])
// MLP-NEXT: %[[B2:.*]] = "graph.constant"() {value = dense<1.000000e+00> : tensor<4xf32>}
// MLP-NEXT: %[[O:.*]] = "graph.dense"(%[[R]], %[[W2]], %[[B2]])
// MLP-NEXT: %[[S:.*]] = "graph.softmax"(%[[O]])
// MLP-NEXT: return %[[S]]

// ---- No-op elimination ----------------------------------------------------

// CHECK-LABEL: func.func @reshape_same_type
// CHECK-NEXT: return %arg0
func.func @reshape_same_type(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.reshape"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// A real reshape stays.
// CHECK-LABEL: func.func @reshape_kept
// CHECK-NEXT: %[[R:.*]] = "graph.reshape"(%arg0)
// CHECK-NEXT: return %[[R]]
func.func @reshape_kept(%x: tensor<2x3xf32>) -> tensor<6xf32> {
  %0 = "graph.reshape"(%x) : (tensor<2x3xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// CHECK-LABEL: func.func @flatten_same_type
// CHECK-NEXT: return %arg0
func.func @flatten_same_type(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.flatten"(%x) {axis = 1 : i64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @cast_same_type
// CHECK-NEXT: return %arg0
func.func @cast_same_type(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.cast"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @cast_kept
// CHECK-NEXT: %[[C:.*]] = "graph.cast"(%arg0)
// CHECK-NEXT: return %[[C]]
func.func @cast_kept(%x: tensor<4xf32>) -> tensor<4xf16> {
  %0 = "graph.cast"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// CHECK-LABEL: func.func @transpose_identity
// CHECK-NEXT: return %arg0
func.func @transpose_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.transpose"(%x) {perm = array<i64: 0, 1>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// An identity perm over a `?` whose result type is more static than the
// input's would change the type its user sees: kept.
// CHECK-LABEL: func.func @transpose_identity_refines_type
// CHECK-NEXT: %[[T:.*]] = "graph.transpose"(%arg0)
// CHECK-NEXT: return %[[T]]
func.func @transpose_identity_refines_type(%x: tensor<?x3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.transpose"(%x) {perm = array<i64: 0, 1>} : (tensor<?x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @transpose_pair_cancels
// CHECK-NEXT: "graph.transpose"(%arg0) {perm = array<i64: 1, 0>}
// CHECK-NEXT: return %arg0
func.func @transpose_pair_cancels(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = "graph.transpose"(%0) {perm = array<i64: 1, 0>} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// [1, 2, 0] then [1, 2, 0] is [2, 0, 1]. The inner transpose, now unused, is
// left for strata-dce.
// CHECK-LABEL: func.func @transpose_pair_composes
// CHECK-NEXT: "graph.transpose"(%arg0) {perm = array<i64: 1, 2, 0>}
// CHECK-NEXT: %[[T:.*]] = "graph.transpose"(%arg0) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT: return %[[T]]
func.func @transpose_pair_composes(%x: tensor<2x3x4xf32>) -> tensor<4x2x3xf32> {
  %0 = "graph.transpose"(%x) {perm = array<i64: 1, 2, 0>} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %1 = "graph.transpose"(%0) {perm = array<i64: 1, 2, 0>} : (tensor<3x4x2xf32>) -> tensor<4x2x3xf32>
  return %1 : tensor<4x2x3xf32>
}

// A long chain collapses: eleven swaps are one (the dead ones all read x).
// CHECK-LABEL: func.func @transpose_long_chain
// CHECK-COUNT-5: "graph.transpose"(%arg0) {perm = array<i64: 1, 0>}
// CHECK-NEXT: %[[T:.*]] = "graph.transpose"(%arg0) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: return %[[T]]
func.func @transpose_long_chain(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = "graph.transpose"(%x) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = "graph.transpose"(%0) {perm = array<i64: 1, 0>} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %2 = "graph.transpose"(%1) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %3 = "graph.transpose"(%2) {perm = array<i64: 1, 0>} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %4 = "graph.transpose"(%3) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %5 = "graph.transpose"(%4) {perm = array<i64: 1, 0>} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %6 = "graph.transpose"(%5) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %7 = "graph.transpose"(%6) {perm = array<i64: 1, 0>} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %8 = "graph.transpose"(%7) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %9 = "graph.transpose"(%8) {perm = array<i64: 1, 0>} : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %10 = "graph.transpose"(%9) {perm = array<i64: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %10 : tensor<3x2xf32>
}

// CHECK-LABEL: func.func @slice_whole
// CHECK-NEXT: return %arg0
func.func @slice_whole(%x: tensor<2x?xf32>) -> tensor<2x?xf32> {
  %0 = "graph.slice"(%x) {starts = array<i64: 0, 0>, ends = array<i64: 5, 9223372036854775807>, steps = array<i64: 1, 1>} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  return %0 : tensor<2x?xf32>
}

// A finite end on a `?` dim may cut it: kept. So is a step of 2.
// CHECK-LABEL: func.func @slice_kept
// CHECK-NEXT: "graph.slice"(%arg0)
// CHECK-NEXT: "graph.slice"(%arg1)
// CHECK-NEXT: return
func.func @slice_kept(%x: tensor<2x?xf32>, %y: tensor<4xf32>) -> (tensor<2x?xf32>, tensor<2xf32>) {
  %0 = "graph.slice"(%x) {starts = array<i64: 0, 0>, ends = array<i64: 2, 8>, steps = array<i64: 1, 1>} : (tensor<2x?xf32>) -> tensor<2x?xf32>
  %1 = "graph.slice"(%y) {starts = array<i64: 0>, ends = array<i64: 4>, steps = array<i64: 2>} : (tensor<4xf32>) -> tensor<2xf32>
  return %0, %1 : tensor<2x?xf32>, tensor<2xf32>
}

// CHECK-LABEL: func.func @pad_zero
// CHECK-NEXT: return %arg0
func.func @pad_zero(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = "graph.pad"(%x) {pads = array<i64: 0, 0, 0, 0>, pad_value = 1.0 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// CHECK-LABEL: func.func @pad_kept
// CHECK-NEXT: %[[P:.*]] = "graph.pad"(%arg0)
// CHECK-NEXT: return %[[P]]
func.func @pad_kept(%x: tensor<2x3xf32>) -> tensor<2x4xf32> {
  %0 = "graph.pad"(%x) {pads = array<i64: 0, 0, 0, 1>, pad_value = 0.0 : f32} : (tensor<2x3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// CHECK-LABEL: func.func @layout_same
// CHECK-NEXT: return %arg0
func.func @layout_same(%x: tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32> {
  %0 = "graph.layout_transform"(%x) {src_layout = "NCHW", dst_layout = "NCHW"} : (tensor<1x8x4x4xf32>) -> tensor<1x8x4x4xf32>
  return %0 : tensor<1x8x4x4xf32>
}

// CHECK-LABEL: func.func @layout_kept
// CHECK-NEXT: %[[L:.*]] = "graph.layout_transform"(%arg0)
// CHECK-NEXT: return %[[L]]
func.func @layout_kept(%x: tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32> {
  %0 = "graph.layout_transform"(%x) {src_layout = "NCHW", dst_layout = "NHWC"} : (tensor<1x8x4x4xf32>) -> tensor<1x4x4x8xf32>
  return %0 : tensor<1x4x4x8xf32>
}

// CHECK-LABEL: func.func @reshape_chain
// CHECK-NEXT: "graph.reshape"(%arg0) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
// CHECK-NEXT: %[[R:.*]] = "graph.reshape"(%arg0) : (tensor<2x3x4xf32>) -> tensor<24xf32>
// CHECK-NEXT: return %[[R]]
func.func @reshape_chain(%x: tensor<2x3x4xf32>) -> tensor<24xf32> {
  %0 = "graph.reshape"(%x) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = "graph.reshape"(%0) : (tensor<6x4xf32>) -> tensor<24xf32>
  return %1 : tensor<24xf32>
}

// A reshape to a target computed at run time with several `?` dims may
// permute them between equal types: it stays; in a chain the outer
// reshape keeps its target operand. With one `?` equal types are the same
// shape, so it goes.
// CHECK-LABEL: func.func @reshape_runtime_target
// CHECK-NEXT: %[[A:.*]] = "graph.reshape"(%arg0, %arg1) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
// CHECK-NEXT: "graph.reshape"(%arg0) : (tensor<?x?xf32>) -> tensor<?xf32>
// CHECK-NEXT: %[[C:.*]] = "graph.reshape"(%arg0, %arg1) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
// CHECK-NEXT: return %[[A]], %[[C]], %arg2
func.func @reshape_runtime_target(%x: tensor<?x?xf32>, %t: tensor<2xi64>, %y: tensor<?x8xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x8xf32>) {
  %0 = "graph.reshape"(%x, %t) : (tensor<?x?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %1 = "graph.reshape"(%x) : (tensor<?x?xf32>) -> tensor<?xf32>
  %2 = "graph.reshape"(%1, %t) : (tensor<?xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %3 = "graph.reshape"(%y, %t) : (tensor<?x8xf32>, tensor<2xi64>) -> tensor<?x8xf32>
  return %0, %2, %3 : tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x8xf32>
}

// flatten of reshape is one reshape; reshape back to the input's type is x.
// CHECK-LABEL: func.func @flatten_chain
// CHECK-NEXT: "graph.reshape"(%arg0) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
// CHECK-NEXT: %[[R:.*]] = "graph.reshape"(%arg0) : (tensor<2x3x4xf32>) -> tensor<1x24xf32>
// CHECK-NEXT: "graph.flatten"(%arg0)
// CHECK-NEXT: return %[[R]], %arg0
func.func @flatten_chain(%x: tensor<2x3x4xf32>) -> (tensor<1x24xf32>, tensor<2x3x4xf32>) {
  %0 = "graph.reshape"(%x) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %1 = "graph.flatten"(%0) {axis = 0 : i64} : (tensor<6x4xf32>) -> tensor<1x24xf32>
  %2 = "graph.flatten"(%x) {axis = 2 : i64} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %3 = "graph.reshape"(%2) : (tensor<6x4xf32>) -> tensor<2x3x4xf32>
  return %1, %3 : tensor<1x24xf32>, tensor<2x3x4xf32>
}

// CHECK-LABEL: func.func @add_zero
// CHECK-NOT: graph.add
// CHECK: return %arg0, %arg0
func.func @add_zero(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %z = "graph.constant"() {value = dense<0.0> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "graph.add"(%x, %z) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "graph.add"(%z, %x) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}

// Broadcasting against the zeros grows the shape: x + 0 is not x.
// CHECK-LABEL: func.func @add_zero_broadcast_kept
// CHECK: %[[A:.*]] = "graph.add"(%arg0
// CHECK-NEXT: return %[[A]]
func.func @add_zero_broadcast_kept(%x: tensor<3xf32>) -> tensor<2x3xf32> {
  %z = "graph.constant"() {value = dense<0.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %0 = "graph.add"(%x, %z) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// Not all elements are zero: kept.
// CHECK-LABEL: func.func @add_nonzero_kept
// CHECK: %[[A:.*]] = "graph.add"(%arg0
// CHECK-NEXT: return %[[A]]
func.func @add_nonzero_kept(%x: tensor<3xf32>) -> tensor<3xf32> {
  %c = "graph.constant"() {value = dense<[0.0, 0.0, 1.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "graph.add"(%x, %c) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// x - 0 is x (integers too); 0 - x is not.
// CHECK-LABEL: func.func @sub_zero
// CHECK: %[[S:.*]] = "graph.sub"(%{{.*}}, %arg0)
// CHECK-NEXT: return %arg0, %[[S]]
func.func @sub_zero(%x: tensor<2xi32>) -> (tensor<2xi32>, tensor<2xi32>) {
  %z = "graph.constant"() {value = dense<[0, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "graph.sub"(%x, %z) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %1 = "graph.sub"(%z, %x) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  return %0, %1 : tensor<2xi32>, tensor<2xi32>
}

// CHECK-LABEL: func.func @mul_one
// CHECK-NOT: graph.mul
// CHECK: return %arg0, %arg0
func.func @mul_one(%x: tensor<4xf64>) -> (tensor<4xf64>, tensor<4xf64>) {
  %one = "graph.constant"() {value = dense<1.0> : tensor<1xf64>} : () -> tensor<1xf64>
  %0 = "graph.mul"(%x, %one) : (tensor<4xf64>, tensor<1xf64>) -> tensor<4xf64>
  %1 = "graph.mul"(%one, %x) : (tensor<1xf64>, tensor<4xf64>) -> tensor<4xf64>
  return %0, %1 : tensor<4xf64>, tensor<4xf64>
}

// x / 1 is x; 1 / x is not; x * 0 is not x.
// CHECK-LABEL: func.func @div_one
// CHECK: %[[D:.*]] = "graph.div"(%{{.*}}, %arg0)
// CHECK-NEXT: %[[M:.*]] = "graph.mul"(%arg0
// CHECK-NEXT: return %arg0, %[[D]], %[[M]]
func.func @div_one(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %one = "graph.constant"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %zero = "graph.constant"() {value = dense<0.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "graph.div"(%x, %one) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "graph.div"(%one, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "graph.mul"(%x, %zero) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @relu_relu
// CHECK-NEXT: %[[R:.*]] = "graph.relu"(%arg0)
// CHECK-NEXT: return %[[R]]
func.func @relu_relu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.relu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "graph.relu"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "graph.relu"(%1) : (tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}

// relu of something else stays.
// CHECK-LABEL: func.func @relu_kept
// CHECK-NEXT: "graph.neg"
// CHECK-NEXT: %[[R:.*]] = "graph.relu"
// CHECK-NEXT: return %[[R]]
func.func @relu_kept(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "graph.relu"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}

// Concat is left alone.
// CHECK-LABEL: func.func @concat_kept
// CHECK: "graph.concat"
func.func @concat_kept(%x: tensor<2xf32>) -> tensor<2xf32> {
  %e = "graph.constant"() {value = dense<0.0> : tensor<0xf32>} : () -> tensor<0xf32>
  %0 = "graph.concat"(%x, %e) {axis = 0 : i64} : (tensor<2xf32>, tensor<0xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// ---- Constant folding -----------------------------------------------------
// The constants folded from stay (unused) for strata-dce; the new constant
// takes the folded op's place and location.

// CHECK-LABEL: func.func @fold_unary
// CHECK: %[[C:.*]] = "graph.constant"() {value = dense<[-1.000000e+00, 2.000000e+00, -0.000000e+00]> : tensor<3xf32>}
// CHECK-NEXT: return %[[C]]
// NOFOLD-LABEL: func.func @fold_unary
// NOFOLD: "graph.neg"
func.func @fold_unary() -> tensor<3xf32> {
  %c = "graph.constant"() {value = dense<[1.0, -2.0, 0.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "graph.neg"(%c) : (tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// A chain folds completely; a splat stays a splat.
// CHECK-LABEL: func.func @fold_chain_splat
// CHECK: %[[C:.*]] = "graph.constant"() {value = dense<5.000000e-01> : tensor<2x2xf32>}
// CHECK-NEXT: return %[[C]]
func.func @fold_chain_splat() -> tensor<2x2xf32> {
  %c = "graph.constant"() {value = dense<-3.0> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %0 = "graph.relu"(%c) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  %1 = "graph.sigmoid"(%0) : (tensor<2x2xf32>) -> tensor<2x2xf32>
  return %1 : tensor<2x2xf32>
}

// CHECK-LABEL: func.func @fold_unary_math
// CHECK: "graph.constant"() {value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<3xf64>}
// CHECK: "graph.constant"() {value = dense<[1.000000e+00, 2.71828175]> : tensor<2xf32>}
// CHECK: "graph.constant"() {value = dense<[0.000000e+00, 0.693147182]> : tensor<2xf32>}
// CHECK: "graph.constant"() {value = dense<[0.000000e+00, 0.761594176]> : tensor<2xf32>}
// CHECK: "graph.constant"() {value = dense<[3, 0, 5]> : tensor<3xi32>}
// CHECK: "graph.constant"() {value = dense<[4, 0, 5]> : tensor<3xi32>}
func.func @fold_unary_math() -> (tensor<3xf64>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3xi32>, tensor<3xi32>) {
  %c = "graph.constant"() {value = dense<[1.0, 4.0, 9.0]> : tensor<3xf64>} : () -> tensor<3xf64>
  %0 = "graph.sqrt"(%c) : (tensor<3xf64>) -> tensor<3xf64>
  %e = "graph.constant"() {value = dense<[0.0, 1.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %1 = "graph.exp"(%e) : (tensor<2xf32>) -> tensor<2xf32>
  %l = "graph.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %2 = "graph.log"(%l) : (tensor<2xf32>) -> tensor<2xf32>
  %t = "graph.tanh"(%e) : (tensor<2xf32>) -> tensor<2xf32>
  %i = "graph.constant"() {value = dense<[-3, 0, 5]> : tensor<3xi32>} : () -> tensor<3xi32>
  %3 = "graph.abs"(%i) : (tensor<3xi32>) -> tensor<3xi32>
  %j = "graph.constant"() {value = dense<[4, -1, 5]> : tensor<3xi32>} : () -> tensor<3xi32>
  %4 = "graph.relu"(%j) : (tensor<3xi32>) -> tensor<3xi32>
  return %0, %1, %2, %t, %3, %4 : tensor<3xf64>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<3xi32>, tensor<3xi32>
}

// [[1, 2, 3], [4, 5, 6]] + [10, 20, 30], with the smaller operand on either
// side; [2, 1] x [1, 3] broadcast both ways.
// CHECK-LABEL: func.func @fold_broadcast
// CHECK: %[[A:.*]] = "graph.constant"() {value = dense<{{\[}}[1.100000e+01, 2.200000e+01, 3.300000e+01], [1.400000e+01, 2.500000e+01, 3.600000e+01]]> : tensor<2x3xf32>}
// CHECK: %[[B:.*]] = "graph.constant"() {value = dense<{{\[}}[9.000000e+00, 1.800000e+01, 2.700000e+01], [6.000000e+00, 1.500000e+01, 2.400000e+01]]> : tensor<2x3xf32>}
// CHECK: %[[C:.*]] = "graph.constant"() {value = dense<{{\[}}[10, 20, 30], [20, 40, 60]]> : tensor<2x3xi64>}
// CHECK-NEXT: return %[[A]], %[[B]], %[[C]]
func.func @fold_broadcast() -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi64>) {
  %m = "graph.constant"() {value = dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v = "graph.constant"() {value = dense<[10.0, 20.0, 30.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %0 = "graph.add"(%m, %v) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "graph.sub"(%v, %m) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %col = "graph.constant"() {value = dense<[[1], [2]]> : tensor<2x1xi64>} : () -> tensor<2x1xi64>
  %row = "graph.constant"() {value = dense<[[10, 20, 30]]> : tensor<1x3xi64>} : () -> tensor<1x3xi64>
  %2 = "graph.mul"(%col, %row) : (tensor<2x1xi64>, tensor<1x3xi64>) -> tensor<2x3xi64>
  return %0, %1, %2 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi64>
}

// CHECK-LABEL: func.func @fold_binary_ops
// CHECK: "graph.constant"() {value = dense<[2.500000e+00, -2.500000e+00]> : tensor<2xf32>}
// CHECK: "graph.constant"() {value = dense<[2, -2]> : tensor<2xi32>}
// CHECK: "graph.constant"() {value = dense<[5.000000e+00, -2.000000e+00]> : tensor<2xf32>}
// CHECK: "graph.constant"() {value = dense<[2.000000e+00, -5.000000e+00]> : tensor<2xf32>}
// CHECK: "graph.constant"() {value = dense<[2.500000e+01, 4.000000e-02]> : tensor<2xf32>}
func.func @fold_binary_ops() -> (tensor<2xf32>, tensor<2xi32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
  %a = "graph.constant"() {value = dense<[5.0, -5.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "graph.constant"() {value = dense<2.0> : tensor<2xf32>} : () -> tensor<2xf32>
  %c = "graph.constant"() {value = dense<[2.0, -2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "graph.div"(%a, %b) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  // Integer division truncates toward zero.
  %ia = "graph.constant"() {value = dense<[5, -5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %ib = "graph.constant"() {value = dense<2> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "graph.div"(%ia, %ib) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %2 = "graph.maximum"(%a, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %3 = "graph.minimum"(%a, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  %4 = "graph.pow"(%a, %c) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0, %1, %2, %3, %4 : tensor<2xf32>, tensor<2xi32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
}

// CHECK-LABEL: func.func @fold_data_movement
// CHECK: %[[T:.*]] = "graph.constant"() {value = dense<{{\[}}[1, 4], [2, 5], [3, 6]]> : tensor<3x2xi32>}
// CHECK: %[[R:.*]] = "graph.constant"() {value = dense<[1, 2, 3, 4, 5, 6]> : tensor<6xi32>}
// CHECK: %[[C:.*]] = "graph.constant"() {value = dense<[1, -2, 3]> : tensor<3xi8>}
// CHECK: %[[F:.*]] = "graph.constant"() {value = dense<[1.000000e+00, 4.000000e+00]> : tensor<2xf64>}
// CHECK-NEXT: return %[[T]], %[[R]], %[[C]], %[[F]]
func.func @fold_data_movement() -> (tensor<3x2xi32>, tensor<6xi32>, tensor<3xi8>, tensor<2xf64>) {
  %m = "graph.constant"() {value = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %0 = "graph.transpose"(%m) {perm = array<i64: 1, 0>} : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %1 = "graph.reshape"(%m) : (tensor<2x3xi32>) -> tensor<6xi32>
  // float -> int truncates toward zero.
  %f = "graph.constant"() {value = dense<[1.9, -2.7, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %2 = "graph.cast"(%f) : (tensor<3xf32>) -> tensor<3xi8>
  %g = "graph.constant"() {value = dense<[[1, 4]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  %h = "graph.cast"(%g) : (tensor<1x2xi32>) -> tensor<1x2xf64>
  %3 = "graph.reshape"(%h) : (tensor<1x2xf64>) -> tensor<2xf64>
  return %0, %1, %2, %3 : tensor<3x2xi32>, tensor<6xi32>, tensor<3xi8>, tensor<2xf64>
}

// Transpose of a rank-3 constant: out[i][j][k] = in[j][k][i] for perm [1, 2, 0].
// CHECK-LABEL: func.func @fold_transpose_rank3
// CHECK: "graph.constant"() {value = dense<{{\[}}{{\[}}[0, 4], [1, 5]], {{\[}}[2, 6], [3, 7]]]> : tensor<2x2x2xi32>}
func.func @fold_transpose_rank3() -> tensor<2x2x2xi32> {
  %m = "graph.constant"() {value = dense<[[[0, 1], [2, 3]], [[4, 5], [6, 7]]]> : tensor<2x2x2xi32>} : () -> tensor<2x2x2xi32>
  %0 = "graph.transpose"(%m) {perm = array<i64: 1, 2, 0>} : (tensor<2x2x2xi32>) -> tensor<2x2x2xi32>
  return %0 : tensor<2x2x2xi32>
}

// Not folded: integer division by zero, an i8 result that overflows, a cast
// out of range, a result of more than fold-limit (4096) elements, and a
// dynamic result shape.
// CHECK-LABEL: func.func @fold_refused
// CHECK: "graph.div"
// CHECK: "graph.add"
// CHECK: "graph.cast"
// CHECK: "graph.mul"
// CHECK: "graph.relu"
func.func @fold_refused() -> (tensor<2xi32>, tensor<2xi8>, tensor<1xi8>, tensor<4097xf32>, tensor<?xf32>) {
  %a = "graph.constant"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %z = "graph.constant"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "graph.div"(%a, %z) : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi32>
  %b = "graph.constant"() {value = dense<100> : tensor<2xi8>} : () -> tensor<2xi8>
  %1 = "graph.add"(%b, %b) : (tensor<2xi8>, tensor<2xi8>) -> tensor<2xi8>
  %f = "graph.constant"() {value = dense<300.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %2 = "graph.cast"(%f) : (tensor<1xf32>) -> tensor<1xi8>
  %big = "graph.constant"() {value = dense<3.0> : tensor<4097xf32>} : () -> tensor<4097xf32>
  %3 = "graph.mul"(%big, %big) : (tensor<4097xf32>, tensor<4097xf32>) -> tensor<4097xf32>
  %d = "graph.constant"() {value = dense<3.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %4 = "graph.relu"(%d) : (tensor<4xf32>) -> tensor<?xf32>
  return %0, %1, %2, %3, %4 : tensor<2xi32>, tensor<2xi8>, tensor<1xi8>, tensor<4097xf32>, tensor<?xf32>
}

// dense_resource constants are not read.
// CHECK-LABEL: func.func @fold_resource_refused
// CHECK: "graph.neg"
func.func @fold_resource_refused() -> tensor<2xf32> {
  %c = "graph.constant"() {value = dense_resource<blob> : tensor<2xf32>} : () -> tensor<2xf32>
  %0 = "graph.neg"(%c) : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// Folding keeps the folded op's location.
// CHECK-LABEL: func.func @fold_keeps_location
// LOC-LABEL: func.func @fold_keeps_location
// LOC: "graph.constant"() {value = dense<-1.000000e+00> : tensor<2xf32>} : () -> tensor<2xf32> loc([[L:#loc[0-9]+]])
// LOC: [[L]] = loc("folded")
func.func @fold_keeps_location() -> tensor<2xf32> {
  %c = "graph.constant"() {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32> loc("c")
  %0 = "graph.neg"(%c) : (tensor<2xf32>) -> tensor<2xf32> loc("folded")
  return %0 : tensor<2xf32>
}

{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000000803F00000040"
    }
  }
#-}
