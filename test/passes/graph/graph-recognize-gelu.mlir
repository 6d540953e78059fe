// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-recognize-gelu)' | FileCheck %s

// PyTorch's export of nn.GELU(): Div(sqrt 2), Erf, Add(1), Mul(x), Mul(0.5).
// The chain and its constants are gone.
// CHECK-LABEL: func.func @erf_pytorch
// CHECK-NEXT: %[[G:.*]] = "graph.gelu"(%arg0) {approximate = "none"} : (tensor<4x64xf32>) -> tensor<4x64xf32>
// CHECK-NEXT: return %[[G]]
func.func @erf_pytorch(%x: tensor<4x64xf32>) -> tensor<4x64xf32> {
  %c0 = "graph.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %0 = "graph.div"(%x, %c0) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  %1 = "graph.erf"(%0) : (tensor<4x64xf32>) -> tensor<4x64xf32>
  %c1 = "graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %2 = "graph.add"(%1, %c1) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  %3 = "graph.mul"(%x, %2) : (tensor<4x64xf32>, tensor<4x64xf32>) -> tensor<4x64xf32>
  %c2 = "graph.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %4 = "graph.mul"(%3, %c2) : (tensor<4x64xf32>, tensor<f32>) -> tensor<4x64xf32>
  return %4 : tensor<4x64xf32>
}

// x * (1 / sqrt 2), operands swapped, 0.5 applied to x first.
// CHECK-LABEL: func.func @erf_swapped
// CHECK-NEXT: "graph.gelu"(%arg0) {approximate = "none"}
// CHECK-NEXT: return
func.func @erf_swapped(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = "graph.constant"() {value = dense<0.707106769> : tensor<1xf32>} : () -> tensor<1xf32>
  %0 = "graph.mul"(%c0, %x) : (tensor<1xf32>, tensor<8xf32>) -> tensor<8xf32>
  %1 = "graph.erf"(%0) : (tensor<8xf32>) -> tensor<8xf32>
  %c1 = "graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %2 = "graph.add"(%c1, %1) : (tensor<f32>, tensor<8xf32>) -> tensor<8xf32>
  %c2 = "graph.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %h = "graph.mul"(%c2, %x) : (tensor<f32>, tensor<8xf32>) -> tensor<8xf32>
  %3 = "graph.mul"(%2, %h) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  return %3 : tensor<8xf32>
}

// The tanh form as the encoder_small benchmark writes it (Pow(x, 3)).
// CHECK-LABEL: func.func @tanh_pow
// CHECK-NEXT: %[[G:.*]] = "graph.gelu"(%arg0) {approximate = "tanh"} : (tensor<2x16xf32>) -> tensor<2x16xf32>
// CHECK-NEXT: return %[[G]]
func.func @tanh_pow(%x: tensor<2x16xf32>) -> tensor<2x16xf32> {
  %c3 = "graph.constant"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "graph.pow"(%x, %c3) : (tensor<2x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %ca = "graph.constant"() {value = dense<4.471500e-02> : tensor<f32>} : () -> tensor<f32>
  %1 = "graph.mul"(%0, %ca) : (tensor<2x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %2 = "graph.add"(%x, %1) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
  %cs = "graph.constant"() {value = dense<0.797884583> : tensor<f32>} : () -> tensor<f32>
  %3 = "graph.mul"(%2, %cs) : (tensor<2x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %4 = "graph.tanh"(%3) : (tensor<2x16xf32>) -> tensor<2x16xf32>
  %ch = "graph.constant"() {value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
  %5 = "graph.mul"(%x, %ch) : (tensor<2x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %c1 = "graph.constant"() {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %6 = "graph.add"(%4, %c1) : (tensor<2x16xf32>, tensor<f32>) -> tensor<2x16xf32>
  %7 = "graph.mul"(%5, %6) : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<2x16xf32>
  return %7 : tensor<2x16xf32>
}

// x^3 as x * (x * x), the sum as p + x, the final 0.5 last.
// CHECK-LABEL: func.func @tanh_muls
// CHECK-NEXT: "graph.gelu"(%arg0) {approximate = "tanh"}
// CHECK-NEXT: return
func.func @tanh_muls(%x: tensor<16xf32>) -> tensor<16xf32> {
  %sq = "graph.mul"(%x, %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %0 = "graph.mul"(%x, %sq) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %ca = "graph.constant"() {value = dense<4.471500e-02> : tensor<f32>} : () -> tensor<f32>
  %1 = "graph.mul"(%ca, %0) : (tensor<f32>, tensor<16xf32>) -> tensor<16xf32>
  %2 = "graph.add"(%1, %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %cs = "graph.constant"() {value = dense<0.797884583> : tensor<f32>} : () -> tensor<f32>
  %3 = "graph.mul"(%cs, %2) : (tensor<f32>, tensor<16xf32>) -> tensor<16xf32>
  %4 = "graph.tanh"(%3) : (tensor<16xf32>) -> tensor<16xf32>
  %c1 = "graph.constant"() {value = dense<1.000000e+00> : tensor<f32>} : () -> tensor<f32>
  %6 = "graph.add"(%4, %c1) : (tensor<16xf32>, tensor<f32>) -> tensor<16xf32>
  %7 = "graph.mul"(%6, %x) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
  %ch = "graph.constant"() {value = dense<5.000000e-01> : tensor<f32>} : () -> tensor<f32>
  %8 = "graph.mul"(%ch, %7) : (tensor<f32>, tensor<16xf32>) -> tensor<16xf32>
  return %8 : tensor<16xf32>
}

// Left alone: a wrong constant (0.6, not 0.5); an intermediate with a
// second user (the erf is returned too); a broadcasting final mul.
// CHECK-LABEL: func.func @not_gelu
// CHECK-NOT: graph.gelu
// CHECK: return
func.func @not_gelu(%x: tensor<8xf32>, %y: tensor<2x8xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2x8xf32>) {
  %c0 = "graph.constant"() {value = dense<1.41421354> : tensor<f32>} : () -> tensor<f32>
  %c1 = "graph.constant"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %c6 = "graph.constant"() {value = dense<0.6> : tensor<f32>} : () -> tensor<f32>
  %c5 = "graph.constant"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %0 = "graph.div"(%x, %c0) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = "graph.erf"(%0) : (tensor<8xf32>) -> tensor<8xf32>
  %2 = "graph.add"(%1, %c1) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %3 = "graph.mul"(%x, %2) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %4 = "graph.mul"(%3, %c6) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %10 = "graph.div"(%x, %c0) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %11 = "graph.erf"(%10) : (tensor<8xf32>) -> tensor<8xf32>
  %12 = "graph.add"(%11, %c1) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %13 = "graph.mul"(%x, %12) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %14 = "graph.mul"(%13, %c5) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %20 = "graph.div"(%x, %c0) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %21 = "graph.erf"(%20) : (tensor<8xf32>) -> tensor<8xf32>
  %22 = "graph.add"(%21, %c1) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  %23 = "graph.mul"(%x, %22) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  %24 = "graph.mul"(%23, %y) : (tensor<8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
  return %4, %14, %11, %24 : tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<2x8xf32>
}
