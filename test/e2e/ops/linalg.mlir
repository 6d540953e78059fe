// End-to-end: graph.matmul, graph.batch_matmul (broadcast batch dims, rank
// 3 and 4) and graph.dense (with/without bias, rank 1/2/3 inputs) compiled by
// Strata (strata-run) against strata-reference on the same random inputs
// (uniform in [-1, 1), seed 7). Sizes include odd ones (7x13x5, 33x65x17),
// K = 1 and 1x1x1.
// Tolerances: rtol 1e-4, atol 1e-5. The reference accumulates in double;
// Strata in f32, in whatever order its schedule picks. With K <= 65 terms
// of magnitude < 1 the f32 rounding error is below 65 * 2^-24 * |partial sum|
// ~ 1e-5 in the worst case and ~1e-6 typically; the atol covers results that
// cancel to near 0 (where rtol alone would be too strict).

// RUN: strata-reference %s --entry matmul_7x13x5 --seed 7 --output %t.matmul_7x13x5.npy
// RUN: strata-run %s --entry matmul_7x13x5 --seed 7 --expected %t.matmul_7x13x5.npy --rtol 1e-4 --atol 1e-5
func.func @matmul_7x13x5(%a: tensor<7x13xf32>, %b: tensor<13x5xf32>) -> tensor<7x5xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<7x13xf32>, tensor<13x5xf32>) -> tensor<7x5xf32>
  return %0 : tensor<7x5xf32>
}

// RUN: strata-reference %s --entry matmul_1x1x1 --seed 7 --output %t.matmul_1x1x1.npy
// RUN: strata-run %s --entry matmul_1x1x1 --seed 7 --expected %t.matmul_1x1x1.npy --rtol 1e-4 --atol 1e-5
func.func @matmul_1x1x1(%a: tensor<1x1xf32>, %b: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry matmul_row_col --seed 7 --output %t.matmul_row_col.npy
// RUN: strata-run %s --entry matmul_row_col --seed 7 --expected %t.matmul_row_col.npy --rtol 1e-4 --atol 1e-5
func.func @matmul_row_col(%a: tensor<1x13xf32>, %b: tensor<13x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<1x13xf32>, tensor<13x1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry matmul_k1 --seed 7 --output %t.matmul_k1.npy
// RUN: strata-run %s --entry matmul_k1 --seed 7 --expected %t.matmul_k1.npy --rtol 1e-4 --atol 1e-5
func.func @matmul_k1(%a: tensor<5x1xf32>, %b: tensor<1x7xf32>) -> tensor<5x7xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<5x1xf32>, tensor<1x7xf32>) -> tensor<5x7xf32>
  return %0 : tensor<5x7xf32>
}

// RUN: strata-reference %s --entry matmul_16x32x8 --seed 7 --output %t.matmul_16x32x8.npy
// RUN: strata-run %s --entry matmul_16x32x8 --seed 7 --expected %t.matmul_16x32x8.npy --rtol 1e-4 --atol 1e-5
func.func @matmul_16x32x8(%a: tensor<16x32xf32>, %b: tensor<32x8xf32>) -> tensor<16x8xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<16x32xf32>, tensor<32x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// RUN: strata-reference %s --entry matmul_33x65x17 --seed 7 --output %t.matmul_33x65x17.npy
// RUN: strata-run %s --entry matmul_33x65x17 --seed 7 --expected %t.matmul_33x65x17.npy --rtol 1e-4 --atol 1e-5
func.func @matmul_33x65x17(%a: tensor<33x65xf32>, %b: tensor<65x17xf32>) -> tensor<33x17xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<33x65xf32>, tensor<65x17xf32>) -> tensor<33x17xf32>
  return %0 : tensor<33x17xf32>
}

