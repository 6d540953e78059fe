// Tensor files the tensor_read fuzzer (fuzz/tensor_read.c) crashed the
// onnx.TensorProto reader with, given to strata-run --input: each gives an
// error message, never a crash.
//
// Packed dims ("opt_seq" read as varints: 111x112x116x95x115x101x113, some
// 1.8e14 floats, 720 TB) and 12 values of data: the reader allocated the shape before
// comparing it with the data (an allocation-size report under ASan); fixed
// by the size checks of the readers (issue 19).
// RUN: not strata-run %s --input %S/tensor_read/huge-dims-alloc.pb 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: huge-dims-alloc.pb: the data field has 12 values, the shape needs 179812654996800
//
// An empty float tensor without float_data: memcpy from NULL (UBSan's
// nonnull-attribute); now read as an empty tensor, which the model rejects.
// RUN: not strata-run %s --input %S/tensor_read/empty-tensor-no-data.pb 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: printf '\010\000\020\001' > %t.empty.pb
// RUN: not strata-run %s --input %t.empty.pb 2>&1 | FileCheck %s --check-prefix=EMPTY
// EMPTY: input 0 of 'relu' has shape {{.*}}, which the function does not accept

func.func @relu(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "graph.relu"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
