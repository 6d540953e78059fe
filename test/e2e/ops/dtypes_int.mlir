// End-to-end: the integer element types i16, ui16, ui32 and ui64 (ONNX
// int16, uint16, uint32, uint64), compiled by Strata (strata-run, JIT)
// against strata-reference on the same random inputs ([-8, 8) for i16,
// [0, 16) for unsigned types; seed 7). Unsigned tensors are computed on
// zero-extended signless values by convert-graph-to-te. Tolerances: exact
// (rtol 0, atol 0).

// RUN: strata-reference %s --entry maximum_i16 --seed 7 --output %t.maximum_i16.npy
// RUN: strata-run %s --entry maximum_i16 --seed 7 --expected %t.maximum_i16.npy --rtol 0 --atol 0
func.func @maximum_i16(%a: tensor<7x13xi16>, %b: tensor<13xi16>) -> tensor<7x13xi16> {
  %0 = "graph.maximum"(%a, %b) : (tensor<7x13xi16>, tensor<13xi16>) -> tensor<7x13xi16>
  return %0 : tensor<7x13xi16>
}

// RUN: strata-reference %s --entry sub_min_ui16 --seed 7 --output %t.sub_min_ui16.npy
// RUN: strata-run %s --entry sub_min_ui16 --seed 7 --expected %t.sub_min_ui16.npy --rtol 0 --atol 0
func.func @sub_min_ui16(%a: tensor<7x13xui16>, %b: tensor<7x13xui16>) -> tensor<7x13xui16> {
  %c = "graph.constant"() {value = dense<65535> : tensor<1xui16>} : () -> tensor<1xui16>
  %0 = "graph.sub"(%c, %a) : (tensor<1xui16>, tensor<7x13xui16>) -> tensor<7x13xui16>
  %1 = "graph.minimum"(%0, %b) : (tensor<7x13xui16>, tensor<7x13xui16>) -> tensor<7x13xui16>
  %2 = "graph.add"(%1, %0) : (tensor<7x13xui16>, tensor<7x13xui16>) -> tensor<7x13xui16>
  return %2 : tensor<7x13xui16>
}

// Values near 2^32 - 1: the maximum is unsigned.
// RUN: strata-reference %s --entry maximum_ui32 --seed 7 --output %t.maximum_ui32.npy
// RUN: strata-run %s --entry maximum_ui32 --seed 7 --expected %t.maximum_ui32.npy --rtol 0 --atol 0
func.func @maximum_ui32(%a: tensor<7x13xui32>, %b: tensor<7x13xui32>) -> tensor<7x13xui32> {
  %c = "graph.constant"() {value = dense<4294967295> : tensor<1xui32>} : () -> tensor<1xui32>
  %0 = "graph.sub"(%c, %a) : (tensor<1xui32>, tensor<7x13xui32>) -> tensor<7x13xui32>
  %1 = "graph.maximum"(%0, %b) : (tensor<7x13xui32>, tensor<7x13xui32>) -> tensor<7x13xui32>
  return %1 : tensor<7x13xui32>
}

// RUN: strata-reference %s --entry less_cast_ui32 --seed 7 --output %t.less_cast_ui32.npy
// RUN: strata-run %s --entry less_cast_ui32 --seed 7 --expected %t.less_cast_ui32.npy --rtol 0 --atol 0
func.func @less_cast_ui32(%a: tensor<7x13xui32>, %b: tensor<7x13xui32>) -> tensor<2x7x13xf32> {
  %c = "graph.constant"() {value = dense<4294967295> : tensor<1xui32>} : () -> tensor<1xui32>
  %0 = "graph.sub"(%c, %a) : (tensor<1xui32>, tensor<7x13xui32>) -> tensor<7x13xui32>
  %1 = "graph.less"(%b, %0) : (tensor<7x13xui32>, tensor<7x13xui32>) -> tensor<7x13xi1>
  %2 = "graph.cast"(%1) : (tensor<7x13xi1>) -> tensor<7x13xf32>
  %3 = "graph.cast"(%0) : (tensor<7x13xui32>) -> tensor<7x13xf32>
  %4 = "graph.concat"(%2, %3) {axis = 0 : i64} : (tensor<7x13xf32>, tensor<7x13xf32>) -> tensor<14x13xf32>
  %5 = "graph.reshape"(%4) : (tensor<14x13xf32>) -> tensor<2x7x13xf32>
  return %5 : tensor<2x7x13xf32>
}

