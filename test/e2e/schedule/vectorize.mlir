// End-to-end: explicit vector code for vectorized loops
// (lowering/tir_loop_vectorizer.c) gives the numbers of the unscheduled
// nests, on the same seeded inputs. @*_ref are the same computes without
// schedules (lowered without tir-apply-schedule).
//  - dw: a padded 3x3 depthwise convolution (8 channels, 9x13), the row
//    split by 8 (13 = 8 + 5: the second vector is masked), the window's
//    taps inside the vector loop and unrolled; the padding's guarded reads
//    become masked loads;
//  - dw_row: the same with the whole 13-wide row as one vector and the
//    taps outside it (the accumulator is loaded and stored per tap);
//  - pool: a padded 3x3 max pool (19 = 16 + 3), the combiner arith.maximumf
//    on vectors;
//  - dw_s2: a padded depthwise convolution with stride 2, the 7 output
//    columns one vector: each tap one masked load of 14 contiguous inputs
//    (every second enabled, the guard's) and a shuffle.

// RUN: strata-run %s --entry dw_ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 3 --output %t.dw.npy
// RUN: strata-run %s --entry dw --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 3 --expected %t.dw.npy | FileCheck %s
// RUN: strata-run %s --entry dw_row --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 3 --expected %t.dw.npy | FileCheck %s
// RUN: strata-run %s --entry pool_ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 4 --output %t.pool.npy
// RUN: strata-run %s --entry pool --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 4 --expected %t.pool.npy | FileCheck %s
// RUN: strata-run %s --entry dw_s2_ref --pass-pipeline='builtin.module(convert-te-to-tir,strata-lower-to-llvm)' --seed 5 --output %t.s2.npy
// RUN: strata-run %s --entry dw_s2 --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)' --seed 5 --expected %t.s2.npy | FileCheck %s
// The vector code is there (no scalar loop left for the vectorized axis):
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir,tir-apply-schedule,convert-tir-to-scf)' | FileCheck %s --check-prefix=IR
// CHECK: result 0: matches
// IR-LABEL: func.func @dw(
// IR: vector.create_mask
// IR: vector.maskedload
// IR: arith.mulf {{.*}} : vector<8xf32>
// IR: vector.maskedstore
// IR-NOT: tir.kind = "vectorized"
// IR-LABEL: func.func @dw_row(
// IR: vector.maskedload {{.*}} into vector<13xf32>
// IR: vector.store {{.*}} : memref<1x8x9x13xf32>, vector<13xf32>
// IR-NOT: tir.kind = "vectorized"
// IR-LABEL: func.func @pool(
// IR: arith.maximumf {{.*}} : vector<16xf32>
// IR-NOT: tir.kind = "vectorized"
// IR-LABEL: func.func @dw_s2(
// IR: vector.maskedload {{.*}} into vector<14xf32>
// IR: vector.shuffle {{.*}} [0, 2, 4, 6, 8, 10, 12] : vector<14xf32>, vector<14xf32>
// IR-NOT: tir.kind = "vectorized"

func.func @dw_ref(%arg0: tensor<1x8x9x13xf32>, %arg1: tensor<8x1x3x3xf32>) -> tensor<1x8x9x13xf32> {
  %0 = "te.compute"() ({
  ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index):
    %1 = arith.addi %arg4, %arg7 : index
    %c-1 = arith.constant -1 : index
    %2 = arith.addi %1, %c-1 : index
    %3 = arith.addi %arg5, %arg8 : index
    %c-1_0 = arith.constant -1 : index
    %4 = arith.addi %3, %c-1_0 : index
    %c0 = arith.constant 0 : index
    %5 = arith.cmpi sge, %2, %c0 : index
    %c9 = arith.constant 9 : index
    %6 = arith.cmpi slt, %2, %c9 : index
    %7 = arith.cmpi sge, %4, %c0 : index
    %c13 = arith.constant 13 : index
    %8 = arith.cmpi slt, %4, %c13 : index
    %9 = arith.andi %5, %6 : i1
    %10 = arith.andi %9, %7 : i1
    %11 = arith.andi %10, %8 : i1
    %12 = arith.select %11, %2, %c0 : index
    %13 = arith.select %11, %4, %c0 : index
    %14 = arith.addi %arg3, %arg6 : index
    %15 = "te.read"(%arg0, %arg2, %14, %12, %13) : (tensor<1x8x9x13xf32>, index, index, index, index) -> f32
    %cst = arith.constant 0.000000e+00 : f32
    %16 = arith.select %11, %15, %cst : f32
    %17 = "te.read"(%arg1, %arg3, %arg6, %arg7, %arg8) : (tensor<8x1x3x3xf32>, index, index, index, index) -> f32
    %18 = arith.mulf %16, %17 : f32
    gpu.yield %18 : f32
  }) {combiner = "add", init = 0.000000e+00 : f32, name = "conv2d", reduce_extents = array<i64: 1, 3, 3>} : () -> tensor<1x8x9x13xf32>
  return %0 : tensor<1x8x9x13xf32>
}

