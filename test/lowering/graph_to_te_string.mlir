// convert-graph-to-te on string tensors (lowering/graph_to_te_string.c):
// strings become i64 handles in every type, casts to and from strings are
// elementwise computes calling the scalar string kernels, and
// string_normalizer calls the buffer kernel on the flattened input with
// dynamic extents (tensor.cast), its stopwords as NUL-separated bytes and its
// flags (UPPER = 2, case sensitive = 4); the result is cast back to the
// static size and expanded to [1, K].
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s
// convert-te-to-tir then passes the collapsed destination to the kernel, as
// a dynamic memref, and the module lowers on to the llvm dialect.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te,convert-te-to-tir)' | FileCheck %s --check-prefix=TIR
// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-graph-to-llvm)' | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @main(%arg0: tensor<2x3xf32>, %arg1: tensor<1x4xi64>) -> (tensor<2x3xi64>, tensor<2x3xi32>, tensor<1x2xi64>)
// CHECK: %[[F:.*]] = arith.extf %{{.*}} : f32 to f64
// CHECK: %[[K:.*]] = arith.constant 0 : i64
// CHECK: func.call @strata_string_from_f64(%[[F]], %[[K]]) : (f64, i64) -> i64
// CHECK: name = "to_string"
// CHECK: %[[I:.*]] = func.call @strata_string_to_i64(%{{.*}}) : (i64) -> i64
// CHECK: arith.trunci %[[I]] : i64 to i32
// CHECK: name = "from_string"
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %arg1 {{\[\[}}0, 1]] : tensor<1x4xi64> into tensor<4xi64>
// CHECK: %[[W:.*]] = arith.constant dense<[109, 111, 110, 100, 97, 121, 0, 120, 0]> : tensor<9xi8>
// CHECK: %[[FL:.*]] = arith.constant 2 : i64
// CHECK: %[[IN:.*]] = tensor.cast %[[FLAT]] : tensor<4xi64> to tensor<?xi64>
// CHECK: %[[WD:.*]] = tensor.cast %[[W]] : tensor<9xi8> to tensor<?xi8>
// CHECK: %[[R:.*]] = call @strata_string_normalizer(%[[IN]], %[[WD]], %[[FL]]) : (tensor<?xi64>, tensor<?xi8>, i64) -> tensor<?xi64>
// CHECK: %[[RS:.*]] = tensor.cast %[[R]] : tensor<?xi64> to tensor<2xi64>
// CHECK: %[[E:.*]] = tensor.expand_shape %[[RS]] {{\[\[}}0, 1]] output_shape [1, 2] : tensor<2xi64> into tensor<1x2xi64>
// CHECK: return %{{.*}}, %{{.*}}, %[[E]] : tensor<2x3xi64>, tensor<2x3xi32>, tensor<1x2xi64>

// TIR-LABEL: func.func @main(%arg0: memref<2x3xf32>, %arg1: memref<1x4xi64>, %arg2: memref<2x3xi64>, %arg3: memref<2x3xi32>, %arg4: memref<1x2xi64>)
// TIR: %[[DST:.*]] = memref.collapse_shape %arg4 {{\[\[}}0, 1]] : memref<1x2xi64> into memref<2xi64>
// TIR: %[[DD:.*]] = memref.cast %[[DST]] : memref<2xi64> to memref<?xi64>
// TIR: call @strata_string_normalizer(%{{.*}}, %{{.*}}, %{{.*}}, %[[DD]]) : (memref<?xi64>, memref<?xi8>, i64, memref<?xi64>) -> ()
// TIR: func.func private @strata_string_normalizer(memref<?xi64>, memref<?xi8>, i64, memref<?xi64>) attributes {llvm.emit_c_interface}

// LLVM-DAG: llvm.call @strata_string_from_f64
// LLVM-DAG: llvm.call @strata_string_to_i64
// LLVM-DAG: llvm.call @_mlir_ciface_strata_string_normalizer
func.func @main(%x: tensor<2x3xf32>, %s: tensor<1x4x!graph.string>) -> (tensor<2x3x!graph.string>, tensor<2x3xi32>, tensor<1x2x!graph.string>) {
  %0 = "graph.cast"(%x) : (tensor<2x3xf32>) -> tensor<2x3x!graph.string>
  %1 = "graph.cast"(%0) : (tensor<2x3x!graph.string>) -> tensor<2x3xi32>
  %2 = "graph.string_normalizer"(%s) {case_change_action = "UPPER", is_case_sensitive = false, stopwords = ["monday", "x"]} : (tensor<1x4x!graph.string>) -> tensor<1x2x!graph.string>
  return %0, %1, %2 : tensor<2x3x!graph.string>, tensor<2x3xi32>, tensor<1x2x!graph.string>
}

// String constants: the NUL-terminated bytes, interned by the
// strata_string_constants kernel, viewed in the constant's shape.
// CHECK-LABEL: func.func @constants() -> (tensor<2x2xi64>, tensor<i64>)
// CHECK: %[[B:.*]] = arith.constant dense<[97, 0, 98, 0, 0, 99, 100, 0]> : tensor<8xi8>
// CHECK: %[[BD:.*]] = tensor.cast %[[B]] : tensor<8xi8> to tensor<?xi8>
// CHECK: %[[H:.*]] = call @strata_string_constants(%[[BD]]) : (tensor<?xi8>) -> tensor<?xi64>
// CHECK: %[[HS:.*]] = tensor.cast %[[H]] : tensor<?xi64> to tensor<4xi64>
// CHECK: tensor.expand_shape %[[HS]] {{\[\[}}0, 1]] output_shape [2, 2] : tensor<4xi64> into tensor<2x2xi64>
// CHECK: %[[S:.*]] = call @strata_string_constants(%{{.*}}) : (tensor<?xi8>) -> tensor<?xi64>
// CHECK: %[[SS:.*]] = tensor.cast %[[S]] : tensor<?xi64> to tensor<1xi64>
// CHECK: tensor.collapse_shape %[[SS]] [] : tensor<1xi64> into tensor<i64>
// The kernels, declared once each at the end of the module.
// CHECK-DAG: func.func private @strata_string_from_f64(f64, i64) -> i64
// CHECK-DAG: func.func private @strata_string_to_i64(i64) -> i64
// CHECK-DAG: func.func private @strata_string_normalizer(tensor<?xi64>, tensor<?xi8>, i64) -> tensor<?xi64> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @strata_string_constants(tensor<?xi8>) -> tensor<?xi64> attributes {llvm.emit_c_interface}
func.func @constants() -> (tensor<2x2x!graph.string>, tensor<!graph.string>) {
  %0 = "graph.constant"() {value = dense<[["a", "b"], ["", "cd"]]> : tensor<2x2x!graph.string>} : () -> tensor<2x2x!graph.string>
  %1 = "graph.constant"() {value = dense<"x"> : tensor<!graph.string>} : () -> tensor<!graph.string>
  return %0, %1 : tensor<2x2x!graph.string>, tensor<!graph.string>
}
