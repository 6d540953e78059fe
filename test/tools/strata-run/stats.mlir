// strata-run --stats prints the memory plan of the entry function: the
// conv's im2col buffer and result plus the relu's input share one arena.
// RUN: strata-run %s --stats | FileCheck %s
// CHECK: memory plan: 'model': [[N:[1-9][0-9]*]] intermediate buffers ([[SEP:[0-9]+]] bytes if allocated one by one) in one arena of [[ARENA:[0-9]+]] bytes per call (planned peak); 0 left to the heap
// CHECK: result 0: 1x8x8x8xf32
// A pipeline without the planner says so.
// RUN: strata-run %s --stats --pass-pipeline='builtin.module(convert-graph-to-te,te-inline,convert-te-to-tir,convert-tir-to-scf,convert-scf-to-cf,expand-strided-metadata,finalize-memref-to-llvm,convert-to-llvm,reconcile-unrealized-casts)' | FileCheck %s --check-prefix=NONE
// NONE: memory plan: none (the pipeline has no strata-plan-memory)

func.func @model(%x: tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %w = "graph.constant"() {value = dense<0.5> : tensor<8x4x3x3xf32>} : () -> tensor<8x4x3x3xf32>
  %c = "graph.conv2d"(%x, %w) {data_layout = "NCHW", dilation = array<i64: 1, 1>, groups = 1 : i64, kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x8x8xf32>
  %r = "graph.relu"(%c) : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %s = "graph.sigmoid"(%r) : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  %t = "graph.add"(%s, %r) : (tensor<1x8x8x8xf32>, tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %t : tensor<1x8x8x8xf32>
}