func.func @dw(%arg0: tensor<1x8x9x13xf32>, %arg1: tensor<8x1x3x3xf32>) -> tensor<1x8x9x13xf32> {
  %0 = "te.compute"() ({
  ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index):
    %1 = arith.addi %arg4, %arg7 : index
    %c-1 = arith.constant -1 : index
    %2 = arith.addi %1, %c-1 : index
    %3 = arith.addi %arg5, %arg8 : index
    %c-1_0 = arith.constant -1 : index
    %4 = arith.addi %3, %c-1_0 : index
    %c0 = arith.constant 0 : index
    %5 = arith.cmpi sge, %2, %c0 : index
    %c9 = arith.constant 9 : index
    %6 = arith.cmpi slt, %2, %c9 : index
    %7 = arith.cmpi sge, %4, %c0 : index
    %c13 = arith.constant 13 : index
    %8 = arith.cmpi slt, %4, %c13 : index
    %9 = arith.andi %5, %6 : i1
    %10 = arith.andi %9, %7 : i1
    %11 = arith.andi %10, %8 : i1
    %12 = arith.select %11, %2, %c0 : index
    %13 = arith.select %11, %4, %c0 : index
    %14 = arith.addi %arg3, %arg6 : index
    %15 = "te.read"(%arg0, %arg2, %14, %12, %13) : (tensor<1x8x9x13xf32>, index, index, index, index) -> f32
    %cst = arith.constant 0.000000e+00 : f32
    %16 = arith.select %11, %15, %cst : f32
    %17 = "te.read"(%arg1, %arg3, %arg6, %arg7, %arg8) : (tensor<8x1x3x3xf32>, index, index, index, index) -> f32
    %18 = arith.mulf %16, %17 : f32
    gpu.yield %18 : f32
  }) {combiner = "add", init = 0.000000e+00 : f32, name = "conv2d", reduce_extents = array<i64: 1, 3, 3>, schedule = [{prim = "split", axis = "d3", factors = array<i64: 8>}, {prim = "reorder", order = ["d0", "d1", "d2", "d3.0", "r0", "r1", "r2", "d3.1"]}, {prim = "vectorize", axis = "d3.1"}, {prim = "unroll", axis = "r2"}, {prim = "unroll", axis = "r1"}]} : () -> tensor<1x8x9x13xf32>
  return %0 : tensor<1x8x9x13xf32>
}

func.func @dw_row(%arg0: tensor<1x8x9x13xf32>, %arg1: tensor<8x1x3x3xf32>) -> tensor<1x8x9x13xf32> {
  %0 = "te.compute"() ({
  ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index):
    %1 = arith.addi %arg4, %arg7 : index
    %c-1 = arith.constant -1 : index
    %2 = arith.addi %1, %c-1 : index
    %3 = arith.addi %arg5, %arg8 : index
    %c-1_0 = arith.constant -1 : index
    %4 = arith.addi %3, %c-1_0 : index
    %c0 = arith.constant 0 : index
    %5 = arith.cmpi sge, %2, %c0 : index
    %c9 = arith.constant 9 : index
    %6 = arith.cmpi slt, %2, %c9 : index
    %7 = arith.cmpi sge, %4, %c0 : index
    %c13 = arith.constant 13 : index
    %8 = arith.cmpi slt, %4, %c13 : index
    %9 = arith.andi %5, %6 : i1
    %10 = arith.andi %9, %7 : i1
    %11 = arith.andi %10, %8 : i1
    %12 = arith.select %11, %2, %c0 : index
    %13 = arith.select %11, %4, %c0 : index
    %14 = arith.addi %arg3, %arg6 : index
    %15 = "te.read"(%arg0, %arg2, %14, %12, %13) : (tensor<1x8x9x13xf32>, index, index, index, index) -> f32
    %cst = arith.constant 0.000000e+00 : f32
    %16 = arith.select %11, %15, %cst : f32
    %17 = "te.read"(%arg1, %arg3, %arg6, %arg7, %arg8) : (tensor<8x1x3x3xf32>, index, index, index, index) -> f32
    %18 = arith.mulf %16, %17 : f32
    gpu.yield %18 : f32
  }) {combiner = "add", init = 0.000000e+00 : f32, name = "conv2d", reduce_extents = array<i64: 1, 3, 3>, schedule = [{prim = "reorder", order = ["d0", "d1", "d2", "r0", "r1", "r2", "d3"]}, {prim = "vectorize", axis = "d3"}]} : () -> tensor<1x8x9x13xf32>
  return %0 : tensor<1x8x9x13xf32>
}

