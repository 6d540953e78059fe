// End-to-end: the bit-level graph ops (bitwise_and, bitwise_or,
// bitwise_xor with broadcasting, bitwise_not, bitcast), compiled by Strata
// (strata-run, JIT) against strata-reference on the same random inputs
// ([-8, 8) for signed integers, [0, 16) for unsigned ones, [-1, 1) for f32;
// seed 7). Exact (rtol 0, atol 0).

// RUN: strata-reference %s --entry bitwise_i32 --seed 7 --output %t.bitwise_i32.npy
// RUN: strata-run %s --entry bitwise_i32 --seed 7 --expected %t.bitwise_i32.npy --rtol 0 --atol 0
func.func @bitwise_i32(%a: tensor<7x13xi32>, %b: tensor<13xi32>) -> tensor<7x13xi32> {
  %0 = "graph.bitwise_and"(%a, %b) : (tensor<7x13xi32>, tensor<13xi32>) -> tensor<7x13xi32>
  %1 = "graph.bitwise_xor"(%0, %a) : (tensor<7x13xi32>, tensor<7x13xi32>) -> tensor<7x13xi32>
  %2 = "graph.bitwise_or"(%1, %b) : (tensor<7x13xi32>, tensor<13xi32>) -> tensor<7x13xi32>
  %3 = "graph.bitwise_not"(%2) : (tensor<7x13xi32>) -> tensor<7x13xi32>
  return %3 : tensor<7x13xi32>
}

// Unsigned: computed on zero-extended values, the not's high bits dropped.
// RUN: strata-reference %s --entry bitwise_ui8 --seed 7 --output %t.bitwise_ui8.npy
// RUN: strata-run %s --entry bitwise_ui8 --seed 7 --expected %t.bitwise_ui8.npy --rtol 0 --atol 0
func.func @bitwise_ui8(%a: tensor<7x13xui8>, %b: tensor<7x13xui8>) -> tensor<7x13xui8> {
  %0 = "graph.bitwise_not"(%a) : (tensor<7x13xui8>) -> tensor<7x13xui8>
  %1 = "graph.bitwise_and"(%0, %b) : (tensor<7x13xui8>, tensor<7x13xui8>) -> tensor<7x13xui8>
  return %1 : tensor<7x13xui8>
}

// The bits of f32 as i32, flipped in the sign bit by an xor, and back.
// RUN: strata-reference %s --entry bitcast_f32 --seed 7 --output %t.bitcast_f32.npy
// RUN: strata-run %s --entry bitcast_f32 --seed 7 --expected %t.bitcast_f32.npy --rtol 0 --atol 0
func.func @bitcast_f32(%a: tensor<7x13xf32>) -> (tensor<7x13xi32>, tensor<7x13xf32>) {
  %s = "graph.constant"() {value = dense<-2147483648> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "graph.bitcast"(%a) : (tensor<7x13xf32>) -> tensor<7x13xi32>
  %1 = "graph.bitwise_xor"(%0, %s) : (tensor<7x13xi32>, tensor<1xi32>) -> tensor<7x13xi32>
  %2 = "graph.bitcast"(%1) : (tensor<7x13xi32>) -> tensor<7x13xf32>
  return %0, %2 : tensor<7x13xi32>, tensor<7x13xf32>
}