// RUN: strata-reference %s --entry batch_matmul_3x7x13x5 --seed 7 --output %t.batch_matmul_3x7x13x5.npy
// RUN: strata-run %s --entry batch_matmul_3x7x13x5 --seed 7 --expected %t.batch_matmul_3x7x13x5.npy --rtol 1e-4 --atol 1e-5
func.func @batch_matmul_3x7x13x5(%a: tensor<3x7x13xf32>, %b: tensor<3x13x5xf32>) -> tensor<3x7x5xf32> {
  %0 = "graph.batch_matmul"(%a, %b) : (tensor<3x7x13xf32>, tensor<3x13x5xf32>) -> tensor<3x7x5xf32>
  return %0 : tensor<3x7x5xf32>
}

// RUN: strata-reference %s --entry batch_matmul_bcast_rhs --seed 7 --output %t.batch_matmul_bcast_rhs.npy
// RUN: strata-run %s --entry batch_matmul_bcast_rhs --seed 7 --expected %t.batch_matmul_bcast_rhs.npy --rtol 1e-4 --atol 1e-5
func.func @batch_matmul_bcast_rhs(%a: tensor<3x7x13xf32>, %b: tensor<1x13x5xf32>) -> tensor<3x7x5xf32> {
  %0 = "graph.batch_matmul"(%a, %b) : (tensor<3x7x13xf32>, tensor<1x13x5xf32>) -> tensor<3x7x5xf32>
  return %0 : tensor<3x7x5xf32>
}

// RUN: strata-reference %s --entry batch_matmul_bcast_lhs --seed 7 --output %t.batch_matmul_bcast_lhs.npy
// RUN: strata-run %s --entry batch_matmul_bcast_lhs --seed 7 --expected %t.batch_matmul_bcast_lhs.npy --rtol 1e-4 --atol 1e-5
func.func @batch_matmul_bcast_lhs(%a: tensor<1x7x13xf32>, %b: tensor<4x13x5xf32>) -> tensor<4x7x5xf32> {
  %0 = "graph.batch_matmul"(%a, %b) : (tensor<1x7x13xf32>, tensor<4x13x5xf32>) -> tensor<4x7x5xf32>
  return %0 : tensor<4x7x5xf32>
}

// RUN: strata-reference %s --entry batch_matmul_rank4_bcast_both --seed 7 --output %t.batch_matmul_rank4_bcast_both.npy
// RUN: strata-run %s --entry batch_matmul_rank4_bcast_both --seed 7 --expected %t.batch_matmul_rank4_bcast_both.npy --rtol 1e-4 --atol 1e-5
func.func @batch_matmul_rank4_bcast_both(%a: tensor<2x1x4x5xf32>, %b: tensor<1x3x5x6xf32>) -> tensor<2x3x4x6xf32> {
  %0 = "graph.batch_matmul"(%a, %b) : (tensor<2x1x4x5xf32>, tensor<1x3x5x6xf32>) -> tensor<2x3x4x6xf32>
  return %0 : tensor<2x3x4x6xf32>
}

// RUN: strata-reference %s --entry batch_matmul_rank4_vs_rank3 --seed 7 --output %t.batch_matmul_rank4_vs_rank3.npy
// RUN: strata-run %s --entry batch_matmul_rank4_vs_rank3 --seed 7 --expected %t.batch_matmul_rank4_vs_rank3.npy --rtol 1e-4 --atol 1e-5
func.func @batch_matmul_rank4_vs_rank3(%a: tensor<2x3x4x5xf32>, %b: tensor<1x5x6xf32>) -> tensor<2x3x4x6xf32> {
  %0 = "graph.batch_matmul"(%a, %b) : (tensor<2x3x4x5xf32>, tensor<1x5x6xf32>) -> tensor<2x3x4x6xf32>
  return %0 : tensor<2x3x4x6xf32>
}

