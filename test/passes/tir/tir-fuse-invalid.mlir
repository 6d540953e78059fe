// tir-fuse of loops whose constant extents multiply past int64 (2^32 x 2^32)
// is an error, not a wrapped fused extent of 0 (issue 19).
// RUN: strata-opt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(tir-fuse{loops=i,j compute=big})'

func.func @big(%a: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 4294967296 : index
  // expected-error@+1 {{cannot fuse 'i+j': the fused extent is too large (the product of the extents does not fit in 64 bits)}}
  "tir.for"(%c0, %n, %c1) ({
  ^bb0(%i: index):
    "tir.for"(%c0, %n, %c1) ({
    ^bb0(%j: index):
      %x = memref.load %a[%i, %j] : memref<?x?xf32>
      memref.store %x, %a[%i, %j] : memref<?x?xf32>
      gpu.yield
    }) {kind = "serial", name = "j"} : (index, index, index) -> ()
    gpu.yield
  }) {kind = "serial", name = "i", te.compute = "big"} : (index, index, index) -> ()
  return
}
