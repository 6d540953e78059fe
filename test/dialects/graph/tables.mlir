// Round trip of the table ops graph.unique and graph.tfidf_vectorizer
// (generic form) through strata-opt (IRDL + the C checks of
// dialects/graph/graph_verify.c and graph_infer_*.c), twice, and through upstream mlir-opt with the
// IRDL definitions alone: Unique's four parts with and without an axis,
// TfIdfVectorizer on integers (1-D, with weights) and on strings (2-D).
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: mlir-opt-22 --irdl-file=%irdl %s | FileCheck %s

// CHECK-LABEL: func.func @unique(
// CHECK: "graph.unique"(%{{[a-z0-9]+}}) {part = "values", sorted = true} : (tensor<6xf32>) -> tensor<4xf32>
// CHECK-NEXT: "graph.unique"(%{{[a-z0-9]+}}) {part = "indices", sorted = false} : (tensor<6xf32>) -> tensor<4xi64>
// CHECK-NEXT: "graph.unique"(%{{[a-z0-9]+}}) {part = "inverse", sorted = true} : (tensor<6xf32>) -> tensor<6xi64>
// CHECK-NEXT: "graph.unique"(%{{[a-z0-9]+}}) {part = "counts", sorted = true} : (tensor<6xf32>) -> tensor<4xi64>
// CHECK-NEXT: "graph.unique"(%{{[a-z0-9]+}}) {axis = 1 : i64, part = "values", sorted = true} : (tensor<2x4x2xi64>) -> tensor<2x3x2xi64>
// CHECK-NEXT: "graph.unique"(%{{[a-z0-9]+}}) {axis = 1 : i64, part = "inverse", sorted = true} : (tensor<2x4x2xi64>) -> tensor<4xi64>
// CHECK-NEXT: "graph.unique"(%{{[a-z0-9]+}}) {axis = 0 : i64, part = "counts", sorted = false} : (tensor<2x4x2xi64>) -> tensor<1xi64>
func.func @unique(%x: tensor<6xf32>, %y: tensor<2x4x2xi64>) {
  %0 = "graph.unique"(%x) {part = "values", sorted = true} : (tensor<6xf32>) -> tensor<4xf32>
  %1 = "graph.unique"(%x) {part = "indices", sorted = false} : (tensor<6xf32>) -> tensor<4xi64>
  %2 = "graph.unique"(%x) {part = "inverse", sorted = true} : (tensor<6xf32>) -> tensor<6xi64>
  %3 = "graph.unique"(%x) {part = "counts", sorted = true} : (tensor<6xf32>) -> tensor<4xi64>
  %4 = "graph.unique"(%y) {axis = 1 : i64, part = "values", sorted = true} : (tensor<2x4x2xi64>) -> tensor<2x3x2xi64>
  %5 = "graph.unique"(%y) {axis = 1 : i64, part = "inverse", sorted = true} : (tensor<2x4x2xi64>) -> tensor<4xi64>
  %6 = "graph.unique"(%y) {axis = 0 : i64, part = "counts", sorted = false} : (tensor<2x4x2xi64>) -> tensor<1xi64>
  return
}

// CHECK-LABEL: func.func @tfidf(
// CHECK: "graph.tfidf_vectorizer"(%{{[a-z0-9]+}}) {max_gram_length = 2 : i64, max_skip_count = 5 : i64, min_gram_length = 1 : i64, mode = "TFIDF", ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32: 1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 5.000000e-01, 2.000000e+00, 4.000000e+00>} : (tensor<12xi32>) -> tensor<7xf32>
// CHECK-NEXT: "graph.tfidf_vectorizer"(%{{[a-z0-9]+}}) {max_gram_length = 2 : i64, max_skip_count = 0 : i64, min_gram_length = 1 : i64, mode = "TF", ngram_counts = array<i64: 0, 2>, ngram_indexes = array<i64: 1, 0, 2>, pool_strings = ["cat", "the", "the", "cat"], weights = array<f32>} : (tensor<2x5x!graph.string>) -> tensor<2x3xf32>
func.func @tfidf(%x: tensor<12xi32>, %s: tensor<2x5x!graph.string>) {
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TFIDF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 5 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32: 1.0, 1.0, 1.0, 1.0, 0.5, 2.0, 4.0>} : (tensor<12xi32>) -> tensor<7xf32>
  %1 = "graph.tfidf_vectorizer"(%s) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 2>, ngram_indexes = array<i64: 1, 0, 2>, pool_strings = ["cat", "the", "the", "cat"], weights = array<f32>} : (tensor<2x5x!graph.string>) -> tensor<2x3xf32>
  return
}