func.func @pool_ref(%arg0: tensor<1x4x10x19xf32>) -> tensor<1x4x10x19xf32> {
  %0 = "te.compute"() ({
  ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index):
    %1 = arith.addi %arg3, %arg5 : index
    %c-1 = arith.constant -1 : index
    %2 = arith.addi %1, %c-1 : index
    %3 = arith.addi %arg4, %arg6 : index
    %c-1_0 = arith.constant -1 : index
    %4 = arith.addi %3, %c-1_0 : index
    %c0 = arith.constant 0 : index
    %5 = arith.cmpi sge, %2, %c0 : index
    %c10 = arith.constant 10 : index
    %6 = arith.cmpi slt, %2, %c10 : index
    %7 = arith.cmpi sge, %4, %c0 : index
    %c19 = arith.constant 19 : index
    %8 = arith.cmpi slt, %4, %c19 : index
    %9 = arith.andi %5, %6 : i1
    %10 = arith.andi %9, %7 : i1
    %11 = arith.andi %10, %8 : i1
    %12 = arith.select %11, %2, %c0 : index
    %13 = arith.select %11, %4, %c0 : index
    %14 = "te.read"(%arg0, %arg1, %arg2, %12, %13) : (tensor<1x4x10x19xf32>, index, index, index, index) -> f32
    %cst = arith.constant 0xFF800000 : f32
    %15 = arith.select %11, %14, %cst : f32
    gpu.yield %15 : f32
  }) {combiner = "max", init = 0xFF800000 : f32, name = "max_pool2d", reduce_extents = array<i64: 3, 3>} : () -> tensor<1x4x10x19xf32>
  return %0 : tensor<1x4x10x19xf32>
}

func.func @pool(%arg0: tensor<1x4x10x19xf32>) -> tensor<1x4x10x19xf32> {
  %0 = "te.compute"() ({
  ^bb0(%arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index):
    %1 = arith.addi %arg3, %arg5 : index
    %c-1 = arith.constant -1 : index
    %2 = arith.addi %1, %c-1 : index
    %3 = arith.addi %arg4, %arg6 : index
    %c-1_0 = arith.constant -1 : index
    %4 = arith.addi %3, %c-1_0 : index
    %c0 = arith.constant 0 : index
    %5 = arith.cmpi sge, %2, %c0 : index
    %c10 = arith.constant 10 : index
    %6 = arith.cmpi slt, %2, %c10 : index
    %7 = arith.cmpi sge, %4, %c0 : index
    %c19 = arith.constant 19 : index
    %8 = arith.cmpi slt, %4, %c19 : index
    %9 = arith.andi %5, %6 : i1
    %10 = arith.andi %9, %7 : i1
    %11 = arith.andi %10, %8 : i1
    %12 = arith.select %11, %2, %c0 : index
    %13 = arith.select %11, %4, %c0 : index
    %14 = "te.read"(%arg0, %arg1, %arg2, %12, %13) : (tensor<1x4x10x19xf32>, index, index, index, index) -> f32
    %cst = arith.constant 0xFF800000 : f32
    %15 = arith.select %11, %14, %cst : f32
    gpu.yield %15 : f32
  }) {combiner = "max", init = 0xFF800000 : f32, name = "max_pool2d", reduce_extents = array<i64: 3, 3>, schedule = [{prim = "split", axis = "d3", factors = array<i64: 16>}, {prim = "reorder", order = ["d0", "d1", "d2", "d3.0", "r0", "r1", "d3.1"]}, {prim = "vectorize", axis = "d3.1"}, {prim = "unroll", axis = "r1"}]} : () -> tensor<1x4x10x19xf32>
  return %0 : tensor<1x4x10x19xf32>
}

