// End-to-end: softmax over a last axis that reduces lane by lane
// (convert-graph-to-te: softmax_max_lanes / softmax_sum_lanes, vector rows)
// against strata-reference: rows of 64 and 128 (the attention scores of a
// 128-token encoder), with a large negative additive mask on one key as
// encoders have it, on 1 and 2 threads. The sum is added in another order
// (per lane, then the lanes): rtol 1e-4 as norm.mlir.

// RUN: strata-reference %s --entry rows64 --seed 3 --output %t.rows64.npy
// RUN: strata-run %s --entry rows64 --seed 3 --expected %t.rows64.npy --rtol 1e-4 --atol 1e-6
func.func @rows64(%x: tensor<6x64xf32>) -> tensor<6x64xf32> {
  %k = "graph.constant"() {value = dense<8.0> : tensor<f32>} : () -> tensor<f32>
  %s = "graph.mul"(%x, %k) : (tensor<6x64xf32>, tensor<f32>) -> tensor<6x64xf32>
  %0 = "graph.softmax"(%s) {axis = 1 : i64} : (tensor<6x64xf32>) -> tensor<6x64xf32>
  return %0 : tensor<6x64xf32>
}

// RUN: strata-reference %s --entry scores --seed 4 --output %t.scores.npy
// RUN: strata-run %s --entry scores --seed 4 --threads 1 --expected %t.scores.npy --rtol 1e-4 --atol 1e-6
// RUN: strata-run %s --entry scores --seed 4 --threads 2 --expected %t.scores.npy --rtol 1e-4 --atol 1e-6
func.func @scores(%x: tensor<1x4x32x128xf32>) -> tensor<1x4x32x128xf32> {
  %m = "graph.constant"() {value = dense<[[[[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -10000.0]]]]> : tensor<1x1x1x128xf32>} : () -> tensor<1x1x1x128xf32>
  %k = "graph.constant"() {value = dense<4.0> : tensor<f32>} : () -> tensor<f32>
  %s = "graph.mul"(%x, %k) : (tensor<1x4x32x128xf32>, tensor<f32>) -> tensor<1x4x32x128xf32>
  %a = "graph.add"(%s, %m) : (tensor<1x4x32x128xf32>, tensor<1x1x1x128xf32>) -> tensor<1x4x32x128xf32>
  %0 = "graph.softmax"(%a) {axis = 3 : i64} : (tensor<1x4x32x128xf32>) -> tensor<1x4x32x128xf32>
  return %0 : tensor<1x4x32x128xf32>
}
