// One dominant kernel (a 256^3 product, ~1000x the work of the add) and a
// small one, for the task scheduler's allocation (strata-tune-scheduler.test).
func.func @dominant(%x: tensor<256x256xf32>, %w: tensor<256x256xf32>, %y: tensor<64x64xf32>, %z: tensor<64x64xf32>) -> (tensor<256x256xf32>, tensor<64x64xf32>) {
  %h = "graph.matmul"(%x, %w) : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
  %s = "graph.add"(%y, %z) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %h, %s : tensor<256x256xf32>, tensor<64x64xf32>
}
