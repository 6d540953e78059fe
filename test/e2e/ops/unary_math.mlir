// End-to-end: graph.sigmoid, tanh, exp, log, sqrt, gelu {approximate =
// "tanh"} and a chain (tanh(exp(-|x|))), compiled by Strata (strata-run)
// against strata-reference on the same random inputs (seed 7, uniform in
// [-1, 1)). Shapes: 7x13, 1x1, 3x1x5, 17.
// Inputs are made valid or interesting inside each function: log(|x| + 0.1),
// sqrt(|x|), sigmoid/tanh/gelu/exp of 4x (reaching their saturating parts).
// Tolerances: rtol 1e-4, atol 1e-5: f32 transcendental functions (libm or
// polynomial approximations in the lowering) are within a few ulp (~1e-6
// relative) of the double reference rounded to f32; atol covers results
// near 0 (tanh/gelu around x = 0).

// RUN: strata-reference %s --entry sigmoid_7x13 --seed 7 --output %t.sigmoid_7x13.npy
// RUN: strata-run %s --entry sigmoid_7x13 --seed 7 --expected %t.sigmoid_7x13.npy --rtol 1e-4 --atol 1e-5
func.func @sigmoid_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<7x13xf32>, tensor<1xf32>) -> tensor<7x13xf32>
  %2 = "graph.sigmoid"(%1) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %2 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry sigmoid_1x1 --seed 7 --output %t.sigmoid_1x1.npy
// RUN: strata-run %s --entry sigmoid_1x1 --seed 7 --expected %t.sigmoid_1x1.npy --rtol 1e-4 --atol 1e-5
func.func @sigmoid_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<1x1xf32>, tensor<1xf32>) -> tensor<1x1xf32>
  %2 = "graph.sigmoid"(%1) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %2 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry sigmoid_3x1x5 --seed 7 --output %t.sigmoid_3x1x5.npy
// RUN: strata-run %s --entry sigmoid_3x1x5 --seed 7 --expected %t.sigmoid_3x1x5.npy --rtol 1e-4 --atol 1e-5
func.func @sigmoid_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<3x1x5xf32>, tensor<1xf32>) -> tensor<3x1x5xf32>
  %2 = "graph.sigmoid"(%1) : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %2 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry sigmoid_17 --seed 7 --output %t.sigmoid_17.npy
// RUN: strata-run %s --entry sigmoid_17 --seed 7 --expected %t.sigmoid_17.npy --rtol 1e-4 --atol 1e-5
func.func @sigmoid_17(%a: tensor<17xf32>) -> tensor<17xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<17xf32>, tensor<1xf32>) -> tensor<17xf32>
  %2 = "graph.sigmoid"(%1) : (tensor<17xf32>) -> tensor<17xf32>
  return %2 : tensor<17xf32>
}

// RUN: strata-reference %s --entry tanh_7x13 --seed 7 --output %t.tanh_7x13.npy
// RUN: strata-run %s --entry tanh_7x13 --seed 7 --expected %t.tanh_7x13.npy --rtol 1e-4 --atol 1e-5
func.func @tanh_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<7x13xf32>, tensor<1xf32>) -> tensor<7x13xf32>
  %2 = "graph.tanh"(%1) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %2 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry tanh_1x1 --seed 7 --output %t.tanh_1x1.npy
// RUN: strata-run %s --entry tanh_1x1 --seed 7 --expected %t.tanh_1x1.npy --rtol 1e-4 --atol 1e-5
func.func @tanh_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<1x1xf32>, tensor<1xf32>) -> tensor<1x1xf32>
  %2 = "graph.tanh"(%1) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %2 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry tanh_3x1x5 --seed 7 --output %t.tanh_3x1x5.npy
// RUN: strata-run %s --entry tanh_3x1x5 --seed 7 --expected %t.tanh_3x1x5.npy --rtol 1e-4 --atol 1e-5
func.func @tanh_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<3x1x5xf32>, tensor<1xf32>) -> tensor<3x1x5xf32>
  %2 = "graph.tanh"(%1) : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %2 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry tanh_17 --seed 7 --output %t.tanh_17.npy
// RUN: strata-run %s --entry tanh_17 --seed 7 --expected %t.tanh_17.npy --rtol 1e-4 --atol 1e-5
func.func @tanh_17(%a: tensor<17xf32>) -> tensor<17xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<17xf32>, tensor<1xf32>) -> tensor<17xf32>
  %2 = "graph.tanh"(%1) : (tensor<17xf32>) -> tensor<17xf32>
  return %2 : tensor<17xf32>
}

