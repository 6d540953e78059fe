// convert-graph-to-te on ONNX's opset-20 string ops and LabelEncoder's
// lookup (lowering/graph_to_te_string.c, graph_to_te_table.c): equal on
// strings and string_concat are broadcasting computes calling the scalar
// kernels strata_string_equal / strata_string_concat on handles;
// string_split, regex_full_match and label_lookup call buffer kernels on the
// flattened input (tensor.cast to dynamic extents), their string attributes
// as NUL-terminated bytes, and expand the static results back. The counts
// part of string_split asks for no pieces (width -1, an empty buffer).
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-graph-to-llvm)' | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @main(%arg0: tensor<2x2xi64>, %arg1: tensor<1xi64>, %arg2: tensor<3xf32>)
// CHECK: %[[A:.*]] = "te.read"(%arg0, %{{.*}}, %{{.*}}) : (tensor<2x2xi64>, index, index) -> i64
// CHECK: %[[B:.*]] = "te.read"(%arg1, %c0) : (tensor<1xi64>, index) -> i64
// CHECK: func.call @strata_string_concat(%[[A]], %[[B]]) : (i64, i64) -> i64
// CHECK: name = "string_concat"
// CHECK: %[[E:.*]] = func.call @strata_string_equal(%{{.*}}, %{{.*}}) : (i64, i64) -> i64
// CHECK: arith.cmpi ne, %[[E]], %{{.*}} : i64
// CHECK: name = "equal"
// CHECK: %[[X:.*]] = tensor.collapse_shape %arg0 {{\[\[}}0, 1]] : tensor<2x2xi64> into tensor<4xi64>
// CHECK: %[[D:.*]] = arith.constant dense<[46, 0]> : tensor<2xi8>
// CHECK: %[[MAX:.*]] = arith.constant -1 : i64
// CHECK: %[[W:.*]] = arith.constant 3 : i64
// CHECK: %[[S:.*]]:2 = call @strata_string_split(%{{.*}}, %{{.*}}, %[[MAX]], %[[W]]) : (tensor<?xi64>, tensor<?xi8>, i64, i64) -> (tensor<?xi64>, tensor<?xi64>)
// CHECK: %[[P:.*]] = tensor.cast %[[S]]#0 : tensor<?xi64> to tensor<12xi64>
// CHECK: tensor.expand_shape %[[P]] {{\[\[}}0, 1, 2]] output_shape [2, 2, 3] : tensor<12xi64> into tensor<2x2x3xi64>
// CHECK: arith.constant -1 : i64
// CHECK-NEXT: %[[NOW:.*]] = arith.constant -1 : i64
// CHECK: %[[C:.*]]:2 = call @strata_string_split(%{{.*}}, %{{.*}}, %{{.*}}, %[[NOW]])
// CHECK: tensor.cast %[[C]]#0 : tensor<?xi64> to tensor<0xi64>
// CHECK: %[[N:.*]] = tensor.cast %[[C]]#1 : tensor<?xi64> to tensor<4xi64>
// CHECK: tensor.expand_shape %[[N]] {{\[\[}}0, 1]] output_shape [2, 2] : tensor<4xi64> into tensor<2x2xi64>
// CHECK: arith.constant dense<[97, 91, 98, 45, 100, 93, 43, 0]> : tensor<8xi8>
// CHECK: %[[R:.*]] = call @strata_regex_full_match(%{{.*}}, %{{.*}}) : (tensor<?xi64>, tensor<?xi8>) -> tensor<?xi8>
// CHECK: %[[RC:.*]] = tensor.cast %[[R]] : tensor<?xi8> to tensor<4xi8>
// CHECK: "te.read"(%[[RC]], %{{.*}}) : (tensor<4xi8>, index) -> i8
// CHECK: arith.cmpi ne
// CHECK: name = "regex_match"
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [2, 2] : tensor<4xi1> into tensor<2x2xi1>
// String keys: placeholders and bytes, kind 2.
// CHECK: %[[KS:.*]] = arith.constant dense<0> : tensor<2xi64>
// CHECK: %[[KB:.*]] = arith.constant dense<[97, 0, 98, 0]> : tensor<4xi8>
// CHECK: %[[K2:.*]] = arith.constant 2 : i64
// CHECK: call @strata_label_lookup(%{{.*}}, %[[K2]], %{{.*}}, %{{.*}}) : (tensor<?xi64>, i64, tensor<?xi64>, tensor<?xi8>) -> tensor<?xi64>
// Float keys: the bits of their f64 values, the input extended to f64 and bitcast, kind 1.
// CHECK: arith.constant dense<[4602678819172646912, -4616189618054758400]> : tensor<2xi64>
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: arith.bitcast %{{.*}} : f64 to i64
// CHECK: name = "lookup_input"
// CHECK: %[[K1:.*]] = arith.constant 1 : i64
// CHECK: call @strata_label_lookup(%{{.*}}, %[[K1]], %{{.*}}, %{{.*}})
// CHECK: func.func private @strata_string_concat(i64, i64) -> i64
// CHECK: func.func private @strata_string_equal(i64, i64) -> i64
// CHECK: func.func private @strata_string_split(tensor<?xi64>, tensor<?xi8>, i64, i64) -> (tensor<?xi64>, tensor<?xi64>) attributes {llvm.emit_c_interface}
// CHECK: func.func private @strata_regex_full_match(tensor<?xi64>, tensor<?xi8>) -> tensor<?xi8> attributes {llvm.emit_c_interface}
// CHECK: func.func private @strata_label_lookup(tensor<?xi64>, i64, tensor<?xi64>, tensor<?xi8>) -> tensor<?xi64> attributes {llvm.emit_c_interface}

