// Every error of the graph verifier's rules for the table ops
// (dialects/graph/graph_infer_text.c: infer_unique, infer_tfidf_vectorizer), one case
// each.
// RUN: strata-opt --split-input-file --verify-diagnostics %s

func.func @unique_scalar(%x: tensor<f32>) {
  // expected-error @+1 {{'graph.unique' op operand 'input' must have rank at least 1, got 0}}
  %0 = "graph.unique"(%x) {part = "values", sorted = true} : (tensor<f32>) -> tensor<1xf32>
  return
}

// -----

func.func @unique_part(%x: tensor<6xf32>) {
  // expected-error @+1 {{'graph.unique' op 'part' must be one of "values", "indices", "inverse", "counts", got "keys"}}
  %0 = "graph.unique"(%x) {part = "keys", sorted = true} : (tensor<6xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @unique_sorted(%x: tensor<6xf32>) {
  // expected-error @+1 {{'graph.unique' op 'sorted' must be a bool attribute (true or false)}}
  %0 = "graph.unique"(%x) {part = "values", sorted = 1 : i64} : (tensor<6xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @unique_string(%x: tensor<6x!graph.string>) {
  // expected-error @+1 {{'graph.unique' op operand 'input' must have integer or float elements, got !graph.string}}
  %0 = "graph.unique"(%x) {part = "values", sorted = true} : (tensor<6x!graph.string>) -> tensor<4x!graph.string>
  return
}

// -----

func.func @unique_dynamic(%x: tensor<?x3xf32>) {
  // expected-error @+1 {{'graph.unique' op operand 'input' must have a static shape, got [?, 3]}}
  %0 = "graph.unique"(%x) {part = "counts", sorted = true} : (tensor<?x3xf32>) -> tensor<4xi64>
  return
}

// -----

func.func @unique_axis_type(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'graph.unique' op 'axis' must be an i64 integer attribute}}
  %0 = "graph.unique"(%x) {axis = 1 : i32, part = "counts", sorted = true} : (tensor<2x3xf32>) -> tensor<2xi64>
  return
}

// -----

func.func @unique_axis_range(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'graph.unique' op 'axis' value 2 is out of range [0, 2)}}
  %0 = "graph.unique"(%x) {axis = 2 : i64, part = "counts", sorted = true} : (tensor<2x3xf32>) -> tensor<2xi64>
  return
}

// -----

func.func @unique_inverse_shape(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'graph.unique' op result shape [2] does not match inferred [3]}}
  %0 = "graph.unique"(%x) {axis = 1 : i64, part = "inverse", sorted = true} : (tensor<2x3xf32>) -> tensor<2xi64>
  return
}

// -----

func.func @unique_counts_type(%x: tensor<6xf32>) {
  // expected-error @+1 {{'graph.unique' op result element type f32 does not match expected i64}}
  %0 = "graph.unique"(%x) {part = "counts", sorted = true} : (tensor<6xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @unique_values_shape(%x: tensor<2x4x2xf32>) {
  // expected-error @+1 {{'graph.unique' op result shape [3, 3, 2] does not match inferred [2, ?, 2]}}
  %0 = "graph.unique"(%x) {axis = 1 : i64, part = "values", sorted = true} : (tensor<2x4x2xf32>) -> tensor<3x3x2xf32>
  return
}

// -----

func.func @tfidf_mode(%x: tensor<12xi32>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op 'mode' must be one of "TF", "IDF", "TFIDF", got "BM25"}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "BM25", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32>} : (tensor<12xi32>) -> tensor<7xf32>
  return
}

// -----

func.func @tfidf_skip(%x: tensor<12xi32>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op 'max_skip_count' must be at least 0, got -1}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = -1 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32>} : (tensor<12xi32>) -> tensor<7xf32>
  return
}

// -----

