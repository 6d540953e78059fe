// A small multi-layer perceptron in the graph dialect, written the way a
// frontend tends to emit it: with a few redundant ops (a transpose pair,
// a reshape to the same shape, an add of zeros, an unused branch) and a
// constant subgraph that can be folded. The demo (scripts/demo.sh) pushes
// it through Strata's graph passes and prints the result.
func.func @mlp(%x: tensor<1x16xf32>) -> tensor<1x4xf32> {
  %w1 = "graph.constant"() {value = dense<
      [[0.421, 0.214, -0.476, -0.091, 0.499, -0.038, -0.490, 0.164, 0.447, -0.279, -0.375, 0.376, 0.279, -0.448, -0.163, 0.490],
      [-0.481, -0.074, 0.500, -0.054, -0.486, 0.180, 0.440, -0.293, -0.364, 0.387, 0.265, -0.455, -0.147, 0.493, 0.020, -0.498],
      [0.500, -0.071, -0.482, 0.195, 0.431, -0.306, -0.352, 0.397, 0.250, -0.462, -0.131, 0.495, 0.004, -0.496, 0.124, 0.464],
      [-0.477, 0.210, 0.423, -0.319, -0.340, 0.407, 0.235, -0.468, -0.115, 0.497, -0.013, -0.494, 0.141, 0.458, -0.259, -0.391],
      [0.413, -0.332, -0.328, 0.417, 0.220, -0.473, -0.098, 0.499, -0.030, -0.491, 0.157, 0.451, -0.273, -0.380, 0.371, 0.285],
      [-0.315, 0.426, 0.205, -0.479, -0.082, 0.500, -0.047, -0.488, 0.172, 0.443, -0.287, -0.369, 0.382, 0.271, -0.452, -0.155],
      [0.190, -0.483, -0.065, 0.500, -0.064, -0.484, 0.188, 0.435, -0.300, -0.358, 0.392, 0.257, -0.459, -0.138, 0.494, 0.011],
      [-0.049, 0.500, -0.080, -0.479, 0.204, 0.427, -0.314, -0.346, 0.403, 0.242, -0.465, -0.122, 0.497, -0.006, -0.495, 0.133]]> : tensor<8x16xf32>} : () -> tensor<8x16xf32>
  %b1 = "graph.constant"() {value = dense<[-0.042, -0.099, -0.065, 0.028, 0.096, 0.075, -0.015, -0.091]> : tensor<8xf32>} : () -> tensor<8xf32>
  %w2 = "graph.constant"() {value = dense<
      [[0.071, -0.500, 0.058, 0.485, -0.183, -0.438, 0.296, 0.361],
      [-0.500, 0.067, 0.483, -0.191, -0.434, 0.303, 0.356, -0.394],
      [0.075, 0.481, -0.199, -0.429, 0.309, 0.350, -0.400, -0.247],
      [0.478, -0.206, -0.425, 0.316, 0.344, -0.405, -0.239, 0.466]]> : tensor<4x8xf32>} : () -> tensor<4x8xf32>
  %zero = "graph.constant"() {value = dense<0.0> : tensor<1x16xf32>} : () -> tensor<1x16xf32>
  %two = "graph.constant"() {value = dense<2.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %half = "graph.constant"() {value = dense<0.5> : tensor<4xf32>} : () -> tensor<4xf32>

  // Redundant: x + 0, reshape to the same shape, transpose twice.
  %x0 = "graph.add"(%x, %zero) : (tensor<1x16xf32>, tensor<1x16xf32>) -> tensor<1x16xf32>
  %x1 = "graph.reshape"(%x0) : (tensor<1x16xf32>) -> tensor<1x16xf32>
  %t1 = "graph.transpose"(%x1) {perm = array<i64: 1, 0>} : (tensor<1x16xf32>) -> tensor<16x1xf32>
  %t2 = "graph.transpose"(%t1) {perm = array<i64: 1, 0>} : (tensor<16x1xf32>) -> tensor<1x16xf32>

  %h = "graph.dense"(%t2, %w1, %b1) : (tensor<1x16xf32>, tensor<8x16xf32>, tensor<8xf32>) -> tensor<1x8xf32>
  %r = "graph.relu"(%h) : (tensor<1x8xf32>) -> tensor<1x8xf32>
  %unused = "graph.sigmoid"(%r) : (tensor<1x8xf32>) -> tensor<1x8xf32>

  // A constant subgraph: 2 * 0.5 folds to a constant bias of ones.
  %b2 = "graph.mul"(%two, %half) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %o = "graph.dense"(%r, %w2, %b2) : (tensor<1x8xf32>, tensor<4x8xf32>, tensor<4xf32>) -> tensor<1x4xf32>
  %s = "graph.softmax"(%o) {axis = 1 : i64} : (tensor<1x4xf32>) -> tensor<1x4xf32>
  return %s : tensor<1x4xf32>
}
