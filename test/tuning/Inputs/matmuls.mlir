// Two matrix products, each twice (identical kernels: one tuning task
// each, weight 2), for strata-tune tests.
func.func @two(%x: tensor<128x96xf32>, %w1: tensor<96x128xf32>, %w2: tensor<128x96xf32>) -> tensor<128x96xf32> {
  %h = "graph.matmul"(%x, %w1) : (tensor<128x96xf32>, tensor<96x128xf32>) -> tensor<128x128xf32>
  %h2 = "graph.matmul"(%h, %w2) : (tensor<128x128xf32>, tensor<128x96xf32>) -> tensor<128x96xf32>
  %h3 = "graph.matmul"(%x, %w1) : (tensor<128x96xf32>, tensor<96x128xf32>) -> tensor<128x128xf32>
  %h4 = "graph.matmul"(%h3, %w2) : (tensor<128x128xf32>, tensor<128x96xf32>) -> tensor<128x96xf32>
  %s = "graph.add"(%h2, %h4) : (tensor<128x96xf32>, tensor<128x96xf32>) -> tensor<128x96xf32>
  return %s : tensor<128x96xf32>
}
