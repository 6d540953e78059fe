// -o writes the result to a file; --mlir-print-ir-after-all prints the IR
// after every pass on stderr; passes mix Strata and upstream ones.
// RUN: strata-opt %s -o %t --pass-pipeline='builtin.module(strata-dce,func.func(canonicalize))' --mlir-print-ir-after-all 2>%t.log
// RUN: FileCheck %s --check-prefix=OUT < %t
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// RUN: cat %s | strata-opt -p 'func.func(canonicalize)' | FileCheck %s --check-prefix=OUT

// OUT-LABEL: func.func @fold
// OUT-NEXT: %[[C:.*]] = arith.constant 3 : i32
// OUT-NEXT: return %[[C]]
func.func @fold() -> i32 {
  %a = arith.constant 1 : i32
  %b = arith.constant 2 : i32
  %c = arith.addi %a, %b : i32
  return %c : i32
}

// LOG: // -----// IR Dump After strata-dce
// LOG: // -----// IR Dump After Canonicalizer (canonicalize)
