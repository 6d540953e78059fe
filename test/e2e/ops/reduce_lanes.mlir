// End-to-end: keepdims reductions of the last axis that convert-graph-to-te
// reduces per vector lane first (graph_to_te_reduce_lanes.mlir): LayerNorm
// written as ReduceMean/Sub/Mul/ReduceMean/Add/Sqrt/Div (the pre-opset-17
// form, 768 wide as in BERT), and reduce_max / reduce_min / reduce_sum,
// compiled by Strata (strata-run) against strata-reference on the same
// random inputs (f32 uniform in [-1, 1), seed 11).
// Tolerances: rtol 1e-4, atol 1e-4: a sum of 768 terms of magnitude < 1 in
// f32 errs by < 768 * 2^-24 ~ 5e-5 of its magnitude against the double
// reference (the lanes change the order of the additions, not the bound);
// the normalized values are O(1).

// RUN: strata-reference %s --entry layer_norm --seed 11 --output %t.layer_norm.npy
// RUN: strata-run %s --entry layer_norm --seed 11 --expected %t.layer_norm.npy --rtol 1e-4 --atol 1e-4
func.func @layer_norm(%x: tensor<1x6x768xf32>) -> tensor<1x6x768xf32> {
  %mean = "graph.reduce_mean"(%x) {axes = array<i64: 2>, keepdims = true} : (tensor<1x6x768xf32>) -> tensor<1x6x1xf32>
  %d = "graph.sub"(%x, %mean) : (tensor<1x6x768xf32>, tensor<1x6x1xf32>) -> tensor<1x6x768xf32>
  %sq = "graph.mul"(%d, %d) : (tensor<1x6x768xf32>, tensor<1x6x768xf32>) -> tensor<1x6x768xf32>
  %var = "graph.reduce_mean"(%sq) {axes = array<i64: 2>, keepdims = true} : (tensor<1x6x768xf32>) -> tensor<1x6x1xf32>
  %eps = "graph.constant"() {value = dense<1.0e-5> : tensor<f32>} : () -> tensor<f32>
  %ve = "graph.add"(%var, %eps) : (tensor<1x6x1xf32>, tensor<f32>) -> tensor<1x6x1xf32>
  %sd = "graph.sqrt"(%ve) : (tensor<1x6x1xf32>) -> tensor<1x6x1xf32>
  %y = "graph.div"(%d, %sd) : (tensor<1x6x768xf32>, tensor<1x6x1xf32>) -> tensor<1x6x768xf32>
  return %y : tensor<1x6x768xf32>
}

// RUN: strata-reference %s --entry extremes --seed 11 --output %t.extremes.0.npy --output %t.extremes.1.npy --output %t.extremes.2.npy
// RUN: strata-run %s --entry extremes --seed 11 --expected %t.extremes.0.npy --expected %t.extremes.1.npy --expected %t.extremes.2.npy --rtol 1e-4 --atol 1e-4
func.func @extremes(%x: tensor<5x3x64xf32>) -> (tensor<5x3x1xf32>, tensor<5x3x1xf32>, tensor<5x3x1xf32>) {
  %0 = "graph.reduce_max"(%x) {axes = array<i64: 2>, keepdims = true} : (tensor<5x3x64xf32>) -> tensor<5x3x1xf32>
  %1 = "graph.reduce_min"(%x) {axes = array<i64: 2>, keepdims = true} : (tensor<5x3x64xf32>) -> tensor<5x3x1xf32>
  %2 = "graph.reduce_sum"(%x) {axes = array<i64: 2>, keepdims = true} : (tensor<5x3x64xf32>) -> tensor<5x3x1xf32>
  return %0, %1, %2 : tensor<5x3x1xf32>, tensor<5x3x1xf32>, tensor<5x3x1xf32>
}
