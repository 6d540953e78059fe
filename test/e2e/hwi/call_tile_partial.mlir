// Partial edge tiles of the fp32 FMA register tile: a 10x100 GEMM (K = 37)
// covered by 4x64 tiles leaves tiles of 2 rows and 36 columns, given here
// with dynamic sizes (min bounds, as a non-divisible split makes them) and
// with static sizes; both give the numbers of the plain graph.matmul.
// RUN: strata-run %s --entry plain --seed 7 --output %t.ref.npy
// RUN: strata-run %s --entry dynamic_tiles --seed 7 --result-args 1 \
// RUN:   --pass-pipeline='builtin.module(strata-lower-to-llvm)' \
// RUN:   --expected %t.ref.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s
// RUN: strata-run %s --entry static_edge --seed 7 --result-args 1 \
// RUN:   --pass-pipeline='builtin.module(strata-lower-to-llvm)' \
// RUN:   --expected %t.ref.npy --rtol 1e-5 --atol 1e-5 | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-hwi-to-vector)' | FileCheck %s --check-prefix=IR
// CHECK: result 0: matches
// IR-LABEL: func.func @dynamic_tiles
// IR: arith.minsi
// IR: vector.create_mask
// IR: scf.for
// IR: vector.maskedload
// IR: vector.fma
// IR: vector.maskedload
// IR: vector.maskedstore
// IR-LABEL: func.func @static_edge

"hwi.intrinsic"() {sym_name = "fma_4x64", kind = "fma", isa = "generic",
                   vector_width = 16 : i64, tile = array<i64: 4, 64, 1>,
                   element_type = f32, acc_type = f32} : () -> ()

func.func @plain(%a: tensor<10x37xf32>, %b: tensor<37x100xf32>) -> tensor<10x100xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<10x37xf32>, tensor<37x100xf32>) -> tensor<10x100xf32>
  return %0 : tensor<10x100xf32>
}

func.func @dynamic_tiles(%a: memref<10x37xf32>, %b: memref<37x100xf32>, %c: memref<10x100xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c10 = arith.constant 10 : index
  %c64 = arith.constant 64 : index
  %c100 = arith.constant 100 : index
  "tir.for"(%c0, %c10, %c4) ({
  ^bb0(%i: index):
    %ri = arith.subi %c10, %i : index
    %mi = arith.minsi %c4, %ri : index
    "tir.for"(%c0, %c100, %c64) ({
    ^bb0(%j: index):
      %rj = arith.subi %c100, %j : index
      %nj = arith.minsi %c64, %rj : index
      %at = memref.subview %a[%i, 0] [%mi, 37] [1, 1] : memref<10x37xf32> to memref<?x37xf32, strided<[37, 1], offset: ?>>
      %bt = memref.subview %b[0, %j] [37, %nj] [1, 1] : memref<37x100xf32> to memref<37x?xf32, strided<[100, 1], offset: ?>>
      %ct = memref.subview %c[%i, %j] [%mi, %nj] [1, 1] : memref<10x100xf32> to memref<?x?xf32, strided<[100, 1], offset: ?>>
      "hwi.call_tile"(%at, %bt, %ct) {intrinsic = @fma_4x64}
        : (memref<?x37xf32, strided<[37, 1], offset: ?>>, memref<37x?xf32, strided<[100, 1], offset: ?>>,
           memref<?x?xf32, strided<[100, 1], offset: ?>>) -> ()
      gpu.yield
    }) {name = "j", kind = "serial"} : (index, index, index) -> ()
    gpu.yield
  }) {name = "i", kind = "serial"} : (index, index, index) -> ()
  return
}

// The last tile row (rows 8..9) and column (64..99) with static sizes.
func.func @static_edge(%a: memref<10x37xf32>, %b: memref<37x100xf32>, %c: memref<10x100xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  "tir.for"(%c0, %c8, %c4) ({
  ^bb0(%i: index):
    %at = memref.subview %a[%i, 0] [4, 37] [1, 1] : memref<10x37xf32> to memref<4x37xf32, strided<[37, 1], offset: ?>>
    %bt = memref.subview %b[0, 0] [37, 64] [1, 1] : memref<37x100xf32> to memref<37x64xf32, strided<[100, 1]>>
    %ct = memref.subview %c[%i, 0] [4, 64] [1, 1] : memref<10x100xf32> to memref<4x64xf32, strided<[100, 1], offset: ?>>
    "hwi.call_tile"(%at, %bt, %ct) {intrinsic = @fma_4x64}
      : (memref<4x37xf32, strided<[37, 1], offset: ?>>, memref<37x64xf32, strided<[100, 1]>>,
         memref<4x64xf32, strided<[100, 1], offset: ?>>) -> ()
    %bt2 = memref.subview %b[0, 64] [37, 36] [1, 1] : memref<37x100xf32> to memref<37x36xf32, strided<[100, 1], offset: 64>>
    %ct2 = memref.subview %c[%i, 64] [4, 36] [1, 1] : memref<10x100xf32> to memref<4x36xf32, strided<[100, 1], offset: ?>>
    "hwi.call_tile"(%at, %bt2, %ct2) {intrinsic = @fma_4x64}
      : (memref<4x37xf32, strided<[37, 1], offset: ?>>, memref<37x36xf32, strided<[100, 1], offset: 64>>,
         memref<4x36xf32, strided<[100, 1], offset: ?>>) -> ()
    gpu.yield
  }) {name = "i", kind = "serial"} : (index, index, index) -> ()
  %at = memref.subview %a[8, 0] [2, 37] [1, 1] : memref<10x37xf32> to memref<2x37xf32, strided<[37, 1], offset: 296>>
  %bt = memref.subview %b[0, 0] [37, 64] [1, 1] : memref<37x100xf32> to memref<37x64xf32, strided<[100, 1]>>
  %ct = memref.subview %c[8, 0] [2, 64] [1, 1] : memref<10x100xf32> to memref<2x64xf32, strided<[100, 1], offset: 800>>
  "hwi.call_tile"(%at, %bt, %ct) {intrinsic = @fma_4x64}
    : (memref<2x37xf32, strided<[37, 1], offset: 296>>, memref<37x64xf32, strided<[100, 1]>>,
       memref<2x64xf32, strided<[100, 1], offset: 800>>) -> ()
  %bt2 = memref.subview %b[0, 64] [37, 36] [1, 1] : memref<37x100xf32> to memref<37x36xf32, strided<[100, 1], offset: 64>>
  %ct2 = memref.subview %c[8, 64] [2, 36] [1, 1] : memref<10x100xf32> to memref<2x36xf32, strided<[100, 1], offset: 864>>
  "hwi.call_tile"(%at, %bt2, %ct2) {intrinsic = @fma_4x64}
    : (memref<2x37xf32, strided<[37, 1], offset: 296>>, memref<37x36xf32, strided<[100, 1], offset: 64>>,
       memref<2x36xf32, strided<[100, 1], offset: 864>>) -> ()
  return
}
