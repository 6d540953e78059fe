// A 2x3 weight in a dense_resource blob, added to the input: lowered, its
// global is flat (strata-flatten-globals) and the values stay in order.
func.func @model(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %w = "graph.constant"() {value = dense_resource<w> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %z = "graph.constant"() {value = dense<0.0> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %m = "graph.mul"(%x, %z) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = "graph.add"(%m, %w) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}

{-#
  dialect_resources: {
    builtin: {
      w: "0x04000000000080BF0000004000000040000080400000A0400000C040"
    }
  }
#-}
