// Tensors too large to allocate, or whose size overflows 64 bits, are
// refused with an error naming the tensor and its size, never written
// through a null or too small buffer (issue 19).
//
// Random inputs and outputs that strata-run allocates (2^62 bytes: no
// 64-bit host maps that much).
// RUN: not strata-run %s --entry huge_in 2>&1 | FileCheck %s --check-prefix=IN
// IN: strata-run: cannot allocate input 0: 4611686018427387904 bytes (f32 [1073741824, 1073741824])
// RUN: not strata-run %s --entry huge_out 2>&1 | FileCheck %s --check-prefix=OUT
// OUT: strata-run: cannot allocate output 0: 4611686018427387904 bytes (f32 [1073741824, 1073741824])
// RUN: not strata-run %s --entry overflow_out 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: strata-run: cannot allocate output 0: too large (f32 [4611686018427387904, 4]: its size overflows 64 bits)
//
// Files whose shape's size overflows (a wrapped size would match their
// short data), and files shorter than their shape (refused before the
// shape is allocated).
// RUN: python3 %S/Inputs/bad_tensors.py npy_overflow %t.overflow.npy
// RUN: not strata-run %s --entry dynamic16 --input %t.overflow.npy 2>&1 | FileCheck %s --check-prefix=NPY-OVERFLOW
// NPY-OVERFLOW: strata-run: {{.*}}overflow.npy: the array is too large (f32 [1152921504606846977, 16]: its size overflows 64 bits)
// RUN: python3 %S/Inputs/bad_tensors.py npy_short %t.short.npy
// RUN: not strata-run %s --entry dynamic --input %t.short.npy 2>&1 | FileCheck %s --check-prefix=NPY-SHORT
// NPY-SHORT: strata-run: {{.*}}short.npy: truncated .npy file (f32 [100000, 100000] needs 40000000000 bytes of data, the file has 0)
// RUN: python3 %S/Inputs/bad_tensors.py pb_overflow %t.overflow.pb
// RUN: not strata-run %s --entry dynamic --input %t.overflow.pb 2>&1 | FileCheck %s --check-prefix=PB-OVERFLOW
// PB-OVERFLOW: strata-run: {{.*}}overflow.pb: the tensor is too large (f32 [4611686018427387904, 4]: its size overflows 64 bits)
// RUN: python3 %S/Inputs/bad_tensors.py pb_negative %t.negative.pb
// RUN: not strata-run %s --entry dynamic --input %t.negative.pb 2>&1 | FileCheck %s --check-prefix=PB-NEGATIVE
// PB-NEGATIVE: strata-run: {{.*}}negative.pb: negative dimension -3 (f32 [-3, 4])
// RUN: python3 %S/Inputs/bad_tensors.py pb_short_typed %t.typed.pb
// RUN: not strata-run %s --entry dynamic --input %t.typed.pb 2>&1 | FileCheck %s --check-prefix=PB-TYPED
// PB-TYPED: strata-run: {{.*}}typed.pb: the data field has 1 values, the shape needs 10000000000
// RUN: python3 %S/Inputs/bad_tensors.py pb_short_raw %t.raw.pb
// RUN: not strata-run %s --entry dynamic --input %t.raw.pb 2>&1 | FileCheck %s --check-prefix=PB-RAW
// PB-RAW: strata-run: {{.*}}raw.pb: raw_data has 8 bytes, the shape needs 40000000000

func.func @huge_in(%a: tensor<1073741824x1073741824xf32>) -> tensor<1073741824x1073741824xf32> {
  return %a : tensor<1073741824x1073741824xf32>
}

func.func @huge_out(%a: tensor<1xf32>) -> tensor<1073741824x1073741824xf32> {
  %0 = "graph.expand"(%a) : (tensor<1xf32>) -> tensor<1073741824x1073741824xf32>
  return %0 : tensor<1073741824x1073741824xf32>
}

// (Not a graph op: the graph verifier refuses such a result type first,
// test/dialects/graph/overflow-invalid.mlir.)
func.func @overflow_out(%a: tensor<1xf32>) -> tensor<4611686018427387904x4xf32> {
  %0 = tensor.empty() : tensor<4611686018427387904x4xf32>
  return %0 : tensor<4611686018427387904x4xf32>
}

func.func @dynamic(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "graph.relu"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

func.func @dynamic16(%a: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %0 = "graph.relu"(%a) : (tensor<?x16xf32>) -> tensor<?x16xf32>
  return %0 : tensor<?x16xf32>
}