// RUN: strata-reference %s --entry batch_matmul_ones --seed 7 --output %t.batch_matmul_ones.npy
// RUN: strata-run %s --entry batch_matmul_ones --seed 7 --expected %t.batch_matmul_ones.npy --rtol 1e-4 --atol 1e-5
func.func @batch_matmul_ones(%a: tensor<1x1x1xf32>, %b: tensor<1x1x1xf32>) -> tensor<1x1x1xf32> {
  %0 = "graph.batch_matmul"(%a, %b) : (tensor<1x1x1xf32>, tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
  return %0 : tensor<1x1x1xf32>
}

// RUN: strata-reference %s --entry dense_7x13_to_5 --seed 7 --output %t.dense_7x13_to_5.npy
// RUN: strata-run %s --entry dense_7x13_to_5 --seed 7 --expected %t.dense_7x13_to_5.npy --rtol 1e-4 --atol 1e-5
func.func @dense_7x13_to_5(%a: tensor<7x13xf32>, %b: tensor<5x13xf32>) -> tensor<7x5xf32> {
  %0 = "graph.dense"(%a, %b) : (tensor<7x13xf32>, tensor<5x13xf32>) -> tensor<7x5xf32>
  return %0 : tensor<7x5xf32>
}

// RUN: strata-reference %s --entry dense_7x13_to_5_bias --seed 7 --output %t.dense_7x13_to_5_bias.npy
// RUN: strata-run %s --entry dense_7x13_to_5_bias --seed 7 --expected %t.dense_7x13_to_5_bias.npy --rtol 1e-4 --atol 1e-5
func.func @dense_7x13_to_5_bias(%a: tensor<7x13xf32>, %b: tensor<5x13xf32>, %c: tensor<5xf32>) -> tensor<7x5xf32> {
  %0 = "graph.dense"(%a, %b, %c) : (tensor<7x13xf32>, tensor<5x13xf32>, tensor<5xf32>) -> tensor<7x5xf32>
  return %0 : tensor<7x5xf32>
}

// RUN: strata-reference %s --entry dense_rank3_bias --seed 7 --output %t.dense_rank3_bias.npy
// RUN: strata-run %s --entry dense_rank3_bias --seed 7 --expected %t.dense_rank3_bias.npy --rtol 1e-4 --atol 1e-5
func.func @dense_rank3_bias(%a: tensor<2x3x13xf32>, %b: tensor<4x13xf32>, %c: tensor<4xf32>) -> tensor<2x3x4xf32> {
  %0 = "graph.dense"(%a, %b, %c) : (tensor<2x3x13xf32>, tensor<4x13xf32>, tensor<4xf32>) -> tensor<2x3x4xf32>
  return %0 : tensor<2x3x4xf32>
}

// RUN: strata-reference %s --entry dense_1x1 --seed 7 --output %t.dense_1x1.npy
// RUN: strata-run %s --entry dense_1x1 --seed 7 --expected %t.dense_1x1.npy --rtol 1e-4 --atol 1e-5
func.func @dense_1x1(%a: tensor<1x1xf32>, %b: tensor<1x1xf32>, %c: tensor<1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.dense"(%a, %b, %c) : (tensor<1x1xf32>, tensor<1x1xf32>, tensor<1xf32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry dense_rank1_input --seed 7 --output %t.dense_rank1_input.npy
// RUN: strata-run %s --entry dense_rank1_input --seed 7 --expected %t.dense_rank1_input.npy --rtol 1e-4 --atol 1e-5
func.func @dense_rank1_input(%a: tensor<13xf32>, %b: tensor<6x13xf32>, %c: tensor<6xf32>) -> tensor<6xf32> {
  %0 = "graph.dense"(%a, %b, %c) : (tensor<13xf32>, tensor<6x13xf32>, tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// RUN: strata-reference %s --entry dense_64_to_10_bias --seed 7 --output %t.dense_64_to_10_bias.npy
// RUN: strata-run %s --entry dense_64_to_10_bias --seed 7 --expected %t.dense_64_to_10_bias.npy --rtol 1e-4 --atol 1e-5
func.func @dense_64_to_10_bias(%a: tensor<3x64xf32>, %b: tensor<10x64xf32>, %c: tensor<10xf32>) -> tensor<3x10xf32> {
  %0 = "graph.dense"(%a, %b, %c) : (tensor<3x64xf32>, tensor<10x64xf32>, tensor<10xf32>) -> tensor<3x10xf32>
  return %0 : tensor<3x10xf32>
}
