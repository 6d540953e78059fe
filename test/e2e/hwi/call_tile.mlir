// The fp32 FMA register tile (hwi.call_tile lowered by convert-hwi-to-vector)
// computes C += A*B: a 12x128 GEMM with K = 37 made of 4x64 tiles gives the
// numbers of the plain graph.matmul lowering on the same inputs.
// RUN: strata-run %s --entry plain --seed 5 --output %t.ref.npy
// RUN: strata-run %s --entry tiled --seed 5 --result-args 1 \
// RUN:   --pass-pipeline='builtin.module(strata-lower-to-llvm)' \
// RUN:   --expected %t.ref.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s
// CHECK: result 0: matches

"hwi.intrinsic"() {sym_name = "fma_4x64", kind = "fma", isa = "generic",
                   vector_width = 16 : i64, tile = array<i64: 4, 64, 1>,
                   element_type = f32, acc_type = f32} : () -> ()

func.func @plain(%a: tensor<12x37xf32>, %b: tensor<37x128xf32>) -> tensor<12x128xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<12x37xf32>, tensor<37x128xf32>) -> tensor<12x128xf32>
  return %0 : tensor<12x128xf32>
}

func.func @tiled(%a: memref<12x37xf32>, %b: memref<37x128xf32>, %c: memref<12x128xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  "tir.for"(%c0, %c12, %c4) ({
  ^bb0(%i: index):
    "tir.for"(%c0, %c128, %c64) ({
    ^bb0(%j: index):
      %at = memref.subview %a[%i, 0] [4, 37] [1, 1] : memref<12x37xf32> to memref<4x37xf32, strided<[37, 1], offset: ?>>
      %bt = memref.subview %b[0, %j] [37, 64] [1, 1] : memref<37x128xf32> to memref<37x64xf32, strided<[128, 1], offset: ?>>
      %ct = memref.subview %c[%i, %j] [4, 64] [1, 1] : memref<12x128xf32> to memref<4x64xf32, strided<[128, 1], offset: ?>>
      "hwi.call_tile"(%at, %bt, %ct) {intrinsic = @fma_4x64}
        : (memref<4x37xf32, strided<[37, 1], offset: ?>>, memref<37x64xf32, strided<[128, 1], offset: ?>>,
           memref<4x64xf32, strided<[128, 1], offset: ?>>) -> ()
      gpu.yield
    }) {name = "j.0", kind = "serial"} : (index, index, index) -> ()
    gpu.yield
  }) {name = "i.0", kind = "parallel"} : (index, index, index) -> ()
  return
}
