// The named pipeline takes tir (with parallel loops) all the way to the
// llvm dialect: nothing of tir, scf, memref or omp-free loops remains.
// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-lower-to-llvm)' | FileCheck %s
// RUN: strata-opt --list-passes | FileCheck %s --check-prefix=LIST
// LIST: strata-lower-to-llvm

// CHECK-LABEL: llvm.func @scale
// CHECK: omp.parallel
// CHECK: omp.wsloop
// CHECK: llvm.fmul
// CHECK-LABEL: llvm.func @_mlir_ciface_scale
// CHECK-NOT: tir.
// CHECK-NOT: scf.
// CHECK-NOT: memref.
func.func @scale(%in: memref<64xf32>, %out: memref<64xf32>) attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %two = arith.constant 2.0 : f32
  "tir.for"(%c0, %c64, %c1) ({
  ^bb0(%i: index):
    %v = memref.load %in[%i] : memref<64xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %out[%i] : memref<64xf32>
    gpu.yield
  }) {name = "i", kind = "parallel"} : (index, index, index) -> ()
  return
}
