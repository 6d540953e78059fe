// te-sketch's epilogue rule: a product whose template is tensorized keeps
// its epilogue (bias + relu after graph-fuse and te-inline) fused into its
// register tiles, so neither it nor the epilogue gets a sketch (a sketch
// would lose the fusion: tir-fuse-epilogue places an epilogue only on
// register tiles); the same product without an epilogue, and an injective
// compute that is no product's epilogue, get theirs.
// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-fuse,convert-graph-to-te,te-inline,te-epilogue-view,te-default-schedule{knobs=true},te-sketch{target=avx512f})' | FileCheck %s
// RUN: rm -f %t.db %t.db-wal %t.db-shm && strata-tune import %t.db %S/../../tuning/Inputs/apply-tuned.jsonl > /dev/null
// With the template's knobs (any decisions) the epilogue runs in the tiles:
// no separate relu nest is left after tir-fuse-epilogue.
// RUN: strata-opt %s --pass-pipeline='builtin.module(graph-fuse,convert-graph-to-te,te-inline,te-epilogue-view,te-default-schedule{knobs=true},te-sketch{target=avx512f},te-apply-tuned{db=%t.db target=none},te-pack-constants,convert-te-to-tir,tir-apply-schedule,tir-fuse-epilogue)' 2>/dev/null | FileCheck %s --check-prefix=TIR

// CHECK-LABEL: func.func @with_epilogue
// CHECK: name = "matmul"
// CHECK-NOT: sketches
// CHECK: name = "relu"
// CHECK-NOT: sketches
// CHECK-LABEL: func.func @without_epilogue
// CHECK: name = "matmul"
// CHECK-SAME: sketches = [{name = "tile"
// CHECK-LABEL: func.func @lone_relu
// CHECK: name = "relu"
// CHECK-SAME: sketches = [{name = "inject"

// TIR-LABEL: func.func @with_epilogue
// TIR: hwi.call_tile
// TIR: arith.maximumf
// TIR-NOT: te.compute = "relu"
// TIR-LABEL: func.func @without_epilogue
func.func @with_epilogue(%x: tensor<128x96xf32>, %w: tensor<96x128xf32>, %b: tensor<128xf32>) -> tensor<128x128xf32> {
  %h = "graph.matmul"(%x, %w) : (tensor<128x96xf32>, tensor<96x128xf32>) -> tensor<128x128xf32>
  %a = "graph.add"(%h, %b) : (tensor<128x128xf32>, tensor<128xf32>) -> tensor<128x128xf32>
  %r = "graph.relu"(%a) : (tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}

func.func @without_epilogue(%x: tensor<128x96xf32>, %w: tensor<96x128xf32>) -> tensor<128x128xf32> {
  %h = "graph.matmul"(%x, %w) : (tensor<128x96xf32>, tensor<96x128xf32>) -> tensor<128x128xf32>
  return %h : tensor<128x128xf32>
}

func.func @lone_relu(%x: tensor<128x128xf32>) -> tensor<128x128xf32> {
  %r = "graph.relu"(%x) : (tensor<128x128xf32>) -> tensor<128x128xf32>
  return %r : tensor<128x128xf32>
}
