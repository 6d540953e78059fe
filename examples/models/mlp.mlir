// A small multi-layer perceptron in the graph dialect, written the way a
// frontend tends to emit it: with a few redundant ops (a transpose pair,
// a reshape to the same shape, an add of zeros, an unused branch) and a
// constant subgraph that can be folded. The demo (scripts/demo.sh) pushes
// it through Strata's graph passes and prints the result.
func.func @mlp(%x: tensor<1x16xf32>) -> tensor<1x4xf32> {
  %w1 = "graph.constant"() {value = dense<0.125> : tensor<8x16xf32>} : () -> tensor<8x16xf32>
  %b1 = "graph.constant"() {value = dense<0.5> : tensor<8xf32>} : () -> tensor<8xf32>
  %w2 = "graph.constant"() {value = dense<0.25> : tensor<4x8xf32>} : () -> tensor<4x8xf32>
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
