// strata-run reports bad usage and bad inputs with a clear message and a
// non-zero exit, never a crash.
// RUN: not strata-run 2>&1 | FileCheck %s --check-prefix=NOMODEL
// NOMODEL: strata-run: no model given (see --help)
// RUN: not strata-run %s.missing 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: strata-run: cannot open model '{{.*}}.missing': No such file or directory
// RUN: not strata-run %s --bogus 2>&1 | FileCheck %s --check-prefix=FLAG
// FLAG: strata-run: unknown option '--bogus' (see --help)
// RUN: not strata-run %s --repeat x 2>&1 | FileCheck %s --check-prefix=NUM
// NUM: strata-run: --repeat expects a number, got 'x'
// RUN: not strata-run %s --entry nope 2>&1 | FileCheck %s --check-prefix=ENTRY
// ENTRY: strata-run: no public function named 'nope'
// RUN: not strata-run %s --entry add --input %s 2>&1 | FileCheck %s --check-prefix=NPY
// NPY: strata-run: {{.*}}errors.mlir: not a .npy file (bad magic)
// RUN: not strata-run %s --entry add --input /usr/share/libonnx-testdata/data/node/test_relu/test_data_set_0/input_0.pb 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: input 0 of 'add' has shape 3x4x5xf32, which the function does not accept
// RUN: not strata-run %s --entry add --expected %s.missing.npy 2>&1 | FileCheck %s --check-prefix=EXPECTED
// EXPECTED: strata-run: {{.*}}missing.npy: cannot open: No such file or directory
// RUN: not strata-run %s --entry add --input a.npy --input b.npy --input c.npy 2>&1 | FileCheck %s --check-prefix=COUNT
// COUNT: 'add' takes 2 inputs and returns 1 results; got 3 --input
// RUN: not strata-run %s --entry dynamic 2>&1 | FileCheck %s --check-prefix=DYN
// DYN: input 0 of 'dynamic' has a dynamic dimension: give it as a file with --input
// RUN: not strata-run %s --entry add --pass-pipeline='builtin.module(canonicalize)' 2>&1 | FileCheck %s --check-prefix=JIT
// JIT: strata-run: cannot JIT-compile the module
// A comparison that fails says how, and exits 1.
// RUN: strata-run %s --entry add --seed 1 --output %t.npy
// RUN: not strata-run %s --entry add --seed 2 --expected %t.npy | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: result 0: MISMATCH: {{[0-9]+}} elements differ, max abs error

func.func @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.add"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

func.func @dynamic(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "graph.relu"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
