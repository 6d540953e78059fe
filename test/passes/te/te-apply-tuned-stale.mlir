// te-apply-tuned ignores stale records: records made with another trace
// version (passes/te/te_knobs.h, STRATA_TE_TRACE_VERSION; "@version" in the
// decisions, none before versioning) are never applied, even when their
// knob names and values fit: the kernel keeps its default schedule, with a
// remark at the compute naming the versions and a warning at the module.
// The input holds the kernel's best record of apply-tuned.jsonl without a
// version, and another one of version 1.
// RUN: rm -f %t.db %t.db-wal %t.db-shm
// RUN: strata-tune import %t.db %S/../../tuning/Inputs/apply-tuned-stale.jsonl | FileCheck %s --check-prefix=IMPORT
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-apply-tuned{db=%t.db target=strata-test})' 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=DIAG < %t.err

// IMPORT: apply-tuned-stale.jsonl: 2 added, 0 already present

// The default decisions (mc [16], kc [96]), not the stale mc [8] kc [32].
// CHECK-LABEL: func.func @stale
// CHECK: schedule = [{axis = "d0", factors = array<i64: 16>, prim = "split"}, {axis = "r0", factors = array<i64: 96>, prim = "split"}
// DIAG: remark: te-apply-tuned: 2 records of mm 32x48 r96 f32 (task e895c37ee8083e5c on 'strata-test') are stale: made with trace version 0, this compiler's is 2 (knobs of the same name may now do other things); ignored: default schedule (tune it again)
// DIAG: warning: te-apply-tuned: 1 of 1 kernels have no tuning record in '{{.*}}' and use the default schedule: mm 32x48 r96 f32 (stale records of an older trace version: tune again)
func.func @stale(%a: tensor<32x96xf32>, %b: tensor<96x48xf32>) -> tensor<32x48xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<32x96xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<96x48xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 96>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "split", axis = "d0", factors = {knob = "mc", choices = [array<i64: 16>, array<i64: 8>, array<i64: 4>]}},
                  {prim = "split", axis = "r0", factors = {knob = "kc", choices = [array<i64: 96>, array<i64: 32>]}},
                  {prim = "reorder", order = ["d0.0", "r0.0", "d0.1", "r0.1", "d1"]}]} : () -> tensor<32x48xf32>
  return %c : tensor<32x48xf32>
}