// LLVM-DAG: llvm.call @strata_string_concat
// LLVM-DAG: llvm.call @strata_string_equal
// LLVM-DAG: llvm.call @_mlir_ciface_strata_string_split
// LLVM-DAG: llvm.call @_mlir_ciface_strata_regex_full_match
// LLVM-DAG: llvm.call @_mlir_ciface_strata_label_lookup
func.func @main(%s: tensor<2x2x!graph.string>, %u: tensor<1x!graph.string>, %f: tensor<3xf32>) -> (tensor<2x2x!graph.string>, tensor<2x2xi1>, tensor<2x2x3x!graph.string>, tensor<2x2xi64>, tensor<2x2xi1>, tensor<2x2xi64>, tensor<3xi64>) {
  %0 = "graph.string_concat"(%s, %u) : (tensor<2x2x!graph.string>, tensor<1x!graph.string>) -> tensor<2x2x!graph.string>
  %1 = "graph.equal"(%s, %u) : (tensor<2x2x!graph.string>, tensor<1x!graph.string>) -> tensor<2x2xi1>
  %2 = "graph.string_split"(%s) {delimiter = ".", maxsplit = -1 : i64, part = "pieces"} : (tensor<2x2x!graph.string>) -> tensor<2x2x3x!graph.string>
  %3 = "graph.string_split"(%s) {delimiter = ".", maxsplit = -1 : i64, part = "counts"} : (tensor<2x2x!graph.string>) -> tensor<2x2xi64>
  %4 = "graph.regex_full_match"(%s) {pattern = "a[b-d]+"} : (tensor<2x2x!graph.string>) -> tensor<2x2xi1>
  %5 = "graph.label_lookup"(%s) {keys = ["a", "b"]} : (tensor<2x2x!graph.string>) -> tensor<2x2xi64>
  %6 = "graph.label_lookup"(%f) {keys = array<f64: 0.5, -1.0>} : (tensor<3xf32>) -> tensor<3xi64>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<2x2x!graph.string>, tensor<2x2xi1>, tensor<2x2x3x!graph.string>, tensor<2x2xi64>, tensor<2x2xi1>, tensor<2x2xi64>, tensor<3xi64>
}
