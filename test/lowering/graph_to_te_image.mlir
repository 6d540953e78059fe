// convert-graph-to-te on graph.image_decode (lowering/graph_to_te_image.c):
// the bytes narrowed to i8 (unsigned bytes reach the lowering widened to
// i16: compute "image_bytes"), the buffer kernel strata_image_decode called
// with the pixel format as a scalar (BGR 1), its flat result expanded to
// [H, W, C] and widened back (compute "image_pixels"). It lowers on to the
// llvm dialect.
// RUN: strata-opt %s --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s
// RUN: strata-opt %s --pass-pipeline='builtin.module(strata-graph-to-llvm)' | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @main(%arg0: tensor<312xui8>) -> tensor<4x5x3xui8>
// CHECK: arith.trunci %{{.*}} : i16 to i8
// CHECK: name = "image_bytes"
// CHECK: %[[F:.*]] = arith.constant 1 : i64
// CHECK: %[[R:.*]] = call @strata_image_decode(%{{.*}}, %[[F]]) : (tensor<?xi8>, i64) -> tensor<?xi8>
// CHECK: tensor.cast %[[R]] : tensor<?xi8> to tensor<60xi8>
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1, 2]] output_shape [4, 5, 3] : tensor<60xi8> into tensor<4x5x3xi8>
// CHECK: arith.extui %{{.*}} : i8 to i16
// CHECK: name = "image_pixels"
// CHECK: func.func private @strata_image_decode(tensor<?xi8>, i64) -> tensor<?xi8> attributes {llvm.emit_c_interface}
// LLVM: llvm.call @_mlir_ciface_strata_image_decode
func.func @main(%x: tensor<312xui8>) -> tensor<4x5x3xui8> {
  %y = "graph.image_decode"(%x) {pixel_format = "BGR"} : (tensor<312xui8>) -> tensor<4x5x3xui8>
  return %y : tensor<4x5x3xui8>
}