// RUN: strata-reference %s --entry exp_7x13 --seed 7 --output %t.exp_7x13.npy
// RUN: strata-run %s --entry exp_7x13 --seed 7 --expected %t.exp_7x13.npy --rtol 1e-4 --atol 1e-5
func.func @exp_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<7x13xf32>, tensor<1xf32>) -> tensor<7x13xf32>
  %2 = "graph.exp"(%1) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %2 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry exp_1x1 --seed 7 --output %t.exp_1x1.npy
// RUN: strata-run %s --entry exp_1x1 --seed 7 --expected %t.exp_1x1.npy --rtol 1e-4 --atol 1e-5
func.func @exp_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<1x1xf32>, tensor<1xf32>) -> tensor<1x1xf32>
  %2 = "graph.exp"(%1) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %2 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry exp_3x1x5 --seed 7 --output %t.exp_3x1x5.npy
// RUN: strata-run %s --entry exp_3x1x5 --seed 7 --expected %t.exp_3x1x5.npy --rtol 1e-4 --atol 1e-5
func.func @exp_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<3x1x5xf32>, tensor<1xf32>) -> tensor<3x1x5xf32>
  %2 = "graph.exp"(%1) : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %2 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry exp_17 --seed 7 --output %t.exp_17.npy
// RUN: strata-run %s --entry exp_17 --seed 7 --expected %t.exp_17.npy --rtol 1e-4 --atol 1e-5
func.func @exp_17(%a: tensor<17xf32>) -> tensor<17xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<17xf32>, tensor<1xf32>) -> tensor<17xf32>
  %2 = "graph.exp"(%1) : (tensor<17xf32>) -> tensor<17xf32>
  return %2 : tensor<17xf32>
}

// RUN: strata-reference %s --entry log_7x13 --seed 7 --output %t.log_7x13.npy
// RUN: strata-run %s --entry log_7x13 --seed 7 --expected %t.log_7x13.npy --rtol 1e-4 --atol 1e-5
func.func @log_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%a) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  %1 = "graph.constant"() {value = dense<0.1> : tensor<1xf32>} : () -> tensor<1xf32>
  %2 = "graph.add"(%0, %1) : (tensor<7x13xf32>, tensor<1xf32>) -> tensor<7x13xf32>
  %3 = "graph.log"(%2) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry log_1x1 --seed 7 --output %t.log_1x1.npy
// RUN: strata-run %s --entry log_1x1 --seed 7 --expected %t.log_1x1.npy --rtol 1e-4 --atol 1e-5
func.func @log_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.abs"(%a) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  %1 = "graph.constant"() {value = dense<0.1> : tensor<1xf32>} : () -> tensor<1xf32>
  %2 = "graph.add"(%0, %1) : (tensor<1x1xf32>, tensor<1xf32>) -> tensor<1x1xf32>
  %3 = "graph.log"(%2) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %3 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry log_3x1x5 --seed 7 --output %t.log_3x1x5.npy
// RUN: strata-run %s --entry log_3x1x5 --seed 7 --expected %t.log_3x1x5.npy --rtol 1e-4 --atol 1e-5
func.func @log_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.abs"(%a) : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  %1 = "graph.constant"() {value = dense<0.1> : tensor<1xf32>} : () -> tensor<1xf32>
  %2 = "graph.add"(%0, %1) : (tensor<3x1x5xf32>, tensor<1xf32>) -> tensor<3x1x5xf32>
  %3 = "graph.log"(%2) : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %3 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry log_17 --seed 7 --output %t.log_17.npy
// RUN: strata-run %s --entry log_17 --seed 7 --expected %t.log_17.npy --rtol 1e-4 --atol 1e-5
func.func @log_17(%a: tensor<17xf32>) -> tensor<17xf32> {
  %0 = "graph.abs"(%a) : (tensor<17xf32>) -> tensor<17xf32>
  %1 = "graph.constant"() {value = dense<0.1> : tensor<1xf32>} : () -> tensor<1xf32>
  %2 = "graph.add"(%0, %1) : (tensor<17xf32>, tensor<1xf32>) -> tensor<17xf32>
  %3 = "graph.log"(%2) : (tensor<17xf32>) -> tensor<17xf32>
  return %3 : tensor<17xf32>
}

