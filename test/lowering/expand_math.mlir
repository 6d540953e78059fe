// strata-expand-math: f32 exp, erf and tanh (scalars and vectors) become
// arith ops only (multiply-adds marked contract, rounding by the 1.5 * 2^23
// shifter, 2^k built in the exponent bits); other element types keep
// their math op (libm later). Accuracy: test/capi/expand_math.c.
// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-expand-math)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-lower-to-llvm)' | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @exp_f32
// CHECK-NOT: math.
// CHECK: arith.constant 0x4B400000 : f32
// CHECK: arith.mulf {{.*}} fastmath<contract> : f32
// CHECK: arith.fptosi {{.*}} : f32 to i32
// CHECK: arith.shli
// CHECK: arith.bitcast {{.*}} : i32 to f32
// CHECK: arith.cmpf uno
// CHECK: arith.select
// CHECK-NOT: math.
// CHECK: return
func.func @exp_f32(%x: f32) -> f32 {
  %y = math.exp %x : f32
  return %y : f32
}

// CHECK-LABEL: func.func @tanh_vector
// CHECK-NOT: math.tanh
// CHECK: arith.andi {{.*}} : vector<16xi32>
// CHECK: arith.divf {{.*}} : vector<16xf32>
// CHECK: arith.ori {{.*}} : vector<16xi32>
// CHECK: arith.cmpf olt
// CHECK: arith.select {{.*}} : vector<16xi1>, vector<16xf32>
// CHECK-NOT: math.tanh
// CHECK: return
func.func @tanh_vector(%x: vector<16xf32>) -> vector<16xf32> {
  %y = math.tanh %x : vector<16xf32>
  return %y : vector<16xf32>
}

// CHECK-LABEL: func.func @erf_f32
// CHECK-NOT: math.erf
// CHECK: arith.minimumf
// CHECK: arith.cmpf olt
// CHECK-NOT: math.erf
// CHECK: return
func.func @erf_f32(%x: f32) -> f32 {
  %y = math.erf %x : f32
  return %y : f32
}

// f64 and f16 are left alone.
// CHECK-LABEL: func.func @others
// CHECK: math.exp {{.*}} : f64
// CHECK: math.tanh {{.*}} : f16
func.func @others(%x: f64, %h: f16) -> (f64, f16) {
  %y = math.exp %x : f64
  %z = math.tanh %h : f16
  return %y, %z : f64, f16
}

// Through the whole lowering no libm call remains for the f32 ops (f64's
// exp and f16's tanh, computed in f32, still call libm).
// LLVM-NOT: llvm.func @expf
// LLVM-NOT: llvm.func @erff
// LLVM-NOT: llvm.func @fmaf
// LLVM-NOT: llvm.func @roundevenf
// LLVM-NOT: llvm.func @fabsf
// LLVM: llvm.func @exp_f32
// LLVM-NOT: llvm.call
// LLVM: llvm.func @others
// LLVM: llvm.call @exp({{.*}}) : (f64) -> f64
