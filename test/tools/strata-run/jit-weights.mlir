// The JIT hands constants of at least 4096 bytes to compiled code as data
// (runtime/jit_weights.c: external globals resolved to an aligned copy)
// and leaves smaller ones in the LLVM IR; both give the reference's
// results, on a model with one weight on each side of the threshold.
// RUN: python3 %S/Inputs/make_weights_model.py %t.mlir
// RUN: strata-reference %t.mlir --seed 2 --output %t.0.npy --output %t.1.npy
// RUN: strata-run %t.mlir --seed 2 --expected %t.0.npy --expected %t.1.npy | FileCheck %s
// CHECK: result 0: 4x32xf32
// CHECK: result 0: matches
// CHECK: result 1: 4x31xf32
// CHECK: result 1: matches
// The same model ahead of time keeps every constant in the object file.
// RUN: strata-compile %t.mlir -o %t.so | FileCheck %s --check-prefix=AOT
// AOT: wrote
