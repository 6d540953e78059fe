// End-to-end: a transformer projection's epilogue (bias add and residual
// add on [1, S, N]) after a product of the rows [S, N]. convert-graph-to-te
// lowers the reshape of the product back to [1, S, N] as a view
// (tensor.expand_shape); te-epilogue-view puts the residual add on the
// product's indices, so tir-fuse-epilogue runs it on the product's tiles
// and no separate add kernel remains. The LayerNorm-like statistics after
// it read the sum per row at [0, s, 0] (a unit-dims group: allowed), and
// the normalization that follows reads the [1, S, N] view through it.
// Odd sizes (partial tiles, more than one k block), a constant and a
// runtime weight; checked against strata-reference.
// RUN: strata-reference %s --entry residual_const_w --seed 3 --output %t.a.npy
// RUN: strata-run %s --entry residual_const_w --seed 3 --expected %t.a.npy --rtol 1e-4 --atol 1e-5
// RUN: strata-reference %s --entry residual_runtime_w --seed 3 --output %t.b.npy
// RUN: strata-run %s --entry residual_runtime_w --seed 3 --expected %t.b.npy --rtol 1e-4 --atol 1e-5
// RUN: strata-run %s --entry residual_const_w --seed 3 --repeat 2 --profile | FileCheck %s
// CHECK: profile: 4 kernels
// CHECK-NOT: add
// CHECK: result 0
// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-fuse,convert-graph-to-te,te-inline,te-epilogue-view)' | FileCheck %s --check-prefix=VIEW
// VIEW-LABEL: func.func @residual_const_w
// VIEW: tensor.expand_shape %{{.*}} {{\[}}[0, 1], [2]] output_shape [1, 37, 75] : tensor<37x75xf32> into tensor<1x37x75xf32>
// VIEW: tensor.collapse_shape %arg1 {{\[}}[0, 1], [2]]
// VIEW: "te.compute"
// VIEW: ^bb0(%{{.*}}: index, %{{.*}}: index):
// VIEW: -> tensor<37x75xf32>
func.func @residual_const_w(%x: tensor<1x37x300xf32>, %res: tensor<1x37x75xf32>) -> tensor<1x37x75xf32> {
  %w = "graph.constant"() {value = dense<0.0123> : tensor<300x75xf32>} : () -> tensor<300x75xf32>
  %b = "graph.constant"() {value = dense<-0.25> : tensor<75xf32>} : () -> tensor<75xf32>
  %a = "graph.reshape"(%x) : (tensor<1x37x300xf32>) -> tensor<37x300xf32>
  %p = "graph.matmul"(%a, %w) : (tensor<37x300xf32>, tensor<300x75xf32>) -> tensor<37x75xf32>
  %r = "graph.reshape"(%p) : (tensor<37x75xf32>) -> tensor<1x37x75xf32>
  %s = "graph.add"(%r, %b) : (tensor<1x37x75xf32>, tensor<75xf32>) -> tensor<1x37x75xf32>
  %t = "graph.add"(%s, %res) : (tensor<1x37x75xf32>, tensor<1x37x75xf32>) -> tensor<1x37x75xf32>
  %m = "graph.reduce_mean"(%t) {axes = array<i64: 2>, keepdims = true} : (tensor<1x37x75xf32>) -> tensor<1x37x1xf32>
  %d = "graph.sub"(%t, %m) : (tensor<1x37x75xf32>, tensor<1x37x1xf32>) -> tensor<1x37x75xf32>
  return %d : tensor<1x37x75xf32>
}
func.func @residual_runtime_w(%x: tensor<1x37x300xf32>, %w: tensor<300x75xf32>, %res: tensor<1x37x75xf32>) -> tensor<1x37x75xf32> {
  %a = "graph.reshape"(%x) : (tensor<1x37x300xf32>) -> tensor<37x300xf32>
  %p = "graph.matmul"(%a, %w) : (tensor<37x300xf32>, tensor<300x75xf32>) -> tensor<37x75xf32>
  %r = "graph.reshape"(%p) : (tensor<37x75xf32>) -> tensor<1x37x75xf32>
  %t = "graph.add"(%r, %res) : (tensor<1x37x75xf32>, tensor<1x37x75xf32>) -> tensor<1x37x75xf32>
  %m = "graph.reduce_mean"(%t) {axes = array<i64: 2>, keepdims = true} : (tensor<1x37x75xf32>) -> tensor<1x37x1xf32>
  %d = "graph.sub"(%t, %m) : (tensor<1x37x75xf32>, tensor<1x37x1xf32>) -> tensor<1x37x75xf32>
  %n = "graph.mul"(%d, %m) : (tensor<1x37x75xf32>, tensor<1x37x1xf32>) -> tensor<1x37x75xf32>
  return %n : tensor<1x37x75xf32>
}