// RUN: strata-reference %s --entry add_max_ui64 --seed 7 --output %t.add_max_ui64.npy
// RUN: strata-run %s --entry add_max_ui64 --seed 7 --expected %t.add_max_ui64.npy --rtol 0 --atol 0
func.func @add_max_ui64(%a: tensor<7x13xui64>, %b: tensor<13xui64>) -> tensor<7x13xui64> {
  %0 = "graph.add"(%a, %b) : (tensor<7x13xui64>, tensor<13xui64>) -> tensor<7x13xui64>
  %1 = "graph.maximum"(%0, %a) : (tensor<7x13xui64>, tensor<7x13xui64>) -> tensor<7x13xui64>
  return %1 : tensor<7x13xui64>
}

// Widening and narrowing casts between the new integer types.
// RUN: strata-reference %s --entry cast_i16_ui16_i64 --seed 7 --output %t.cast_i16_ui16_i64.npy
// RUN: strata-run %s --entry cast_i16_ui16_i64 --seed 7 --expected %t.cast_i16_ui16_i64.npy --rtol 0 --atol 0
func.func @cast_i16_ui16_i64(%a: tensor<7x13xi16>, %b: tensor<7x13xui16>) -> tensor<7x13xi64> {
  %0 = "graph.cast"(%a) : (tensor<7x13xi16>) -> tensor<7x13xi64>
  %1 = "graph.cast"(%b) : (tensor<7x13xui16>) -> tensor<7x13xi64>
  %2 = "graph.mul"(%0, %1) : (tensor<7x13xi64>, tensor<7x13xi64>) -> tensor<7x13xi64>
  return %2 : tensor<7x13xi64>
}

// ui64 values of 2^63 and above (no wider type: maximum/minimum, less and
// reduce_max compare with the sign bit flipped, cast uses uitofp/fptoui).
// The reference computes in double: 2^64 - 1 - x rounds to 2^64 there and
// saturates to 2^64 - 1, so the results compare equal as doubles.
// RUN: strata-reference %s --entry large_ui64 --seed 7 --output %t.l0.npy --output %t.l1.npy --output %t.l2.npy --output %t.l3.npy --output %t.l4.npy
// RUN: strata-run %s --entry large_ui64 --seed 7 --expected %t.l0.npy --expected %t.l1.npy --expected %t.l2.npy --expected %t.l3.npy --expected %t.l4.npy --rtol 0 --atol 0
func.func @large_ui64(%a: tensor<7x13xui64>) -> (tensor<7x13xui64>, tensor<7x13xi1>, tensor<7x13xf32>, tensor<7xui64>, tensor<7x13xui64>) {
  %c = "graph.constant"() {value = dense<18446744073709551615> : tensor<1xui64>} : () -> tensor<1xui64>
  %d = "graph.constant"() {value = dense<9223372036854775808> : tensor<1xui64>} : () -> tensor<1xui64>
  %0 = "graph.sub"(%c, %a) : (tensor<1xui64>, tensor<7x13xui64>) -> tensor<7x13xui64>
  %1 = "graph.minimum"(%0, %d) : (tensor<7x13xui64>, tensor<1xui64>) -> tensor<7x13xui64>
  %2 = "graph.less"(%a, %0) : (tensor<7x13xui64>, tensor<7x13xui64>) -> tensor<7x13xi1>
  %3 = "graph.cast"(%0) : (tensor<7x13xui64>) -> tensor<7x13xf32>
  %4 = "graph.reduce_max"(%0) {axes = array<i64: 1>, keepdims = false} : (tensor<7x13xui64>) -> tensor<7xui64>
  %f = "graph.constant"() {value = dense<1.5e19> : tensor<1xf32>} : () -> tensor<1xf32>
  %5 = "graph.cast"(%f) : (tensor<1xf32>) -> tensor<1xui64>
  %6 = "graph.maximum"(%5, %a) : (tensor<1xui64>, tensor<7x13xui64>) -> tensor<7x13xui64>
  return %1, %2, %3, %4, %6 : tensor<7x13xui64>, tensor<7x13xi1>, tensor<7x13xf32>, tensor<7xui64>, tensor<7x13xui64>
}
