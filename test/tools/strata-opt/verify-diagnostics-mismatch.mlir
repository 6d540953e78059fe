// A missing or unexpected diagnostic makes --verify-diagnostics fail and
// says which.
// RUN: not strata-opt --split-input-file --verify-diagnostics %s 2>&1 | FileCheck %s

// CHECK: verify-diagnostics-mismatch.mlir:[[@LINE+2]]:3: error: unexpected error: 'func.return' op has 0 operands
func.func @unexpected() -> i32 {
  return
}

// -----

// CHECK: verify-diagnostics-mismatch.mlir:[[@LINE+2]]:6: error: expected error "this never happens" was not produced
func.func @missing() {
  // expected-error @+1 {{this never happens}}
  return
}

// -----

// CHECK: verify-diagnostics-mismatch.mlir:[[@LINE+1]]:4: error: malformed 'expected-error' comment
// expected-error @+1 no braces here
func.func @malformed() {
  return
}
