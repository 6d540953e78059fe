// End-to-end: a matrix product's erf GELU (BERT's FFN as PyTorch exports
// it: bias add, x / sqrt(2), erf, + 1, * x, * 0.5) runs on the product's
// tiles. te-default-schedule gives the epilogue no vector split of its own,
// so tir-fuse-epilogue can move it onto the tiles, where its row is
// vectorized; no separate kernel remains in the profile. Odd sizes (partial
// tiles, more than one k block) and a constant weight (packed at compile
// time) as well as a runtime one; checked against strata-reference.
// RUN: strata-reference %s --entry gelu_runtime_w --seed 5 --output %t.a.npy
// RUN: strata-run %s --entry gelu_runtime_w --seed 5 --expected %t.a.npy --rtol 1e-4 --atol 1e-5
// RUN: strata-reference %s --entry gelu_const_w --seed 5 --output %t.b.npy
// RUN: strata-run %s --entry gelu_const_w --seed 5 --expected %t.b.npy --rtol 1e-4 --atol 1e-5
// RUN: strata-run %s --entry gelu_const_w --seed 5 --repeat 2 --profile | FileCheck %s
// CHECK: profile: 1 kernels
// CHECK: matmul
// CHECK-NOT: reshape
// CHECK: result 0
// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-fuse,convert-graph-to-te,te-inline,te-epilogue-view,te-default-schedule,te-pack-constants,convert-te-to-tir,tir-apply-schedule,tir-fuse-epilogue)' | FileCheck %s --check-prefix=TIR
// TIR-LABEL: func.func @gelu_runtime_w
// TIR: hwi.call_tile
// TIR: math.erf
// TIR: kind = "vectorized"
// TIR: te.compute = "matmul"
func.func @gelu_runtime_w(%x: tensor<1x37x300xf32>, %w: tensor<300x75xf32>, %b: tensor<75xf32>) -> tensor<1x37x75xf32> {
  %a = "graph.reshape"(%x) : (tensor<1x37x300xf32>) -> tensor<37x300xf32>
  %p = "graph.matmul"(%a, %w) : (tensor<37x300xf32>, tensor<300x75xf32>) -> tensor<37x75xf32>
  %r = "graph.reshape"(%p) : (tensor<37x75xf32>) -> tensor<1x37x75xf32>
  %s = "graph.add"(%r, %b) : (tensor<1x37x75xf32>, tensor<75xf32>) -> tensor<1x37x75xf32>
  %c = "graph.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %d = "graph.div"(%s, %c) : (tensor<1x37x75xf32>, tensor<f32>) -> tensor<1x37x75xf32>
  %e = "graph.erf"(%d) : (tensor<1x37x75xf32>) -> tensor<1x37x75xf32>
  %one = "graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %f = "graph.add"(%e, %one) : (tensor<1x37x75xf32>, tensor<f32>) -> tensor<1x37x75xf32>
  %g = "graph.mul"(%s, %f) : (tensor<1x37x75xf32>, tensor<1x37x75xf32>) -> tensor<1x37x75xf32>
  %half = "graph.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %h = "graph.mul"(%g, %half) : (tensor<1x37x75xf32>, tensor<f32>) -> tensor<1x37x75xf32>
  return %h : tensor<1x37x75xf32>
}
func.func @gelu_const_w(%x: tensor<37x300xf32>) -> tensor<37x75xf32> {
  %w = "graph.constant"() {value = dense<0.0123> : tensor<300x75xf32>} : () -> tensor<300x75xf32>
  %b = "graph.constant"() {value = dense<-0.25> : tensor<75xf32>} : () -> tensor<75xf32>
  %p = "graph.matmul"(%x, %w) : (tensor<37x300xf32>, tensor<300x75xf32>) -> tensor<37x75xf32>
  %s = "graph.add"(%p, %b) : (tensor<37x75xf32>, tensor<75xf32>) -> tensor<37x75xf32>
  %c = "graph.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %d = "graph.div"(%s, %c) : (tensor<37x75xf32>, tensor<f32>) -> tensor<37x75xf32>
  %e = "graph.erf"(%d) : (tensor<37x75xf32>) -> tensor<37x75xf32>
  %one = "graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %f = "graph.add"(%e, %one) : (tensor<37x75xf32>, tensor<f32>) -> tensor<37x75xf32>
  %g = "graph.mul"(%s, %f) : (tensor<37x75xf32>, tensor<37x75xf32>) -> tensor<37x75xf32>
  %half = "graph.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %h = "graph.mul"(%g, %half) : (tensor<37x75xf32>, tensor<f32>) -> tensor<37x75xf32>
  return %h : tensor<37x75xf32>
}
