// convert-te-to-tir{bounds-checks=true}, the debug mode for te.read indices
// computed from data (which the te verifier cannot bound statically): each
// index is compared, unsigned, with its dim before the load, and a
// cf.assert names the read's location.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir{bounds-checks=true})' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-te-to-tir)' | FileCheck %s --check-prefix=OFF
//
// Run through the JIT: in-range indices give the values; an index past the
// end stops the program with the message instead of reading out of bounds.
// RUN: python3 %S/Inputs/write_npy_i64.py %t.ok.npy 0 2 3
// RUN: python3 %S/Inputs/write_npy_i64.py %t.bad.npy 0 7 3
// RUN: python3 %S/Inputs/write_npy_i64.py %t.neg.npy 0 -1 3
// RUN: strata-run %s --seed 1 --input %t.ok.npy --pass-pipeline='builtin.module(convert-graph-to-te,te-inline,convert-te-to-tir{bounds-checks=true},strata-lower-to-llvm)' | FileCheck %s --check-prefix=OK
// RUN: not --crash strata-run %s --seed 1 --input %t.bad.npy --pass-pipeline='builtin.module(convert-graph-to-te,te-inline,convert-te-to-tir{bounds-checks=true},strata-lower-to-llvm)' 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: not --crash strata-run %s --seed 1 --input %t.neg.npy --pass-pipeline='builtin.module(convert-graph-to-te,te-inline,convert-te-to-tir{bounds-checks=true},strata-lower-to-llvm)' 2>&1 | FileCheck %s --check-prefix=BAD

// CHECK-LABEL: func.func @main
// CHECK: "tir.for"
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[IN0:.*]] = arith.cmpi ult, %{{.*}}, %[[C3]] : index
// CHECK-NEXT: cf.assert %[[IN0]], "strata: te.read index out of bounds at {{.*}}te_to_tir_bounds_checks.mlir:33:10
// CHECK-NEXT: memref.load
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[IN1:.*]] = arith.cmpi ult, %{{.*}}, %[[C4]] : index
// CHECK-NEXT: cf.assert %[[IN1]], "strata: te.read index out of bounds at {{.*}}te_to_tir_bounds_checks.mlir:35:10
// CHECK-NEXT: memref.load
// OFF-NOT: cf.assert
// OK: result 0: 3xf32
// BAD: strata: te.read index out of bounds at {{.*}}te_to_tir_bounds_checks.mlir:35:10
func.func @main(%idx: tensor<3xi64>, %a: tensor<4xf32>) -> tensor<3xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index):
    %k = "te.read"(%idx, %i) : (tensor<3xi64>, index) -> i64
    %j = arith.index_cast %k : i64 to index
    %x = "te.read"(%a, %j) : (tensor<4xf32>, index) -> f32
    gpu.yield %x : f32
  }) {name = "g", reduce_extents = array<i64>} : () -> tensor<3xf32>
  return %c : tensor<3xf32>
}
