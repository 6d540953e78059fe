// strata-run --profile times each kernel (strata-instrument-profile) and
// prints them with their median time and share, named after the compute
// and the location; the first of several runs is a warm-up. The relu is
// the conv's epilogue (tir-fuse-epilogue): it runs inside the conv2d kernel.
// RUN: strata-run %s --profile --repeat 3 | FileCheck %s
// CHECK: compiled 'model' in
// CHECK: time: median
// CHECK: profile: 2 kernels, {{[0-9.]+}} ms per run in kernels (sum of medians; mean {{[0-9.]+}}), {{-?[0-9.]+}} ms per run outside them (mean), over 2 runs
// CHECK-NEXT: median ms   share  calls  kernel
// CHECK-DAG: {{[0-9.]+}} {{ *[0-9.]+}}%      1  conv2d_im2col  {{.*}}profile.mlir:[[# @LINE + 16]]:
// CHECK-DAG: {{[0-9.]+}} {{ *[0-9.]+}}%      1  conv2d  {{.*}}profile.mlir:[[# @LINE + 15]]:
// CHECK-NOT: relu
// CHECK: result 0: 1x8x8x8xf32
// One run: that run is profiled.
// RUN: strata-run %s --profile | FileCheck %s --check-prefix=ONE
// ONE: profile: 2 kernels, {{.*}} over 1 run{{$}}
// Without --profile nothing is instrumented.
// RUN: strata-run %s --repeat 2 | FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: profile
// A pipeline of one's own and --profile do not combine.
// RUN: not strata-run %s --profile --pass-pipeline='builtin.module(strata-graph-to-llvm)' 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE: strata-run: --profile and --pass-pipeline cannot be combined (add strata-instrument-profile to the pipeline before strata-lower-to-llvm instead)

func.func @model(%x: tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %w = "graph.constant"() {value = dense<0.5> : tensor<8x4x3x3xf32>} : () -> tensor<8x4x3x3xf32>
  %c = "graph.conv2d"(%x, %w) {data_layout = "NCHW", dilation = array<i64: 1, 1>, groups = 1 : i64, kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x8x8xf32>
  %r = "graph.relu"(%c) : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}
