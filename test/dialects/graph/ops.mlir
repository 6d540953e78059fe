// Round trip of every graph op (generic form: IRDL ops print generically)
// through strata-opt (IRDL + the C checks of dialects/graph/graph_verify.c and graph_infer_*.c), twice,
// and through upstream mlir-opt with the IRDL definitions alone. Attributes
// vary where they change the shape rule; `?` batch dims appear throughout.
// RUN: strata-opt %s | FileCheck %s
// RUN: strata-opt %s | strata-opt | FileCheck %s
// RUN: mlir-opt-22 --irdl-file=%irdl %s | FileCheck %s

// CHECK-LABEL: func.func @constant(
// CHECK: "graph.constant"() {value = dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
// CHECK-NEXT: "graph.constant"() {value = dense<7> : tensor<3xi32>} : () -> tensor<3xi32>
// CHECK-NEXT: "graph.constant"() {value = dense_resource<weights> : tensor<2xf32>} : () -> tensor<2xf32>
func.func @constant() -> (tensor<2x2xf32>, tensor<3xi32>, tensor<2xf32>) {
  %0 = "graph.constant"() {value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  %1 = "graph.constant"() {value = dense<7> : tensor<3xi32>} : () -> tensor<3xi32>
  %2 = "graph.constant"() {value = dense_resource<weights> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0, %1, %2 : tensor<2x2xf32>, tensor<3xi32>, tensor<2xf32>
}

// CHECK-LABEL: func.func @unary(
// CHECK: "graph.relu"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.sigmoid"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.tanh"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.exp"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.log"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.sqrt"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.erf"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.neg"(%{{[a-z0-9]+}}) : (tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: "graph.abs"(%{{[a-z0-9]+}}) : (tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: "graph.relu"(%{{[a-z0-9]+}}) : (tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: "graph.gelu"(%{{[a-z0-9]+}}) {approximate = "none"} : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.gelu"(%{{[a-z0-9]+}}) {approximate = "tanh"} : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.leaky_relu"(%{{[a-z0-9]+}}) {alpha = 0.00999999977 : f32} : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.clip"(%{{[a-z0-9]+}}) {max = 6.000000e+00 : f32, min = 0.000000e+00 : f32} : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.clip"(%{{[a-z0-9]+}}) {max = 3 : i32, min = -3 : i32} : (tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: "graph.relu"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<2x8xf32>
func.func @unary(%x: tensor<?x8xf32>, %i: tensor<4xi32>) {
  %0 = "graph.relu"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %1 = "graph.sigmoid"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %2 = "graph.tanh"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %3 = "graph.exp"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %4 = "graph.log"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %5 = "graph.sqrt"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %6 = "graph.erf"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %7 = "graph.neg"(%i) : (tensor<4xi32>) -> tensor<4xi32>
  %8 = "graph.abs"(%i) : (tensor<4xi32>) -> tensor<4xi32>
  %9 = "graph.relu"(%i) : (tensor<4xi32>) -> tensor<4xi32>
  %10 = "graph.gelu"(%x) {approximate = "none"} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %11 = "graph.gelu"(%x) {approximate = "tanh"} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %12 = "graph.leaky_relu"(%x) {alpha = 0.01 : f32} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %13 = "graph.clip"(%x) {min = 0.0 : f32, max = 6.0 : f32} : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %14 = "graph.clip"(%i) {min = -3 : i32, max = 3 : i32} : (tensor<4xi32>) -> tensor<4xi32>
  // A static result where the input is dynamic is compatible.
  %15 = "graph.relu"(%x) : (tensor<?x8xf32>) -> tensor<2x8xf32>
  return
}

// Trigonometric, hyperbolic and rounding functions (float only).
// CHECK-LABEL: func.func @unary_math(
// CHECK: "graph.sin"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.cos"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.tan"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.asin"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.acos"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.atan"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.sinh"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.cosh"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.asinh"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.acosh"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.atanh"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.round"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.ceil"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.floor"(%{{[a-z0-9]+}}) : (tensor<?x8xf32>) -> tensor<?x8xf32>
// CHECK-NEXT: "graph.floor"(%{{[a-z0-9]+}}) : (tensor<3xf64>) -> tensor<3xf64>
func.func @unary_math(%x: tensor<?x8xf32>, %d: tensor<3xf64>) {
  %0 = "graph.sin"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %1 = "graph.cos"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %2 = "graph.tan"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %3 = "graph.asin"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %4 = "graph.acos"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %5 = "graph.atan"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %6 = "graph.sinh"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %7 = "graph.cosh"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %8 = "graph.asinh"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %9 = "graph.acosh"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %10 = "graph.atanh"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %11 = "graph.round"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %12 = "graph.ceil"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %13 = "graph.floor"(%x) : (tensor<?x8xf32>) -> tensor<?x8xf32>
  %14 = "graph.floor"(%d) : (tensor<3xf64>) -> tensor<3xf64>
  return
}

// CHECK-LABEL: func.func @binary(
// CHECK: "graph.add"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: "graph.sub"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: "graph.mul"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: "graph.div"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x1x3xf32>, tensor<2x3xf32>) -> tensor<?x2x3xf32>
// CHECK-NEXT: "graph.maximum"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<4x1xf32>, tensor<3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: "graph.minimum"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x1x3xf32>, tensor<4x1xf32>) -> tensor<?x4x3xf32>
// CHECK-NEXT: "graph.pow"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
func.func @binary(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %c: tensor<?x1x3xf32>, %d: tensor<4x1xf32>) {
  %0 = "graph.add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "graph.sub"(%b, %a) : (tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "graph.mul"(%a, %a) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "graph.div"(%c, %a) : (tensor<?x1x3xf32>, tensor<2x3xf32>) -> tensor<?x2x3xf32>
  %4 = "graph.maximum"(%d, %b) : (tensor<4x1xf32>, tensor<3xf32>) -> tensor<4x3xf32>
  %5 = "graph.minimum"(%c, %d) : (tensor<?x1x3xf32>, tensor<4x1xf32>) -> tensor<?x4x3xf32>
  %6 = "graph.pow"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// CHECK-LABEL: func.func @mod(
// CHECK: "graph.mod"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {fmod = false} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
// CHECK-NEXT: "graph.mod"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {fmod = true} : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
func.func @mod(%a: tensor<2x3xi32>, %b: tensor<3xi32>, %x: tensor<?x3xf32>) {
  %0 = "graph.mod"(%a, %b) {fmod = false} : (tensor<2x3xi32>, tensor<3xi32>) -> tensor<2x3xi32>
  %1 = "graph.mod"(%x, %x) {fmod = true} : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  return
}

// CHECK-LABEL: func.func @shifts(
// CHECK: "graph.shift_left"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<2x3xui8>, tensor<3xui8>) -> tensor<2x3xui8>
// CHECK-NEXT: "graph.shift_right"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x3xi32>, tensor<?x3xi32>) -> tensor<?x3xi32>
func.func @shifts(%a: tensor<2x3xui8>, %b: tensor<3xui8>, %x: tensor<?x3xi32>) {
  %0 = "graph.shift_left"(%a, %b) : (tensor<2x3xui8>, tensor<3xui8>) -> tensor<2x3xui8>
  %1 = "graph.shift_right"(%x, %x) : (tensor<?x3xi32>, tensor<?x3xi32>) -> tensor<?x3xi32>
  return
}

// CHECK-LABEL: func.func @bitwise(
// CHECK: "graph.bitwise_and"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<2x3xui8>, tensor<3xui8>) -> tensor<2x3xui8>
// CHECK-NEXT: "graph.bitwise_or"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x3xi32>, tensor<?x3xi32>) -> tensor<?x3xi32>
// CHECK-NEXT: "graph.bitwise_xor"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x3xi32>, tensor<?x3xi32>) -> tensor<?x3xi32>
// CHECK-NEXT: "graph.bitwise_not"(%{{[a-z0-9]+}}) : (tensor<2x3xui8>) -> tensor<2x3xui8>
// CHECK-NEXT: "graph.bitcast"(%{{[a-z0-9]+}}) : (tensor<?x3xi32>) -> tensor<?x3xf32>
// CHECK-NEXT: "graph.bitcast"(%{{[a-z0-9]+}}) : (tensor<4xf8E4M3FN>) -> tensor<4xi8>
func.func @bitwise(%a: tensor<2x3xui8>, %b: tensor<3xui8>, %x: tensor<?x3xi32>, %f: tensor<4xf8E4M3FN>) {
  %0 = "graph.bitwise_and"(%a, %b) : (tensor<2x3xui8>, tensor<3xui8>) -> tensor<2x3xui8>
  %1 = "graph.bitwise_or"(%x, %x) : (tensor<?x3xi32>, tensor<?x3xi32>) -> tensor<?x3xi32>
  %2 = "graph.bitwise_xor"(%x, %x) : (tensor<?x3xi32>, tensor<?x3xi32>) -> tensor<?x3xi32>
  %3 = "graph.bitwise_not"(%a) : (tensor<2x3xui8>) -> tensor<2x3xui8>
  %4 = "graph.bitcast"(%x) : (tensor<?x3xi32>) -> tensor<?x3xf32>
  %5 = "graph.bitcast"(%f) : (tensor<4xf8E4M3FN>) -> tensor<4xi8>
  return
}

// CHECK-LABEL: func.func @contractions(
// CHECK: "graph.matmul"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x64xf32>, tensor<64x32xf32>) -> tensor<?x32xf32>
// CHECK-NEXT: "graph.dense"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x64xf32>, tensor<10x64xf32>) -> tensor<?x10xf32>
// CHECK-NEXT: "graph.dense"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x64xf32>, tensor<10x64xf32>, tensor<10xf32>) -> tensor<?x10xf32>
// CHECK-NEXT: "graph.batch_matmul"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<8x4x16xf32>, tensor<1x16x5xf32>) -> tensor<8x4x5xf32>
// CHECK-NEXT: "graph.batch_matmul"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<2x3x4x16xf32>, tensor<1x16x5xf32>) -> tensor<2x3x4x5xf32>
func.func @contractions(%a: tensor<?x64xf32>, %b: tensor<64x32xf32>, %w: tensor<10x64xf32>, %bias: tensor<10xf32>,
                        %ba: tensor<8x4x16xf32>, %bb: tensor<1x16x5xf32>, %x4: tensor<2x3x4x16xf32>) {
  %0 = "graph.matmul"(%a, %b) : (tensor<?x64xf32>, tensor<64x32xf32>) -> tensor<?x32xf32>
  %1 = "graph.dense"(%a, %w) : (tensor<?x64xf32>, tensor<10x64xf32>) -> tensor<?x10xf32>
  %2 = "graph.dense"(%a, %w, %bias) : (tensor<?x64xf32>, tensor<10x64xf32>, tensor<10xf32>) -> tensor<?x10xf32>
  %3 = "graph.batch_matmul"(%ba, %bb) : (tensor<8x4x16xf32>, tensor<1x16x5xf32>) -> tensor<8x4x5xf32>
  %4 = "graph.batch_matmul"(%x4, %bb) : (tensor<2x3x4x16xf32>, tensor<1x16x5xf32>) -> tensor<2x3x4x5xf32>
  return
}

// CHECK-LABEL: func.func @conv2d(
// CHECK: "graph.conv2d"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {data_layout = "NCHW", dilation = array<i64: 1, 1>, groups = 1 : i64, kernel_layout = "OIHW", padding = array<i64: 3, 3, 3, 3>, strides = array<i64: 2, 2>} : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<?x64x112x112xf32>
// CHECK-NEXT: "graph.conv2d"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {data_layout = "NHWC", dilation = array<i64: 2, 2>, groups = 4 : i64, kernel_layout = "HWIO", padding = array<i64: 2, 2, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x56x56x64xf32>, tensor<3x3x16x64xf32>) -> tensor<1x55x55x64xf32>
// CHECK-NEXT: "graph.conv2d"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {data_layout = "NCHW8c", dilation = array<i64: 1, 1>, groups = 1 : i64, kernel_layout = "OIHW8i8o", padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x4x28x28x8xf32>, tensor<8x4x3x3x8x8xf32>) -> tensor<1x8x28x28x8xf32>
func.func @conv2d(%x: tensor<?x3x224x224xf32>, %w: tensor<64x3x7x7xf32>, %b: tensor<64xf32>,
                  %xh: tensor<1x56x56x64xf32>, %wh: tensor<3x3x16x64xf32>,
                  %xc: tensor<1x4x28x28x8xf32>, %wc: tensor<8x4x3x3x8x8xf32>) {
  // ResNet stem: 7x7 stride 2 pad 3.
  %0 = "graph.conv2d"(%x, %w, %b) {strides = array<i64: 2, 2>, padding = array<i64: 3, 3, 3, 3>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW", kernel_layout = "OIHW"}
      : (tensor<?x3x224x224xf32>, tensor<64x3x7x7xf32>, tensor<64xf32>) -> tensor<?x64x112x112xf32>
  // NHWC/HWIO, no bias, grouped (4 groups of 16 channels), dilated, asymmetric padding.
  %1 = "graph.conv2d"(%xh, %wh) {strides = array<i64: 1, 1>, padding = array<i64: 2, 2, 1, 1>,
      dilation = array<i64: 2, 2>, groups = 4 : i64, data_layout = "NHWC", kernel_layout = "HWIO"}
      : (tensor<1x56x56x64xf32>, tensor<3x3x16x64xf32>) -> tensor<1x55x55x64xf32>
  // TVM's blocked NCHW8c / OIHW8i8o.
  %2 = "graph.conv2d"(%xc, %wc) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>,
      dilation = array<i64: 1, 1>, groups = 1 : i64, data_layout = "NCHW8c", kernel_layout = "OIHW8i8o"}
      : (tensor<1x4x28x28x8xf32>, tensor<8x4x3x3x8x8xf32>) -> tensor<1x8x28x28x8xf32>
  return
}

// max_pool2d_indices: max_pool2d's shape, i64 indices; storage_order 0 / 1.
// CHECK-LABEL: func.func @pooling_indices(
// CHECK: "graph.max_pool2d_indices"(%{{[a-z0-9]+}}) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, layout = "NCHW", padding = array<i64: 1, 1, 1, 1>, storage_order = 0 : i64, strides = array<i64: 2, 2>} : (tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xi64>
// CHECK-NEXT: "graph.max_pool2d_indices"(%{{[a-z0-9]+}}) {{{.*}}storage_order = 1 : i64{{.*}}} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xi64>
func.func @pooling_indices(%x: tensor<?x64x112x112xf32>, %y: tensor<1x1x5x5xf32>) {
  %0 = "graph.max_pool2d_indices"(%x) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>,
      dilation = array<i64: 1, 1>, ceil_mode = false, storage_order = 0 : i64, layout = "NCHW"} : (tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xi64>
  %1 = "graph.max_pool2d_indices"(%y) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, ceil_mode = true, storage_order = 1 : i64, layout = "NCHW"} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xi64>
  return
}

// CHECK-LABEL: func.func @pooling(
// CHECK: "graph.max_pool2d"(%{{[a-z0-9]+}}) {ceil_mode = false, dilation = array<i64: 1, 1>, kernel = array<i64: 3, 3>, layout = "NCHW", padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xf32>
// CHECK-NEXT: "graph.avg_pool2d"(%{{[a-z0-9]+}}) {ceil_mode = false, count_include_pad = true, kernel = array<i64: 2, 2>, layout = "NCHW", padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xf32>
// CHECK-NEXT: "graph.max_pool2d"(%{{[a-z0-9]+}}) {ceil_mode = true, dilation = array<i64: 1, 1>, kernel = array<i64: 2, 2>, layout = "NCHW", padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 2, 2>} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
// CHECK-NEXT: "graph.avg_pool2d"(%{{[a-z0-9]+}}) {ceil_mode = false, count_include_pad = false, kernel = array<i64: 3, 3>, layout = "NHWC", padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32>
// CHECK-NEXT: "graph.global_avg_pool2d"(%{{[a-z0-9]+}}) {layout = "NCHW"} : (tensor<?x64x112x112xf32>) -> tensor<?x64x1x1xf32>
// CHECK-NEXT: "graph.global_avg_pool2d"(%{{[a-z0-9]+}}) {layout = "NHWC"} : (tensor<1x7x7x512xf32>) -> tensor<1x1x1x512xf32>
func.func @pooling(%x: tensor<?x64x112x112xf32>, %xh: tensor<1x7x7x512xf32>, %y: tensor<1x1x5x5xf32>) {
  %0 = "graph.max_pool2d"(%x) {kernel = array<i64: 3, 3>, strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>,
      dilation = array<i64: 1, 1>, ceil_mode = false, layout = "NCHW"} : (tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xf32>
  %1 = "graph.avg_pool2d"(%x) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      ceil_mode = false, count_include_pad = true, layout = "NCHW"} : (tensor<?x64x112x112xf32>) -> tensor<?x64x56x56xf32>
  // ceil_mode: 5 -> 3 windows of 2 (stride 2), not 2.
  %2 = "graph.max_pool2d"(%y) {kernel = array<i64: 2, 2>, strides = array<i64: 2, 2>, padding = array<i64: 0, 0, 0, 0>,
      dilation = array<i64: 1, 1>, ceil_mode = true, layout = "NCHW"} : (tensor<1x1x5x5xf32>) -> tensor<1x1x3x3xf32>
  %3 = "graph.avg_pool2d"(%xh) {kernel = array<i64: 3, 3>, strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>,
      ceil_mode = false, count_include_pad = false, layout = "NHWC"} : (tensor<1x7x7x512xf32>) -> tensor<1x7x7x512xf32>
  %4 = "graph.global_avg_pool2d"(%x) {layout = "NCHW"} : (tensor<?x64x112x112xf32>) -> tensor<?x64x1x1xf32>
  %5 = "graph.global_avg_pool2d"(%xh) {layout = "NHWC"} : (tensor<1x7x7x512xf32>) -> tensor<1x1x1x512xf32>
  return
}

// CHECK-LABEL: func.func @windows_3d(
// CHECK: "graph.conv3d"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {data_layout = "NCDHW", dilation = array<i64: 1, 2, 1>, groups = 1 : i64, kernel_layout = "OIDHW", padding = array<i64: 1, 0, 2, 1, 1, 0>, strides = array<i64: 2, 1, 2>} : (tensor<?x2x7x6x5xf32>, tensor<4x2x3x2x3xf32>, tensor<4xf32>) -> tensor<?x4x4x5x3xf32>
// CHECK-NEXT: "graph.conv3d"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {data_layout = "NDHWC", dilation = array<i64: 1, 1, 1>, groups = 2 : i64, kernel_layout = "DHWIO", padding = array<i64: 0, 0, 0, 0, 0, 0>, strides = array<i64: 1, 1, 1>} : (tensor<1x4x5x6x4xf32>, tensor<2x2x2x2x6xf32>) -> tensor<1x3x4x5x6xf32>
// CHECK-NEXT: "graph.max_pool3d"(%{{[a-z0-9]+}}) {ceil_mode = true, dilation = array<i64: 1, 1, 1>, kernel = array<i64: 2, 2, 2>, layout = "NCDHW", padding = array<i64: 0, 0, 0, 0, 0, 0>, strides = array<i64: 2, 2, 2>} : (tensor<1x2x5x5x5xf32>) -> tensor<1x2x3x3x3xf32>
// CHECK-NEXT: "graph.avg_pool3d"(%{{[a-z0-9]+}}) {ceil_mode = false, count_include_pad = false, kernel = array<i64: 3, 3, 3>, layout = "NCDHW", padding = array<i64: 1, 1, 1, 1, 1, 1>, strides = array<i64: 2, 2, 2>} : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x3x3x4xf32>
func.func @windows_3d(%x: tensor<?x2x7x6x5xf32>, %w: tensor<4x2x3x2x3xf32>, %b: tensor<4xf32>,
                      %xh: tensor<1x4x5x6x4xf32>, %wh: tensor<2x2x2x2x6xf32>,
                      %p: tensor<1x2x5x5x5xf32>, %q: tensor<1x2x5x6x7xf32>) {
  %0 = "graph.conv3d"(%x, %w, %b) {strides = array<i64: 2, 1, 2>, padding = array<i64: 1, 0, 2, 1, 1, 0>,
      dilation = array<i64: 1, 2, 1>, groups = 1 : i64, data_layout = "NCDHW", kernel_layout = "OIDHW"}
      : (tensor<?x2x7x6x5xf32>, tensor<4x2x3x2x3xf32>, tensor<4xf32>) -> tensor<?x4x4x5x3xf32>
  %1 = "graph.conv3d"(%xh, %wh) {strides = array<i64: 1, 1, 1>, padding = array<i64: 0, 0, 0, 0, 0, 0>,
      dilation = array<i64: 1, 1, 1>, groups = 2 : i64, data_layout = "NDHWC", kernel_layout = "DHWIO"}
      : (tensor<1x4x5x6x4xf32>, tensor<2x2x2x2x6xf32>) -> tensor<1x3x4x5x6xf32>
  // ceil_mode: 5 -> 3 windows of 2 (stride 2) along each axis.
  %2 = "graph.max_pool3d"(%p) {kernel = array<i64: 2, 2, 2>, strides = array<i64: 2, 2, 2>, padding = array<i64: 0, 0, 0, 0, 0, 0>,
      dilation = array<i64: 1, 1, 1>, ceil_mode = true, layout = "NCDHW"} : (tensor<1x2x5x5x5xf32>) -> tensor<1x2x3x3x3xf32>
  %3 = "graph.avg_pool3d"(%q) {kernel = array<i64: 3, 3, 3>, strides = array<i64: 2, 2, 2>, padding = array<i64: 1, 1, 1, 1, 1, 1>,
      ceil_mode = false, count_include_pad = false, layout = "NCDHW"} : (tensor<1x2x5x6x7xf32>) -> tensor<1x2x3x3x4xf32>
  return
}

// CHECK-LABEL: func.func @normalization(
// CHECK: "graph.batch_norm"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {axis = 1 : i64, epsilon = 9.99999974E-6 : f32} : (tensor<?x64x56x56xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<?x64x56x56xf32>
// CHECK-NEXT: "graph.softmax"(%{{[a-z0-9]+}}) {axis = 1 : i64} : (tensor<2x10xf32>) -> tensor<2x10xf32>
func.func @normalization(%x: tensor<?x64x56x56xf32>, %p: tensor<64xf32>, %l: tensor<2x10xf32>) {
  %0 = "graph.batch_norm"(%x, %p, %p, %p, %p) {epsilon = 1.0e-05 : f32, axis = 1 : i64}
      : (tensor<?x64x56x56xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) -> tensor<?x64x56x56xf32>
  %1 = "graph.softmax"(%l) {axis = 1 : i64} : (tensor<2x10xf32>) -> tensor<2x10xf32>
  return
}

// A reshape to a target computed at run time (the `shape` operand), and the
// dims of a tensor as an i64 tensor.
// CHECK-LABEL: func.func @runtime_shapes(
// CHECK: %[[S:.*]] = "graph.shape"(%{{[a-z0-9]+}}) : (tensor<?x12xf32>) -> tensor<2xi64>
// CHECK-NEXT: "graph.reshape"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x12xf32>, tensor<3xi64>) -> tensor<?x3x4xf32>
// CHECK-NEXT: "graph.reshape"(%{{[a-z0-9]+}}, %[[S]]) : (tensor<?x12xf32>, tensor<2xi64>) -> tensor<?x?xf32>
func.func @runtime_shapes(%x: tensor<?x12xf32>, %t: tensor<3xi64>) {
  %s = "graph.shape"(%x) : (tensor<?x12xf32>) -> tensor<2xi64>
  %0 = "graph.reshape"(%x, %t) : (tensor<?x12xf32>, tensor<3xi64>) -> tensor<?x3x4xf32>
  %1 = "graph.reshape"(%x, %s) : (tensor<?x12xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  return
}

// CHECK-LABEL: func.func @data_movement(
// CHECK: "graph.reshape"(%{{[a-z0-9]+}}) : (tensor<?x512x1x1xf32>) -> tensor<?x512xf32>
// CHECK-NEXT: "graph.reshape"(%{{[a-z0-9]+}}) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
// CHECK-NEXT: "graph.reshape"(%{{[a-z0-9]+}}) : (tensor<2x3x4xf32>) -> tensor<?x12xf32>
// CHECK-NEXT: "graph.transpose"(%{{[a-z0-9]+}}) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
// CHECK-NEXT: "graph.concat"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {axis = 1 : i64} : (tensor<1x64x28x28xf32>, tensor<1x32x28x28xf32>) -> tensor<1x96x28x28xf32>
// CHECK-NEXT: "graph.concat"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {axis = 0 : i64} : (tensor<?x512x1x1xf32>, tensor<?x512x1x1xf32>) -> tensor<?x512x1x1xf32>
// CHECK-NEXT: "graph.slice"(%{{[a-z0-9]+}}) {ends = array<i64: 2, 9223372036854775807, 4>, starts = array<i64: 0, 1, 0>, steps = array<i64: 1, 1, 2>} : (tensor<2x3x4xf32>) -> tensor<2x2x2xf32>
// CHECK-NEXT: "graph.slice"(%{{[a-z0-9]+}}) {ends = array<i64: 9223372036854775807, 256, 1, 1>, starts = array<i64: 0, 0, 0, 0>, steps = array<i64: 1, 2, 1, 1>} : (tensor<?x512x1x1xf32>) -> tensor<?x128x1x1xf32>
// CHECK-NEXT: "graph.pad"(%{{[a-z0-9]+}}) {pad_value = 0.000000e+00 : f32, pads = array<i64: 0, 0, 1, 1, 0, 0, 2, 2>} : (tensor<1x64x28x28xf32>) -> tensor<1x64x31x31xf32>
// CHECK-NEXT: "graph.flatten"(%{{[a-z0-9]+}}) {axis = 1 : i64} : (tensor<?x512x1x1xf32>) -> tensor<?x512xf32>
// CHECK-NEXT: "graph.flatten"(%{{[a-z0-9]+}}) {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<1x24xf32>
// CHECK-NEXT: "graph.pad"(%{{[a-z0-9]+}}) {mode = "constant", pad_value = 0.000000e+00 : f32, pads = array<i64: 1, 0, 0, 1, 2, 3>} : (tensor<2x3x4xf32>) -> tensor<4x5x7xf32>
// CHECK-NEXT: "graph.pad"(%{{[a-z0-9]+}}) {mode = "reflect", pad_value = 0.000000e+00 : f32, pads = array<i64: 1, 2, 3, 1, 0, 3>} : (tensor<2x3x4xf32>) -> tensor<4x5x10xf32>
// CHECK-NEXT: "graph.pad"(%{{[a-z0-9]+}}) {mode = "edge", pad_value = 0.000000e+00 : f32, pads = array<i64: 0, 0, 0, 0, 0, 0, 4, 4>} : (tensor<?x512x1x1xf32>) -> tensor<?x512x5x5xf32>
func.func @data_movement(%x: tensor<?x512x1x1xf32>, %y: tensor<2x3x4xf32>, %a: tensor<1x64x28x28xf32>, %b: tensor<1x32x28x28xf32>) {
  %0 = "graph.reshape"(%x) : (tensor<?x512x1x1xf32>) -> tensor<?x512xf32>
  %1 = "graph.reshape"(%y) : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
  %2 = "graph.reshape"(%y) : (tensor<2x3x4xf32>) -> tensor<?x12xf32>
  %3 = "graph.transpose"(%y) {perm = array<i64: 2, 0, 1>} : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %4 = "graph.concat"(%a, %b) {axis = 1 : i64} : (tensor<1x64x28x28xf32>, tensor<1x32x28x28xf32>) -> tensor<1x96x28x28xf32>
  %5 = "graph.concat"(%x, %x) {axis = 0 : i64} : (tensor<?x512x1x1xf32>, tensor<?x512x1x1xf32>) -> tensor<?x512x1x1xf32>
  // [0:2:1, 1:3:1, 0:4:2]; an end beyond the dim means "to the end".
  %6 = "graph.slice"(%y) {starts = array<i64: 0, 1, 0>, ends = array<i64: 2, 9223372036854775807, 4>, steps = array<i64: 1, 1, 2>}
      : (tensor<2x3x4xf32>) -> tensor<2x2x2xf32>
  %7 = "graph.slice"(%x) {starts = array<i64: 0, 0, 0, 0>, ends = array<i64: 9223372036854775807, 256, 1, 1>, steps = array<i64: 1, 2, 1, 1>}
      : (tensor<?x512x1x1xf32>) -> tensor<?x128x1x1xf32>
  %8 = "graph.pad"(%a) {pads = array<i64: 0, 0, 1, 1, 0, 0, 2, 2>, pad_value = 0.0 : f32}
      : (tensor<1x64x28x28xf32>) -> tensor<1x64x31x31xf32>
  %9 = "graph.flatten"(%x) {axis = 1 : i64} : (tensor<?x512x1x1xf32>) -> tensor<?x512xf32>
  %10 = "graph.flatten"(%y) {axis = 0 : i64} : (tensor<2x3x4xf32>) -> tensor<1x24xf32>
  // Optional `mode` (absent: "constant"); reflect needs pads < dim, edge
  // repeats a size-1 dim any number of times.
  %11 = "graph.pad"(%y) {pads = array<i64: 1, 0, 0, 1, 2, 3>, pad_value = 0.0 : f32, mode = "constant"}
      : (tensor<2x3x4xf32>) -> tensor<4x5x7xf32>
  %12 = "graph.pad"(%y) {pads = array<i64: 1, 2, 3, 1, 0, 3>, pad_value = 0.0 : f32, mode = "reflect"}
      : (tensor<2x3x4xf32>) -> tensor<4x5x10xf32>
  %13 = "graph.pad"(%x) {pads = array<i64: 0, 0, 0, 0, 0, 0, 4, 4>, pad_value = 0.0 : f32, mode = "edge"}
      : (tensor<?x512x1x1xf32>) -> tensor<?x512x5x5xf32>
  return
}

// CHECK-LABEL: func.func @reductions(
// CHECK: "graph.reduce_sum"(%{{[a-z0-9]+}}) {axes = array<i64: 2, 3>, keepdims = true} : (tensor<?x64x7x7xf32>) -> tensor<?x64x1x1xf32>
// CHECK-NEXT: "graph.reduce_mean"(%{{[a-z0-9]+}}) {axes = array<i64: 3, 2>, keepdims = false} : (tensor<?x64x7x7xf32>) -> tensor<?x64xf32>
// CHECK-NEXT: "graph.reduce_max"(%{{[a-z0-9]+}}) {axes = array<i64: 1>, keepdims = false} : (tensor<?x64x7x7xf32>) -> tensor<?x7x7xf32>
// CHECK-NEXT: "graph.reduce_min"(%{{[a-z0-9]+}}) {axes = array<i64: 0, 1, 2, 3>, keepdims = false} : (tensor<?x64x7x7xf32>) -> tensor<f32>
// CHECK-NEXT: "graph.reduce_prod"(%{{[a-z0-9]+}}) {axes = array<i64: 0, 2>, keepdims = true} : (tensor<?x64x7x7xf32>) -> tensor<1x64x1x7xf32>
func.func @reductions(%x: tensor<?x64x7x7xf32>) {
  %0 = "graph.reduce_sum"(%x) {axes = array<i64: 2, 3>, keepdims = true} : (tensor<?x64x7x7xf32>) -> tensor<?x64x1x1xf32>
  %1 = "graph.reduce_mean"(%x) {axes = array<i64: 3, 2>, keepdims = false} : (tensor<?x64x7x7xf32>) -> tensor<?x64xf32>
  %2 = "graph.reduce_max"(%x) {axes = array<i64: 1>, keepdims = false} : (tensor<?x64x7x7xf32>) -> tensor<?x7x7xf32>
  %3 = "graph.reduce_min"(%x) {axes = array<i64: 0, 1, 2, 3>, keepdims = false} : (tensor<?x64x7x7xf32>) -> tensor<f32>
  %4 = "graph.reduce_prod"(%x) {axes = array<i64: 0, 2>, keepdims = true} : (tensor<?x64x7x7xf32>) -> tensor<1x64x1x7xf32>
  return
}

// CHECK-LABEL: func.func @arg_reductions(
// CHECK: "graph.argmax"(%{{[a-z0-9]+}}) {axis = 1 : i64, keepdims = true, select_last_index = false} : (tensor<?x5xf32>) -> tensor<?x1xi64>
// CHECK-NEXT: "graph.argmin"(%{{[a-z0-9]+}}) {axis = 0 : i64, keepdims = false, select_last_index = true} : (tensor<3x4xi32>) -> tensor<4xi64>
func.func @arg_reductions(%x: tensor<?x5xf32>, %i: tensor<3x4xi32>) {
  %0 = "graph.argmax"(%x) {axis = 1 : i64, keepdims = true, select_last_index = false} : (tensor<?x5xf32>) -> tensor<?x1xi64>
  %1 = "graph.argmin"(%i) {axis = 0 : i64, keepdims = false, select_last_index = true} : (tensor<3x4xi32>) -> tensor<4xi64>
  return
}

// CHECK-LABEL: func.func @cumsum(
// CHECK: "graph.cumsum"(%{{[a-z0-9]+}}) {axis = 1 : i64, exclusive = false, reverse = true} : (tensor<?x5xf32>) -> tensor<?x5xf32>
func.func @cumsum(%x: tensor<?x5xf32>) {
  %0 = "graph.cumsum"(%x) {axis = 1 : i64, exclusive = false, reverse = true} : (tensor<?x5xf32>) -> tensor<?x5xf32>
  return
}

// CHECK-LABEL: func.func @types_and_layouts(
// CHECK: "graph.cast"(%{{[a-z0-9]+}}) : (tensor<?x32x7x7xf32>) -> tensor<?x32x7x7xf16>
// CHECK-NEXT: "graph.cast"(%{{[a-z0-9]+}}) : (tensor<?x32x7x7xf32>) -> tensor<?x32x7x7xi8>
// CHECK-NEXT: "graph.layout_transform"(%{{[a-z0-9]+}}) {dst_layout = "NCHW8c", src_layout = "NCHW"} : (tensor<?x32x7x7xf32>) -> tensor<?x4x7x7x8xf32>
// CHECK-NEXT: "graph.layout_transform"(%{{[a-z0-9]+}}) {dst_layout = "NCHW", src_layout = "NCHW8c"} : (tensor<1x4x7x7x8xf32>) -> tensor<1x32x7x7xf32>
// CHECK-NEXT: "graph.layout_transform"(%{{[a-z0-9]+}}) {dst_layout = "NCHW16c", src_layout = "NCHW8c"} : (tensor<1x4x7x7x8xf32>) -> tensor<1x2x7x7x16xf32>
// CHECK-NEXT: "graph.layout_transform"(%{{[a-z0-9]+}}) {dst_layout = "NHWC", src_layout = "NCHW"} : (tensor<?x32x7x7xf32>) -> tensor<?x7x7x32xf32>
func.func @types_and_layouts(%x: tensor<?x32x7x7xf32>, %y: tensor<1x4x7x7x8xf32>) {
  %0 = "graph.cast"(%x) : (tensor<?x32x7x7xf32>) -> tensor<?x32x7x7xf16>
  %1 = "graph.cast"(%x) : (tensor<?x32x7x7xf32>) -> tensor<?x32x7x7xi8>
  %2 = "graph.layout_transform"(%x) {src_layout = "NCHW", dst_layout = "NCHW8c"} : (tensor<?x32x7x7xf32>) -> tensor<?x4x7x7x8xf32>
  %3 = "graph.layout_transform"(%y) {src_layout = "NCHW8c", dst_layout = "NCHW"} : (tensor<1x4x7x7x8xf32>) -> tensor<1x32x7x7xf32>
  %4 = "graph.layout_transform"(%y) {src_layout = "NCHW8c", dst_layout = "NCHW16c"} : (tensor<1x4x7x7x8xf32>) -> tensor<1x2x7x7x16xf32>
  %5 = "graph.layout_transform"(%x) {src_layout = "NCHW", dst_layout = "NHWC"} : (tensor<?x32x7x7xf32>) -> tensor<?x7x7x32xf32>
  return
}

// CHECK-LABEL: func.func @compare_where(
// CHECK: "graph.equal"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
// CHECK-NEXT: "graph.greater"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<?x3xi64>, tensor<1x3xi64>) -> tensor<?x3xi1>
// CHECK-NEXT: "graph.less"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
// CHECK-NEXT: "graph.where"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<2x3xi1>, tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
func.func @compare_where(%a: tensor<2x3xf32>, %b: tensor<3xf32>, %i: tensor<?x3xi64>, %j: tensor<1x3xi64>, %s: tensor<f32>, %y: tensor<2x1xf32>) {
  %0 = "graph.equal"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %1 = "graph.greater"(%i, %j) : (tensor<?x3xi64>, tensor<1x3xi64>) -> tensor<?x3xi1>
  %2 = "graph.less"(%a, %s) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xi1>
  %3 = "graph.where"(%0, %b, %y) : (tensor<2x3xi1>, tensor<3xf32>, tensor<2x1xf32>) -> tensor<2x3xf32>
  return
}

// CHECK-LABEL: func.func @gather_expand(
// CHECK: "graph.gather"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {axis = 1 : i64} : (tensor<?x8x4xf32>, tensor<2x3xi64>) -> tensor<?x2x3x4xf32>
// CHECK-NEXT: "graph.gather"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {axis = 0 : i64} : (tensor<?x8x4xf32>, tensor<i32>) -> tensor<8x4xf32>
// CHECK-NEXT: "graph.expand"(%{{[a-z0-9]+}}) : (tensor<3x1xf32>) -> tensor<2x3x5xf32>
// CHECK-NEXT: "graph.expand"(%{{[a-z0-9]+}}) : (tensor<?x1xf32>) -> tensor<?x4xf32>
func.func @gather_expand(%d: tensor<?x8x4xf32>, %i: tensor<2x3xi64>, %k: tensor<i32>, %x: tensor<3x1xf32>, %z: tensor<?x1xf32>) {
  %0 = "graph.gather"(%d, %i) {axis = 1 : i64} : (tensor<?x8x4xf32>, tensor<2x3xi64>) -> tensor<?x2x3x4xf32>
  %1 = "graph.gather"(%d, %k) {axis = 0 : i64} : (tensor<?x8x4xf32>, tensor<i32>) -> tensor<8x4xf32>
  %2 = "graph.expand"(%x) : (tensor<3x1xf32>) -> tensor<2x3x5xf32>
  %3 = "graph.expand"(%z) : (tensor<?x1xf32>) -> tensor<?x4xf32>
  return
}

// CHECK-LABEL: func.func @gather_elements(
// CHECK: "graph.gather_elements"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {axis = 1 : i64} : (tensor<?x8xf32>, tensor<?x3xi64>) -> tensor<?x3xf32>
// CHECK-NEXT: "graph.gather_elements"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {axis = 0 : i64} : (tensor<?x8xf32>, tensor<5x2xi32>) -> tensor<5x2xf32>
func.func @gather_elements(%d: tensor<?x8xf32>, %i: tensor<?x3xi64>, %k: tensor<5x2xi32>) {
  %0 = "graph.gather_elements"(%d, %i) {axis = 1 : i64} : (tensor<?x8xf32>, tensor<?x3xi64>) -> tensor<?x3xf32>
  %1 = "graph.gather_elements"(%d, %k) {axis = 0 : i64} : (tensor<?x8xf32>, tensor<5x2xi32>) -> tensor<5x2xf32>
  return
}

// CHECK-LABEL: func.func @scatter_elements(
// CHECK: "graph.scatter_elements"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {axis = 0 : i64, reduction = "none"} : (tensor<?x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<?x3xf32>
// CHECK-NEXT: "graph.scatter_elements"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {axis = 1 : i64, reduction = "add"} : (tensor<?x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<?x3xf32>
func.func @scatter_elements(%d: tensor<?x3xf32>, %i: tensor<2x3xi64>, %u: tensor<2x3xf32>) {
  %0 = "graph.scatter_elements"(%d, %i, %u) {axis = 0 : i64, reduction = "none"} : (tensor<?x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<?x3xf32>
  %1 = "graph.scatter_elements"(%d, %i, %u) {axis = 1 : i64, reduction = "add"} : (tensor<?x3xf32>, tensor<2x3xi64>, tensor<2x3xf32>) -> tensor<?x3xf32>
  return
}

// conv_transpose3d: NCDHW / IODHW, padding [front, top, left, back, bottom, right].
// CHECK-LABEL: func.func @upsample3d(
// CHECK: "graph.conv_transpose3d"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {dilation = array<i64: 1, 2, 1>, groups = 2 : i64, output_padding = array<i64: 1, 0, 1>, padding = array<i64: 1, 0, 0, 0, 1, 1>, strides = array<i64: 2, 1, 2>} : (tensor<?x4x3x3x2xf32>, tensor<4x1x2x3x2xf32>, tensor<2xf32>) -> tensor<?x2x6x6x4xf32>
func.func @upsample3d(%x: tensor<?x4x3x3x2xf32>, %w: tensor<4x1x2x3x2xf32>, %b: tensor<2xf32>) {
  %0 = "graph.conv_transpose3d"(%x, %w, %b) {strides = array<i64: 2, 1, 2>, padding = array<i64: 1, 0, 0, 0, 1, 1>, dilation = array<i64: 1, 2, 1>, output_padding = array<i64: 1, 0, 1>, groups = 2 : i64} : (tensor<?x4x3x3x2xf32>, tensor<4x1x2x3x2xf32>, tensor<2xf32>) -> tensor<?x2x6x6x4xf32>
  return
}

// CHECK-LABEL: func.func @upsample(
// CHECK: "graph.conv_transpose2d"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 2, 2>} : (tensor<?x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<?x3x10x10xf32>
// CHECK-NEXT: "graph.conv_transpose2d"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {dilation = array<i64: 2, 1>, groups = 2 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0, 0, 0>, strides = array<i64: 1, 1>} : (tensor<?x4x5x5xf32>, tensor<4x3x3x3xf32>, tensor<6xf32>) -> tensor<?x6x9x7xf32>
// CHECK-NEXT: "graph.resize"(%{{[a-z0-9]+}}) {coordinate_transformation_mode = "half_pixel", mode = "linear", nearest_mode = "round_prefer_floor", scales = array<f64: 1.000000e+00, 1.000000e+00, 2.000000e+00, 2.000000e+00>} : (tensor<?x4x5x5xf32>) -> tensor<?x4x10x10xf32>
// CHECK-NEXT: "graph.resize"(%{{[a-z0-9]+}}) {coordinate_transformation_mode = "asymmetric", mode = "nearest", nearest_mode = "floor", scales = array<f64: 1.000000e+00, 6.000000e-01>} : (tensor<2x4xi32>) -> tensor<2x2xi32>
func.func @upsample(%x: tensor<?x4x5x5xf32>, %w: tensor<4x3x3x3xf32>, %b: tensor<6xf32>, %i: tensor<2x4xi32>) {
  %0 = "graph.conv_transpose2d"(%x, %w) {strides = array<i64: 2, 2>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, output_padding = array<i64: 1, 1>, groups = 1 : i64} : (tensor<?x4x5x5xf32>, tensor<4x3x3x3xf32>) -> tensor<?x3x10x10xf32>
  %1 = "graph.conv_transpose2d"(%x, %w, %b) {strides = array<i64: 1, 1>, padding = array<i64: 0, 0, 0, 0>, dilation = array<i64: 2, 1>, output_padding = array<i64: 0, 0>, groups = 2 : i64} : (tensor<?x4x5x5xf32>, tensor<4x3x3x3xf32>, tensor<6xf32>) -> tensor<?x6x9x7xf32>
  %2 = "graph.resize"(%x) {mode = "linear", coordinate_transformation_mode = "half_pixel", nearest_mode = "round_prefer_floor", scales = array<f64: 1.0, 1.0, 2.0, 2.0>} : (tensor<?x4x5x5xf32>) -> tensor<?x4x10x10xf32>
  %3 = "graph.resize"(%i) {mode = "nearest", coordinate_transformation_mode = "asymmetric", nearest_mode = "floor", scales = array<f64: 1.0, 0.6>} : (tensor<2x4xi32>) -> tensor<2x2xi32>
  return
}

// CHECK-LABEL: func.func @grid_sample(
// CHECK: "graph.grid_sample"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {align_corners = false, mode = "bilinear", padding_mode = "zeros"} : (tensor<?x3x4x5xf32>, tensor<?x6x7x2xf32>) -> tensor<?x3x6x7xf32>
// CHECK-NEXT: "graph.grid_sample"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {align_corners = true, mode = "bicubic", padding_mode = "reflection"} : (tensor<2x1x4x4xf64>, tensor<2x1x3x2xf64>) -> tensor<2x1x1x3xf64>
// CHECK-NEXT: "graph.grid_sample"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {align_corners = false, mode = "nearest", padding_mode = "border"} : (tensor<?x3x4x5xf32>, tensor<1x6x7x2xf32>) -> tensor<1x3x6x7xf32>
func.func @grid_sample(%x: tensor<?x3x4x5xf32>, %g: tensor<?x6x7x2xf32>, %x64: tensor<2x1x4x4xf64>, %g64: tensor<2x1x3x2xf64>, %g1: tensor<1x6x7x2xf32>) {
  %0 = "graph.grid_sample"(%x, %g) {mode = "bilinear", padding_mode = "zeros", align_corners = false} : (tensor<?x3x4x5xf32>, tensor<?x6x7x2xf32>) -> tensor<?x3x6x7xf32>
  %1 = "graph.grid_sample"(%x64, %g64) {mode = "bicubic", padding_mode = "reflection", align_corners = true} : (tensor<2x1x4x4xf64>, tensor<2x1x3x2xf64>) -> tensor<2x1x1x3xf64>
  %2 = "graph.grid_sample"(%x, %g1) {mode = "nearest", padding_mode = "border", align_corners = false} : (tensor<?x3x4x5xf32>, tensor<1x6x7x2xf32>) -> tensor<1x3x6x7xf32>
  return
}

// CHECK-LABEL: func.func @strings(
// CHECK: "graph.string_normalizer"(%{{[a-z0-9]+}}) {case_change_action = "LOWER", is_case_sensitive = true, stopwords = ["monday"]} : (tensor<4x!graph.string>) -> tensor<3x!graph.string>
// CHECK-NEXT: "graph.string_normalizer"(%{{[a-z0-9]+}}) {case_change_action = "NONE", is_case_sensitive = false, stopwords = []} : (tensor<1x6x!graph.string>) -> tensor<1x6x!graph.string>
// CHECK-NEXT: "graph.cast"(%{{[a-z0-9]+}}) : (tensor<4x!graph.string>) -> tensor<4xf32>
// CHECK-NEXT: "graph.reshape"(%{{[a-z0-9]+}}) : (tensor<1x6x!graph.string>) -> tensor<2x3x!graph.string>
// CHECK-NEXT: "graph.constant"() {value = dense<["a", ""]> : tensor<2x!graph.string>} : () -> tensor<2x!graph.string>
func.func @strings(%s: tensor<4x!graph.string>, %t: tensor<1x6x!graph.string>) {
  %0 = "graph.string_normalizer"(%s) {case_change_action = "LOWER", is_case_sensitive = true, stopwords = ["monday"]} : (tensor<4x!graph.string>) -> tensor<3x!graph.string>
  %1 = "graph.string_normalizer"(%t) {case_change_action = "NONE", is_case_sensitive = false, stopwords = []} : (tensor<1x6x!graph.string>) -> tensor<1x6x!graph.string>
  %2 = "graph.cast"(%s) : (tensor<4x!graph.string>) -> tensor<4xf32>
  %3 = "graph.reshape"(%t) : (tensor<1x6x!graph.string>) -> tensor<2x3x!graph.string>
  %4 = "graph.constant"() {value = dense<["a", ""]> : tensor<2x!graph.string>} : () -> tensor<2x!graph.string>
  return
}

// CHECK-LABEL: func.func @text_ops(
// CHECK: "graph.string_concat"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<4x!graph.string>, tensor<1x!graph.string>) -> tensor<4x!graph.string>
// CHECK-NEXT: "graph.equal"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<4x!graph.string>, tensor<1x!graph.string>) -> tensor<4xi1>
// CHECK-NEXT: "graph.string_split"(%{{[a-z0-9]+}}) {delimiter = ".", maxsplit = -1 : i64, part = "pieces"} : (tensor<4x!graph.string>) -> tensor<4x3x!graph.string>
// CHECK-NEXT: "graph.string_split"(%{{[a-z0-9]+}}) {delimiter = "", maxsplit = 2 : i64, part = "counts"} : (tensor<4x!graph.string>) -> tensor<4xi64>
// CHECK-NEXT: "graph.regex_full_match"(%{{[a-z0-9]+}}) {pattern = "a[b-d]+"} : (tensor<4x!graph.string>) -> tensor<4xi1>
// CHECK-NEXT: "graph.label_lookup"(%{{[a-z0-9]+}}) {keys = ["a", "b"]} : (tensor<4x!graph.string>) -> tensor<4xi64>
// CHECK-NEXT: "graph.label_lookup"(%{{[a-z0-9]+}}) {keys = array<i64: 3, 1>} : (tensor<2xi32>) -> tensor<2xi64>
// CHECK-NEXT: "graph.label_lookup"(%{{[a-z0-9]+}}) {keys = array<f64: 5.000000e-01>} : (tensor<2xf32>) -> tensor<2xi64>
func.func @text_ops(%s: tensor<4x!graph.string>, %u: tensor<1x!graph.string>, %i: tensor<2xi32>, %f: tensor<2xf32>) {
  %0 = "graph.string_concat"(%s, %u) : (tensor<4x!graph.string>, tensor<1x!graph.string>) -> tensor<4x!graph.string>
  %1 = "graph.equal"(%s, %u) : (tensor<4x!graph.string>, tensor<1x!graph.string>) -> tensor<4xi1>
  %2 = "graph.string_split"(%s) {delimiter = ".", maxsplit = -1 : i64, part = "pieces"} : (tensor<4x!graph.string>) -> tensor<4x3x!graph.string>
  %3 = "graph.string_split"(%s) {delimiter = "", maxsplit = 2 : i64, part = "counts"} : (tensor<4x!graph.string>) -> tensor<4xi64>
  %4 = "graph.regex_full_match"(%s) {pattern = "a[b-d]+"} : (tensor<4x!graph.string>) -> tensor<4xi1>
  %5 = "graph.label_lookup"(%s) {keys = ["a", "b"]} : (tensor<4x!graph.string>) -> tensor<4xi64>
  %6 = "graph.label_lookup"(%i) {keys = array<i64: 3, 1>} : (tensor<2xi32>) -> tensor<2xi64>
  %7 = "graph.label_lookup"(%f) {keys = array<f64: 0.5>} : (tensor<2xf32>) -> tensor<2xi64>
  return
}

// CHECK: dialect_resources
// CHECK: weights: "0x040000000000803F00000040"
{-#
  dialect_resources: {
    builtin: {
      weights: "0x040000000000803F00000040"
    }
  }
#-}
