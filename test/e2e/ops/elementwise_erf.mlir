// End-to-end: graph.erf and graph.gelu {approximate = "none"} (the erf
// form 0.5 x (1 + erf(x / sqrt 2))) compiled by Strata (strata-run) against
// strata-reference on the same random inputs, scaled to [-4, 4) (seed 7).
// Shapes: 7x13, 1x1, 3x1x5, 17.
// These are in their own file because strata-run lowers and JIT-compiles
// the whole module: an op that fails to compile in one function fails every
// RUN line of the file, and the other unary ops should not depend on erf.
// Tolerances: rtol 1e-4, atol 1e-5: f32 erf (libm or a polynomial
// approximation) is within a few ulp of the double reference; atol covers
// outputs near 0.

// RUN: strata-reference %s --entry erf_7x13 --seed 7 --output %t.erf_7x13.npy
// RUN: strata-run %s --entry erf_7x13 --seed 7 --expected %t.erf_7x13.npy --rtol 1e-4 --atol 1e-5
func.func @erf_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<7x13xf32>, tensor<1xf32>) -> tensor<7x13xf32>
  %2 = "graph.erf"(%1) : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %2 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry erf_1x1 --seed 7 --output %t.erf_1x1.npy
// RUN: strata-run %s --entry erf_1x1 --seed 7 --expected %t.erf_1x1.npy --rtol 1e-4 --atol 1e-5
func.func @erf_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<1x1xf32>, tensor<1xf32>) -> tensor<1x1xf32>
  %2 = "graph.erf"(%1) : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %2 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry erf_3x1x5 --seed 7 --output %t.erf_3x1x5.npy
// RUN: strata-run %s --entry erf_3x1x5 --seed 7 --expected %t.erf_3x1x5.npy --rtol 1e-4 --atol 1e-5
func.func @erf_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<3x1x5xf32>, tensor<1xf32>) -> tensor<3x1x5xf32>
  %2 = "graph.erf"(%1) : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %2 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry erf_17 --seed 7 --output %t.erf_17.npy
// RUN: strata-run %s --entry erf_17 --seed 7 --expected %t.erf_17.npy --rtol 1e-4 --atol 1e-5
func.func @erf_17(%a: tensor<17xf32>) -> tensor<17xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<17xf32>, tensor<1xf32>) -> tensor<17xf32>
  %2 = "graph.erf"(%1) : (tensor<17xf32>) -> tensor<17xf32>
  return %2 : tensor<17xf32>
}

// RUN: strata-reference %s --entry gelu_none_7x13 --seed 7 --output %t.gelu_none_7x13.npy
// RUN: strata-run %s --entry gelu_none_7x13 --seed 7 --expected %t.gelu_none_7x13.npy --rtol 1e-4 --atol 1e-5
func.func @gelu_none_7x13(%a: tensor<7x13xf32>) -> tensor<7x13xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<7x13xf32>, tensor<1xf32>) -> tensor<7x13xf32>
  %2 = "graph.gelu"(%1) {approximate = "none"} : (tensor<7x13xf32>) -> tensor<7x13xf32>
  return %2 : tensor<7x13xf32>
}

// RUN: strata-reference %s --entry gelu_none_1x1 --seed 7 --output %t.gelu_none_1x1.npy
// RUN: strata-run %s --entry gelu_none_1x1 --seed 7 --expected %t.gelu_none_1x1.npy --rtol 1e-4 --atol 1e-5
func.func @gelu_none_1x1(%a: tensor<1x1xf32>) -> tensor<1x1xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<1x1xf32>, tensor<1xf32>) -> tensor<1x1xf32>
  %2 = "graph.gelu"(%1) {approximate = "none"} : (tensor<1x1xf32>) -> tensor<1x1xf32>
  return %2 : tensor<1x1xf32>
}

// RUN: strata-reference %s --entry gelu_none_3x1x5 --seed 7 --output %t.gelu_none_3x1x5.npy
// RUN: strata-run %s --entry gelu_none_3x1x5 --seed 7 --expected %t.gelu_none_3x1x5.npy --rtol 1e-4 --atol 1e-5
func.func @gelu_none_3x1x5(%a: tensor<3x1x5xf32>) -> tensor<3x1x5xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<3x1x5xf32>, tensor<1xf32>) -> tensor<3x1x5xf32>
  %2 = "graph.gelu"(%1) {approximate = "none"} : (tensor<3x1x5xf32>) -> tensor<3x1x5xf32>
  return %2 : tensor<3x1x5xf32>
}

// RUN: strata-reference %s --entry gelu_none_17 --seed 7 --output %t.gelu_none_17.npy
// RUN: strata-run %s --entry gelu_none_17 --seed 7 --expected %t.gelu_none_17.npy --rtol 1e-4 --atol 1e-5
func.func @gelu_none_17(%a: tensor<17xf32>) -> tensor<17xf32> {
  %0 = "graph.constant"() {value = dense<4.0> : tensor<1xf32>} : () -> tensor<1xf32>
  %1 = "graph.mul"(%a, %0) : (tensor<17xf32>, tensor<1xf32>) -> tensor<17xf32>
  %2 = "graph.gelu"(%1) {approximate = "none"} : (tensor<17xf32>) -> tensor<17xf32>
  return %2 : tensor<17xf32>
}
