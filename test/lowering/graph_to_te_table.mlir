// convert-graph-to-te on the table ops (lowering/graph_to_te_table.c):
// graph.unique flattens its input, encodes it as int64 (floats as the bits
// of their f64 value: compute "unique_key"), calls the buffer kernel
// strata_unique with kind, [outer, len, inner] around the axis, sorted and
// the part (values 0, counts 3) and decodes the values part (compute
// "unique_value") before expanding it; i64 input is passed as it is.
// graph.tfidf_vectorizer sign-extends i32 input (compute "tfidf_input"),
// passes string handles as they are, the pools, ngram_counts,
// ngram_indexes and weights as constants (pool_strings as NUL-terminated
// bytes) and min/max gram length, max skip count and mode as scalars.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s
// convert-te-to-tir passes the destinations to the kernels as dynamic
// memrefs, and the module lowers on to the llvm dialect.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te,convert-te-to-tir)' | FileCheck %s --check-prefix=TIR
// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-graph-to-llvm)' | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @main(%arg0: tensor<2x4x2xf32>, %arg1: tensor<6xi64>, %arg2: tensor<2x6xi32>, %arg3: tensor<5xi64>)
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1, 2]] : tensor<2x4x2xf32> into tensor<16xf32>
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK-NEXT: arith.bitcast %{{.*}} : f64 to i64
// CHECK: name = "unique_key"
// CHECK: %[[KIND:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[OUTER:.*]] = arith.constant 2 : i64
// CHECK-NEXT: %[[LEN:.*]] = arith.constant 4 : i64
// CHECK-NEXT: %[[INNER:.*]] = arith.constant 2 : i64
// CHECK-NEXT: %[[SORTED:.*]] = arith.constant 1 : i64
// CHECK-NEXT: %[[PART:.*]] = arith.constant 0 : i64
// CHECK: %[[U:.*]] = call @strata_unique(%{{.*}}, %[[KIND]], %[[OUTER]], %[[LEN]], %[[INNER]], %[[SORTED]], %[[PART]]) : (tensor<?xi64>, i64, i64, i64, i64, i64, i64) -> tensor<?xi64>
// CHECK: %[[US:.*]] = tensor.cast %[[U]] : tensor<?xi64> to tensor<12xi64>
// CHECK: arith.bitcast %{{.*}} : i64 to f64
// CHECK-NEXT: arith.truncf %{{.*}} : f64 to f32
// CHECK: name = "unique_value"
// CHECK: %[[V:.*]] = tensor.expand_shape %{{.*}} {{\[\[}}0, 1, 2]] output_shape [2, 3, 2] : tensor<12xf32> into tensor<2x3x2xf32>
// CHECK: %[[I:.*]] = tensor.cast %arg1 : tensor<6xi64> to tensor<?xi64>
// CHECK: %[[C:.*]] = call @strata_unique(%[[I]], %{{.*}}) : (tensor<?xi64>, i64, i64, i64, i64, i64, i64) -> tensor<?xi64>
// CHECK: %[[CS:.*]] = tensor.cast %[[C]] : tensor<?xi64> to tensor<4xi64>
// CHECK: %[[POOL:.*]] = arith.constant dense<[2, 3, 5, 4, 5, 6, 7, 8, 6, 7]> : tensor<10xi64>
// CHECK: %[[NOSTR:.*]] = arith.constant dense<> : tensor<0xi8>
// CHECK: tensor.collapse_shape %arg2 {{\[\[}}0, 1]] : tensor<2x6xi32> into tensor<12xi32>
// CHECK: arith.extsi %{{.*}} : i32 to i64
// CHECK: name = "tfidf_input"
// CHECK: %[[LEVELS:.*]] = arith.constant dense<[0, 4]> : tensor<2xi64>
// CHECK: %[[COLS:.*]] = arith.constant dense<[0, 1, 2, 3, 4, 5, 6]> : tensor<7xi64>
// CHECK: %[[NOW:.*]] = arith.constant dense<> : tensor<0xf32>
// CHECK: %[[T:.*]] = call @strata_tfidf_vectorizer(%{{.*}}) : (tensor<?xi64>, i64, i64, tensor<?xi64>, tensor<?xi8>, tensor<?xi64>, tensor<?xi64>, tensor<?xf32>, i64, i64, i64, i64) -> tensor<?xf32>
// CHECK: %[[TS:.*]] = tensor.cast %[[T]] : tensor<?xf32> to tensor<14xf32>
// CHECK: %[[TE:.*]] = tensor.expand_shape %[[TS]] {{\[\[}}0, 1]] output_shape [2, 7] : tensor<14xf32> into tensor<2x7xf32>
// CHECK: arith.constant dense<> : tensor<0xi64>
// CHECK: arith.constant dense<[99, 97, 116, 0, 116, 104, 101, 0, 116, 104, 101, 0, 99, 97, 116, 0]> : tensor<16xi8>
// CHECK: arith.constant dense<[5.000000e-01, 1.000000e+00, 2.000000e+00]> : tensor<3xf32>
// CHECK: %[[H:.*]] = tensor.cast %arg3 : tensor<5xi64> to tensor<?xi64>
// CHECK: %[[S:.*]] = call @strata_tfidf_vectorizer(%[[H]], %{{.*}}) : (tensor<?xi64>, i64, i64, tensor<?xi64>, tensor<?xi8>, tensor<?xi64>, tensor<?xi64>, tensor<?xf32>, i64, i64, i64, i64) -> tensor<?xf32>
// CHECK: %[[SS:.*]] = tensor.cast %[[S]] : tensor<?xf32> to tensor<3xf32>
// CHECK: return %[[V]], %[[CS]], %[[TE]], %[[SS]] : tensor<2x3x2xf32>, tensor<4xi64>, tensor<2x7xf32>, tensor<3xf32>
// CHECK-DAG: func.func private @strata_unique(tensor<?xi64>, i64, i64, i64, i64, i64, i64) -> tensor<?xi64> attributes {llvm.emit_c_interface}
// CHECK-DAG: func.func private @strata_tfidf_vectorizer(tensor<?xi64>, i64, i64, tensor<?xi64>, tensor<?xi8>, tensor<?xi64>, tensor<?xi64>, tensor<?xf32>, i64, i64, i64, i64) -> tensor<?xf32> attributes {llvm.emit_c_interface}