// RUN: strata-reference %s --entry sqrt_7x13 --seed 7 --output %t.sqrt_7x13.npy
// RUN: strata-run %s --entry sqrt_7x13 --seed 7 --expected %t.sqrt_7x13.npy --rtol 1e-4 --atol 1e-5
func.func @sqrt_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%a) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  %1 = "graph.sqrt"(%0) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %1 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry sqrt_1x1 --seed 7 --output %t.sqrt_1x1.npy
// RUN: strata-run %s --entry sqrt_1x1 --seed 7 --expected %t.sqrt_1x1.npy --rtol 1e-4 --atol 1e-5
func.func @sqrt_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.abs"(%a) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  %1 = "graph.sqrt"(%0) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %1 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry sqrt_3x1x5 --seed 7 --output %t.sqrt_3x1x5.npy
// RUN: strata-run %s --entry sqrt_3x1x5 --seed 7 --expected %t.sqrt_3x1x5.npy --rtol 1e-4 --atol 1e-5
func.func @sqrt_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.abs"(%a) : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  %1 = "graph.sqrt"(%0) : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %1 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry sqrt_17 --seed 7 --output %t.sqrt_17.npy
// RUN: strata-run %s --entry sqrt_17 --seed 7 --expected %t.sqrt_17.npy --rtol 1e-4 --atol 1e-5
func.func @sqrt_17(%a: tensor<17xf32>) -> tensor<17xf32> {
  %0 = "graph.abs"(%a) : (tensor<17xf32>) -> tensor<17xf32>
  %1 = "graph.sqrt"(%0) : (tensor<17xf32>) -> tensor<17xf32>
  return %1 : tensor<17xf32>
}

// RUN: strata-reference %s --entry gelu_tanh_7x13 --seed 7 --output %t.gelu_tanh_7x13.npy
// RUN: strata-run %s --entry gelu_tanh_7x13 --seed 7 --expected %t.gelu_tanh_7x13.npy --rtol 1e-4 --atol 1e-5
func.func @gelu_tanh_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<7x13xf32>, tensor<1xf32>) -> tensor<7x13xf32>
  %2 = "graph.gelu"(%1) {approximate = "tanh"} : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %2 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry gelu_tanh_1x1 --seed 7 --output %t.gelu_tanh_1x1.npy
// RUN: strata-run %s --entry gelu_tanh_1x1 --seed 7 --expected %t.gelu_tanh_1x1.npy --rtol 1e-4 --atol 1e-5
func.func @gelu_tanh_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<1x1xf32>, tensor<1xf32>) -> tensor<1x1xf32>
  %2 = "graph.gelu"(%1) {approximate = "tanh"} : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %2 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry gelu_tanh_3x1x5 --seed 7 --output %t.gelu_tanh_3x1x5.npy
// RUN: strata-run %s --entry gelu_tanh_3x1x5 --seed 7 --expected %t.gelu_tanh_3x1x5.npy --rtol 1e-4 --atol 1e-5
func.func @gelu_tanh_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<3x1x5xf32>, tensor<1xf32>) -> tensor<3x1x5xf32>
  %2 = "graph.gelu"(%1) {approximate = "tanh"} : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %2 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry gelu_tanh_17 --seed 7 --output %t.gelu_tanh_17.npy
// RUN: strata-run %s --entry gelu_tanh_17 --seed 7 --expected %t.gelu_tanh_17.npy --rtol 1e-4 --atol 1e-5
func.func @gelu_tanh_17(%a: tensor<17xf32>) -> tensor<17xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<17xf32>, tensor<1xf32>) -> tensor<17xf32>
  %2 = "graph.gelu"(%1) {approximate = "tanh"} : (tensor<17xf32>) -> tensor<17xf32>
  return %2 : tensor<17xf32>
}

// RUN: strata-reference %s --entry unary_chain --seed 7 --output %t.unary_chain.npy
// RUN: strata-run %s --entry unary_chain --seed 7 --expected %t.unary_chain.npy --rtol 1e-4 --atol 1e-5
func.func @unary_chain(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.abs"(%a) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  %1 = "graph.neg"(%0) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  %2 = "graph.exp"(%1) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  %3 = "graph.tanh"(%2) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %3 : tensor<7x13xf32>
}
