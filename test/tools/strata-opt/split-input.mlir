// Chunks are processed independently, output chunks are separated, and an
// error in one chunk is reported with its line in the whole file.
// RUN: not strata-opt --split-input-file %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=ERR < %t.err

// CHECK-LABEL: func.func @first
func.func @first() {
  return
}

// -----

// CHECK: // -----
// CHECK-LABEL: func.func @second
func.func @second() {
  return
}

// -----

func.func @third() -> i32 {
  // ERR: split-input.mlir:[[@LINE+1]]:3: error: 'func.return' op has 0 operands, but enclosing function (@third) returns 1
  return
}
