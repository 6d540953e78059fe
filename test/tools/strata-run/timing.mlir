// --timing on strata-run, strata-compile and strata-opt (core/compile_timing.c)
// prints, on stderr, the compile time per phase (wall and CPU) and per pass
// (exclusive, slowest first, with the number of runs); without it, nothing.
// RUN: strata-run %s --timing --no-cache 2>&1 >/dev/null | FileCheck %s --check-prefixes=CHECK,JIT
// RUN: strata-compile %s -o %t.so --timing --no-cache 2>&1 >/dev/null | FileCheck %s --check-prefixes=CHECK,AOT
// CHECK: timing: model: {{[0-9]+\.[0-9]}} ms wall, {{[0-9]+\.[0-9]}} ms CPU
// CHECK-NEXT: phase                           wall ms     CPU ms   share
// CHECK-NEXT: import {{[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9]}}%
// CHECK-NEXT: graph passes {{[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9]}}%
// CHECK-NEXT: lowering {{[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9]}}%
// CHECK-NEXT: LLVM optimization {{[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9]}}%
// CHECK-NEXT: code generation {{[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9]}}%
// JIT-NEXT:   link {{[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9]}}%
// AOT-NEXT:   link {{[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9]}}%
// CHECK-NEXT: pass (exclusive)                wall ms     CPU ms   share  runs
// Each pass of the default pipeline once, any order; strata-lower-to-llvm's
// per-function steps once per function (lower-affine twice), here 3 (the
// entry and 2 kernels):
// CHECK-DAG:  graph-fuse                {{.*}}%     1
// CHECK-DAG:  convert-graph-to-te       {{.*}}%     1
// CHECK-DAG:  convert-te-to-tir         {{.*}}%     1
// CHECK-DAG:  lower-affine              {{.*}}%     6
// CHECK-DAG:  canonicalize              {{.*}}%     3
// CHECK-DAG:  strata-flatten-globals    {{.*}}%     1
// CHECK-DAG:  reconcile-unrealized-casts {{.*}}%     1
// The pipeline is one pass manager: no adaptor or pipeline lines.
// CHECK-NOT:  strata-graph-to-llvm
// CHECK-NOT:  Pipeline
// Then code generation per unit (each kernel's module and the entry's; the
// workers take them largest first): the workers' CPU, the dearest units.
// JIT: code generation: 3 units compiled, workers' CPU ms{{( [0-9]+\.[0-9])+$}}
// JIT-NEXT: unit (CPU ms) translate optimize emit
// JIT-NEXT: {{strata_kernel_[0-9a-f]{16}|\(entry\)}} {{[0-9]+\.[0-9] +[0-9]+\.[0-9] +[0-9]+\.[0-9]$}}

// strata-opt: parsing counts as import, its passes as graph or lowering.
// RUN: strata-opt %s --timing --pass-pipeline='builtin.module(graph-fuse,convert-graph-to-te)' 2>&1 >/dev/null | FileCheck %s --check-prefix=OPT
// RUN: strata-opt %s --mlir-timing --pass-pipeline='builtin.module(graph-fuse,convert-graph-to-te)' 2>&1 >/dev/null | FileCheck %s --check-prefix=OPT
// OPT: timing: {{.*}}timing.mlir: {{.*}} ms wall, {{.*}} ms CPU
// OPT: pass (exclusive)
// OPT-DAG: graph-fuse {{.*}}     1
// OPT-DAG: convert-graph-to-te {{.*}}     1
// RUN: strata-opt --help | FileCheck %s --check-prefix=HELP
// HELP: --timing, --mlir-timing

// Without --timing, no report.
// RUN: strata-run %s 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: strata-compile %s -o %t.so 2>&1 | FileCheck %s --check-prefix=NONE
// NONE-NOT: timing:
// RUN: strata-run --help | FileCheck %s --check-prefix=RUNHELP
// RUN: strata-compile --help | FileCheck %s --check-prefix=RUNHELP
// RUNHELP: --timing               print the compile time per phase and per pass (stderr)
// RUNHELP: --no-cache             compile every kernel; neither read nor write the compile

func.func @model(%x: tensor<1x4x8x8xf32>) -> tensor<1x8x8x8xf32> {
  %w = "graph.constant"() {value = dense<0.5> : tensor<8x4x3x3xf32>} : () -> tensor<8x4x3x3xf32>
  %c = "graph.conv2d"(%x, %w) {data_layout = "NCHW", dilation = array<i64: 1, 1>, groups = 1 : i64, kernel_layout = "OIHW", padding = array<i64: 1, 1, 1, 1>, strides = array<i64: 1, 1>} : (tensor<1x4x8x8xf32>, tensor<8x4x3x3xf32>) -> tensor<1x8x8x8xf32>
  %r = "graph.relu"(%c) : (tensor<1x8x8x8xf32>) -> tensor<1x8x8x8xf32>
  return %r : tensor<1x8x8x8xf32>
}
