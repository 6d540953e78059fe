// End-to-end: GELU written out as elementwise ops (the erf form of
// PyTorch's export, the tanh form with Pow(x, 3)), which
// graph-recognize-gelu turns into graph.gelu in strata-run's default
// pipeline, against strata-reference running the written-out ops (libm's
// erf and tanh in double) on the same random inputs (uniform in [-1, 1),
// scaled by 4 to reach the tails; seed 5).
// Tolerances: rtol 1e-5, atol 1e-6: the erf and tanh polynomials err by
// < 3e-7 relative (docs/benchmarks.md), plus a few f32 roundings.

// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-recognize-gelu)' | FileCheck %s
// CHECK-COUNT-2: "graph.gelu"
// RUN: strata-reference %s --entry erf_form --seed 5 --output %t.erf.npy
// RUN: strata-run %s --entry erf_form --seed 5 --expected %t.erf.npy --rtol 1e-5 --atol 1e-6
func.func @erf_form(%a: tensor<3x100xf32>) -> tensor<3x100xf32> {
  %k = "graph.constant"() {value = dense<4.0> : tensor<f32>} : () -> tensor<f32>
  %x = "graph.mul"(%a, %k) : (tensor<3x100xf32>, tensor<f32>) -> tensor<3x100xf32>
  %c0 = "graph.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %0 = "graph.div"(%x, %c0) : (tensor<3x100xf32>, tensor<f32>) -> tensor<3x100xf32>
  %1 = "graph.erf"(%0) : (tensor<3x100xf32>) -> tensor<3x100xf32>
  %c1 = "graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %2 = "graph.add"(%1, %c1) : (tensor<3x100xf32>, tensor<f32>) -> tensor<3x100xf32>
  %3 = "graph.mul"(%x, %2) : (tensor<3x100xf32>, tensor<3x100xf32>) -> tensor<3x100xf32>
  %c2 = "graph.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %4 = "graph.mul"(%3, %c2) : (tensor<3x100xf32>, tensor<f32>) -> tensor<3x100xf32>
  return %4 : tensor<3x100xf32>
}

// RUN: strata-reference %s --entry tanh_form --seed 5 --output %t.tanh.npy
// RUN: strata-run %s --entry tanh_form --seed 5 --expected %t.tanh.npy --rtol 1e-5 --atol 1e-6
func.func @tanh_form(%a: tensor<3x100xf32>) -> tensor<3x100xf32> {
  %k = "graph.constant"() {value = dense<4.0> : tensor<f32>} : () -> tensor<f32>
  %x = "graph.mul"(%a, %k) : (tensor<3x100xf32>, tensor<f32>) -> tensor<3x100xf32>
  %c3 = "graph.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "graph.pow"(%x, %c3) : (tensor<3x100xf32>, tensor<f32>) -> tensor<3x100xf32>
  %ca = "graph.constant"() {value = dense<4.471500e-02> : tensor<f32>} : () -> tensor<f32>
  %1 = "graph.mul"(%0, %ca) : (tensor<3x100xf32>, tensor<f32>) -> tensor<3x100xf32>
  %2 = "graph.add"(%x, %1) : (tensor<3x100xf32>, tensor<3x100xf32>) -> tensor<3x100xf32>
  %cs = "graph.constant"() {value = dense<0.797884583> : tensor<f32>} : () -> tensor<f32>
  %3 = "graph.mul"(%2, %cs) : (tensor<3x100xf32>, tensor<f32>) -> tensor<3x100xf32>
  %4 = "graph.tanh"(%3) : (tensor<3x100xf32>) -> tensor<3x100xf32>
  %ch = "graph.constant"() {value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
  %5 = "graph.mul"(%x, %ch) : (tensor<3x100xf32>, tensor<f32>) -> tensor<3x100xf32>
  %c1 = "graph.constant"() {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %6 = "graph.add"(%4, %c1) : (tensor<3x100xf32>, tensor<f32>) -> tensor<3x100xf32>
  %7 = "graph.mul"(%5, %6) : (tensor<3x100xf32>, tensor<3x100xf32>) -> tensor<3x100xf32>
  return %7 : tensor<3x100xf32>
}