func.func @dw_s2_ref(%arg0: tensor<1x4x11x13xf32>, %arg1: tensor<4x1x3x3xf32>) -> tensor<1x4x6x7xf32> {
  %0 = "te.compute"() ({
  ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index):
    %c2 = arith.constant 2 : index
    %1 = arith.muli %arg4, %c2 : index
    %2 = arith.addi %1, %arg7 : index
    %c-1 = arith.constant -1 : index
    %3 = arith.addi %2, %c-1 : index
    %c2_0 = arith.constant 2 : index
    %4 = arith.muli %arg5, %c2_0 : index
    %5 = arith.addi %4, %arg8 : index
    %c-1_1 = arith.constant -1 : index
    %6 = arith.addi %5, %c-1_1 : index
    %c0 = arith.constant 0 : index
    %7 = arith.cmpi sge, %3, %c0 : index
    %c11 = arith.constant 11 : index
    %8 = arith.cmpi slt, %3, %c11 : index
    %9 = arith.cmpi sge, %6, %c0 : index
    %c13 = arith.constant 13 : index
    %10 = arith.cmpi slt, %6, %c13 : index
    %11 = arith.andi %7, %8 : i1
    %12 = arith.andi %11, %9 : i1
    %13 = arith.andi %12, %10 : i1
    %14 = arith.select %13, %3, %c0 : index
    %15 = arith.select %13, %6, %c0 : index
    %16 = arith.addi %arg3, %arg6 : index
    %17 = "te.read"(%arg0, %arg2, %16, %14, %15) : (tensor<1x4x11x13xf32>, index, index, index, index) -> f32
    %cst = arith.constant 0.000000e+00 : f32
    %18 = arith.select %13, %17, %cst : f32
    %19 = "te.read"(%arg1, %arg3, %arg6, %arg7, %arg8) : (tensor<4x1x3x3xf32>, index, index, index, index) -> f32
    %20 = arith.mulf %18, %19 : f32
    gpu.yield %20 : f32
  }) {combiner = "add", init = 0.000000e+00 : f32, name = "conv2d", reduce_extents = array<i64: 1, 3, 3>} : () -> tensor<1x4x6x7xf32>
  return %0 : tensor<1x4x6x7xf32>
}

func.func @dw_s2(%arg0: tensor<1x4x11x13xf32>, %arg1: tensor<4x1x3x3xf32>) -> tensor<1x4x6x7xf32> {
  %0 = "te.compute"() ({
  ^bb0(%arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index):
    %c2 = arith.constant 2 : index
    %1 = arith.muli %arg4, %c2 : index
    %2 = arith.addi %1, %arg7 : index
    %c-1 = arith.constant -1 : index
    %3 = arith.addi %2, %c-1 : index
    %c2_0 = arith.constant 2 : index
    %4 = arith.muli %arg5, %c2_0 : index
    %5 = arith.addi %4, %arg8 : index
    %c-1_1 = arith.constant -1 : index
    %6 = arith.addi %5, %c-1_1 : index
    %c0 = arith.constant 0 : index
    %7 = arith.cmpi sge, %3, %c0 : index
    %c11 = arith.constant 11 : index
    %8 = arith.cmpi slt, %3, %c11 : index
    %9 = arith.cmpi sge, %6, %c0 : index
    %c13 = arith.constant 13 : index
    %10 = arith.cmpi slt, %6, %c13 : index
    %11 = arith.andi %7, %8 : i1
    %12 = arith.andi %11, %9 : i1
    %13 = arith.andi %12, %10 : i1
    %14 = arith.select %13, %3, %c0 : index
    %15 = arith.select %13, %6, %c0 : index
    %16 = arith.addi %arg3, %arg6 : index
    %17 = "te.read"(%arg0, %arg2, %16, %14, %15) : (tensor<1x4x11x13xf32>, index, index, index, index) -> f32
    %cst = arith.constant 0.000000e+00 : f32
    %18 = arith.select %13, %17, %cst : f32
    %19 = "te.read"(%arg1, %arg3, %arg6, %arg7, %arg8) : (tensor<4x1x3x3xf32>, index, index, index, index) -> f32
    %20 = arith.mulf %18, %19 : f32
    gpu.yield %20 : f32
  }) {combiner = "add", init = 0.000000e+00 : f32, name = "conv2d", reduce_extents = array<i64: 1, 3, 3>, schedule = [{prim = "reorder", order = ["d0", "d1", "d2", "r0", "r1", "r2", "d3"]}, {prim = "vectorize", axis = "d3"}]} : () -> tensor<1x4x6x7xf32>
  return %0 : tensor<1x4x6x7xf32>
}
