// The verifier's messages for shapes computed at run time: graph.reshape's
// `shape` operand (1-D i64, one value per result dim) and graph.shape's
// result ([rank] of i64).
// RUN: strata-opt --split-input-file --verify-diagnostics %s

func.func @f(%x: tensor<?x12xf32>, %t: tensor<3xi32>) -> tensor<?x3x4xf32> {
  // expected-error @+1 {{operand 'shape' must be a tensor of i64, got i32}}
  %y = "graph.reshape"(%x, %t) : (tensor<?x12xf32>, tensor<3xi32>) -> tensor<?x3x4xf32>
  return %y : tensor<?x3x4xf32>
}

// -----

func.func @f(%x: tensor<?x12xf32>, %t: tensor<2xi64>) -> tensor<?x3x4xf32> {
  // expected-error @+1 {{operand 'shape' has 2 values for a result of rank 3}}
  %y = "graph.reshape"(%x, %t) : (tensor<?x12xf32>, tensor<2xi64>) -> tensor<?x3x4xf32>
  return %y : tensor<?x3x4xf32>
}

// -----

func.func @f(%x: tensor<?x12xf32>, %t: tensor<1x3xi64>) -> tensor<?x3x4xf32> {
  // expected-error @+1 {{operand 'shape' must have rank 1, got 2}}
  %y = "graph.reshape"(%x, %t) : (tensor<?x12xf32>, tensor<1x3xi64>) -> tensor<?x3x4xf32>
  return %y : tensor<?x3x4xf32>
}

// -----

// The result's static dims still bound the element count.
func.func @f(%x: tensor<2x12xf32>, %t: tensor<2xi64>) -> tensor<?x5xf32> {
  // expected-error @+1 {{result shape [?, 5] cannot hold the 24 elements of the input}}
  %y = "graph.reshape"(%x, %t) : (tensor<2x12xf32>, tensor<2xi64>) -> tensor<?x5xf32>
  return %y : tensor<?x5xf32>
}

// -----

func.func @f(%x: tensor<?x12xf32>) -> tensor<3xi64> {
  // expected-error @+1 {{result shape [3] does not match inferred [2]}}
  %s = "graph.shape"(%x) : (tensor<?x12xf32>) -> tensor<3xi64>
  return %s : tensor<3xi64>
}

// -----

func.func @f(%x: tensor<?x12xf32>) -> tensor<2xi32> {
  // expected-error @+1 {{result element type i32 does not match expected i64}}
  %s = "graph.shape"(%x) : (tensor<?x12xf32>) -> tensor<2xi32>
  return %s : tensor<2xi32>
}
