// Models whose buffers do not fit in memory stop with a message instead of
// a segmentation fault on a null buffer (issue 19).
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %strata_src/test/tools/strata-run/Inputs/write_npy.py %t/x.npy 2 4
//
// A static intermediate of 4 TB (a [10^6, 1] x [1, 10^6] product, then
// summed): rejected at compile time by strata-check-limits, at the product.
// RUN: not strata-run %s --entry static_product 2>&1 | FileCheck %s --check-prefix=STATIC
// STATIC: out_of_memory.mlir:[[# @LINE + 8]]:8: error: 'memref.alloc' op buffer of 4000000000000 bytes (memref<1000000x1000000xf32>) exceeds this machine's
//
// A dynamic intermediate of 2^48 bytes (padded by 2^44 rows): allocated at
// run time through _mlir_memref_to_llvm_alloc, which reports and exits.
// RUN: not strata-run %s --entry dynamic_pad --input %t/x.npy 2>&1 | FileCheck %s --check-prefix=DYNAMIC
// DYNAMIC: strata: out of memory: cannot allocate 281474976710{{[0-9]+}} bytes

func.func @static_product(%a: tensor<1000000x1xf32>, %b: tensor<1x1000000xf32>) -> tensor<f32> {
  %m = "graph.matmul"(%a, %b) : (tensor<1000000x1xf32>, tensor<1x1000000xf32>) -> tensor<1000000x1000000xf32>
  %s = "graph.reduce_sum"(%m) {axes = array<i64: 0, 1>, keepdims = false} : (tensor<1000000x1000000xf32>) -> tensor<f32>
  return %s : tensor<f32>
}

func.func @dynamic_pad(%x: tensor<?x4xf32>) -> tensor<f32> {
  %p = "graph.pad"(%x) {pads = array<i64: 17592186044416, 0, 0, 0>, mode = "constant", pad_value = 0.0 : f32} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %e = "graph.exp"(%p) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %s = "graph.reduce_sum"(%e) {axes = array<i64: 0, 1>, keepdims = false} : (tensor<?x4xf32>) -> tensor<f32>
  return %s : tensor<f32>
}