func.func @tfidf_rank(%x: tensor<1x2x6xi32>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op operand 'input' must have shape [C] or [N, C], got [1, 2, 6]}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32>} : (tensor<1x2x6xi32>) -> tensor<1x2x7xf32>
  return
}

// -----

func.func @tfidf_elem(%x: tensor<12xf32>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op operand 'input' must be a tensor of i32, i64 or !graph.string, got f32}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32>} : (tensor<12xf32>) -> tensor<7xf32>
  return
}

// -----

func.func @tfidf_lengths(%x: tensor<12xi64>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op 'min_gram_length' (2) and 'max_gram_length' (1) must satisfy 1 <= min <= max}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 2 : i64, max_gram_length = 1 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32>} : (tensor<12xi64>) -> tensor<7xf32>
  return
}

// -----

func.func @tfidf_other_pool(%x: tensor<12xi64>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op 'pool_strings' does not apply to integer input}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32>, pool_strings = ["a"]} : (tensor<12xi64>) -> tensor<7xf32>
  return
}

// -----

func.func @tfidf_int_pool(%x: tensor<12xi64>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op 'pool_int64s' must be an array<i64: ...> attribute (the pool of integer input)}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, weights = array<f32>} : (tensor<12xi64>) -> tensor<7xf32>
  return
}

// -----

func.func @tfidf_string_pool(%x: tensor<12x!graph.string>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op 'pool_strings' must be an array of strings (the pool of string input)}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, weights = array<f32>, pool_strings = ["a", 1]} : (tensor<12x!graph.string>) -> tensor<7xf32>
  return
}

// -----

func.func @tfidf_counts_type(%x: tensor<12xi64>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op 'ngram_counts' must be an array<i64: ...> attribute}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i32: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32>} : (tensor<12xi64>) -> tensor<7xf32>
  return
}

// -----

func.func @tfidf_counts_order(%x: tensor<12xi64>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op 'ngram_counts' must be non-decreasing offsets into the pool of 10 items, got 4 at 0}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 4, 0>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32>} : (tensor<12xi64>) -> tensor<7xf32>
  return
}

// -----

func.func @tfidf_indexes_empty(%x: tensor<12xi64>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op 'ngram_indexes' must not be empty}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32>} : (tensor<12xi64>) -> tensor<7xf32>
  return
}

// -----

func.func @tfidf_indexes_negative(%x: tensor<12xi64>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op 'ngram_indexes' values must be at least 0}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, -6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32>} : (tensor<12xi64>) -> tensor<6xf32>
  return
}

// -----

func.func @tfidf_indexes_count(%x: tensor<12xi64>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op 'ngram_indexes' must have one column per n-gram of the pool (7), got 6}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32>} : (tensor<12xi64>) -> tensor<6xf32>
  return
}

// -----

func.func @tfidf_weights_type(%x: tensor<12xi64>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op 'weights' must be an array<f32: ...> attribute}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<i64: 1>} : (tensor<12xi64>) -> tensor<7xf32>
  return
}

// -----

func.func @tfidf_weights_count(%x: tensor<12xi64>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op 'weights' must be empty or have one value per n-gram (7), got 2}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32: 1.0, 2.0>} : (tensor<12xi64>) -> tensor<7xf32>
  return
}

// -----

func.func @tfidf_result(%x: tensor<2x6xi64>) {
  // expected-error @+1 {{'graph.tfidf_vectorizer' op result shape [2, 6] does not match inferred [2, 7]}}
  %0 = "graph.tfidf_vectorizer"(%x) {mode = "TF", min_gram_length = 1 : i64, max_gram_length = 2 : i64, max_skip_count = 0 : i64, ngram_counts = array<i64: 0, 4>, ngram_indexes = array<i64: 0, 1, 2, 3, 4, 5, 6>, pool_int64s = array<i64: 2, 3, 5, 4, 5, 6, 7, 8, 6, 7>, weights = array<f32>} : (tensor<2x6xi64>) -> tensor<2x6xf32>
  return
}
