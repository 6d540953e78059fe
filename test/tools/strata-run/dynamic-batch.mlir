// A dynamic batch dimension lowers and runs, with its extent taken from the
// input at run time: the same MLP is compiled once with a `?` batch and once
// with a static one and both agree with the reference on batches of 3 and 1.
// RUN: rm -rf %t && mkdir -p %t
// RUN: python3 %S/Inputs/write_npy.py %t/x3.npy 3 16
// RUN: python3 %S/Inputs/write_npy.py %t/x1.npy 1 16
// RUN: strata-reference %s --entry static3 --input %t/x3.npy --output %t/ref3.npy
// RUN: strata-run %s --entry dynamic --input %t/x3.npy --expected %t/ref3.npy --output %t/out3.npy | FileCheck %s --check-prefix=B3
// B3: result 0: 3x4xf32
// B3: result 0: matches
// RUN: strata-reference %s --entry static1 --input %t/x1.npy --output %t/ref1.npy
// RUN: strata-run %s --entry dynamic --input %t/x1.npy --expected %t/ref1.npy | FileCheck %s --check-prefix=B1
// B1: result 0: 1x4xf32
// B1: result 0: matches

func.func @dynamic(%x: tensor<?x16xf32>) -> tensor<?x4xf32> {
  %w = "graph.constant"() {value = dense<0.0625> : tensor<4x16xf32>} : () -> tensor<4x16xf32>
  %b = "graph.constant"() {value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> tensor<4xf32>
  %h = "graph.dense"(%x, %w, %b) : (tensor<?x16xf32>, tensor<4x16xf32>, tensor<4xf32>) -> tensor<?x4xf32>
  %r = "graph.relu"(%h) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %s = "graph.softmax"(%r) {axis = 1 : i64} : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %s : tensor<?x4xf32>
}

func.func @static3(%x: tensor<3x16xf32>) -> tensor<3x4xf32> {
  %w = "graph.constant"() {value = dense<0.0625> : tensor<4x16xf32>} : () -> tensor<4x16xf32>
  %b = "graph.constant"() {value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> tensor<4xf32>
  %h = "graph.dense"(%x, %w, %b) : (tensor<3x16xf32>, tensor<4x16xf32>, tensor<4xf32>) -> tensor<3x4xf32>
  %r = "graph.relu"(%h) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %s = "graph.softmax"(%r) {axis = 1 : i64} : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return %s : tensor<3x4xf32>
}

func.func @static1(%x: tensor<1x16xf32>) -> tensor<1x4xf32> {
  %w = "graph.constant"() {value = dense<0.0625> : tensor<4x16xf32>} : () -> tensor<4x16xf32>
  %b = "graph.constant"() {value = dense<[0.1, -0.2, 0.3, -0.4]> : tensor<4xf32>} : () -> tensor<4xf32>
  %h = "graph.dense"(%x, %w, %b) : (tensor<1x16xf32>, tensor<4x16xf32>, tensor<4xf32>) -> tensor<1x4xf32>
  %r = "graph.relu"(%h) : (tensor<1x4xf32>) -> tensor<1x4xf32>
  %s = "graph.softmax"(%r) {axis = 1 : i64} : (tensor<1x4xf32>) -> tensor<1x4xf32>
  return %s : tensor<1x4xf32>
}
