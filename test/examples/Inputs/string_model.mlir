// A model on strings for test/examples/aot-strings.test.
func.func @main(%x: tensor<4xf32>, %w: tensor<4x!graph.string>) -> (tensor<4x!graph.string>, tensor<4xf64>, tensor<2x!graph.string>) {
  %0 = "graph.cast"(%x) : (tensor<4xf32>) -> tensor<4x!graph.string>
  %1 = "graph.cast"(%0) : (tensor<4x!graph.string>) -> tensor<4xf64>
  %2 = "graph.string_normalizer"(%w) {case_change_action = "LOWER", is_case_sensitive = false, stopwords = ["monday"]} : (tensor<4x!graph.string>) -> tensor<2x!graph.string>
  return %0, %1, %2 : tensor<4x!graph.string>, tensor<4xf64>, tensor<2x!graph.string>
}