// TIR-LABEL: func.func @main(
// TIR: call @strata_unique(%{{.*}}) : (memref<?xi64>, i64, i64, i64, i64, i64, i64, memref<?xi64>) -> ()
// TIR: call @strata_tfidf_vectorizer(%{{.*}}) : (memref<?xi64>, i64, i64, memref<?xi64>, memref<?xi8>, memref<?xi64>, memref<?xi64>, memref<?xf32>, i64, i64, i64, i64, memref<?xf32>) -> ()

// LLVM: llvm.call @_mlir_ciface_strata_unique
// LLVM: llvm.call @_mlir_ciface_strata_tfidf_vectorizer
func.func @main(%x: tensor<2x4x2xf32>, %i: tensor<6xi64>, %t: tensor<2x6xi32>, %s: tensor<5x!graph.string>) -> (tensor<2x3x2xf32>, tensor<4xi64>, tensor<2x7xf32>, tensor<3xf32>) {
  %0 = "graph.unique"(%x) {axis = 1 : i64, part = "values", sorted = true} : (tensor<2x4x2xf32>) -> tensor<2x3x2xf32>
  %1 = "graph.unique"(%i) {part = "counts", sorted = false} : (tensor<6xi64>) -> tensor<4xi64>
  %2 = "graph.tfidf_vectorizer"(%t) {mode = "TF", min_gram_length = 2 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32>} : (tensor<2x6xi32>) -> tensor<2x7xf32>
  %3 = "graph.tfidf_vectorizer"(%s) {mode = "IDF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 2>, ngram_indexes = array<i64: 1, 0, 2>, pool_strings = ["cat", "the", "the", "cat"], weights = array<f32: 0.5, 1.0, 2.0>} : (tensor<5x!graph.string>) -> tensor<3xf32>
  return %0, %1, %2, %3 : tensor<2x3x2xf32>, tensor<4xi64>, tensor<2x7xf32>, tensor<3xf32>
}
