// te-apply-tuned writes the best decisions of each kernel's task into its
// schedule: the lowest median latency over their records. The database is
// imported from JSON lines (written by te-autotune for the target
// "strata-test" and edited: latencies, a crash, decisions that fit no
// choice, fast decisions that once gave a wrong result, two records of one
// decision, a faster record of another target); records are keyed by the
// kernel's canonical text, so the compute names do not matter.
// RUN: rm -f %t.db %t.db-wal %t.db-shm
// RUN: strata-tune import %t.db %S/../../tuning/Inputs/apply-tuned.jsonl | FileCheck %s --check-prefix=IMPORT
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-apply-tuned{db=%t.db target=strata-test})' 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// Without a database, or with one that does not exist: errors.
// RUN: not strata-opt %s --pass-pipeline='builtin.module(te-apply-tuned)' 2>&1 | FileCheck %s --check-prefix=NODB
// RUN: not strata-opt %s --pass-pipeline='builtin.module(te-apply-tuned{db=%t.missing.db})' 2>&1 | FileCheck %s --check-prefix=MISSING
// Tuned and defaulted schedules lower (no knob is left).
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-apply-tuned{db=%t.db target=strata-test},convert-te-to-tir,tir-apply-schedule)' 2>/dev/null | FileCheck %s --check-prefix=TIR

// IMPORT: apply-tuned.jsonl: 10 added, 0 already present

// The best of this target: mc [8], kc [32] at 1 ms, twice (mc [5] fits no
// choice, mc [16] kc [32] once computed a wrong result, mc [4] kc [32] has
// a median of 1.2 ms, mc [16] kc [96] was measured once, and decisions
// measured once do not compete with validated ones, measured two or more
// times; the fastest record is of another target).
// CHECK-LABEL: func.func @tuned
// CHECK: name = "mm", reduce_extents = array<i64: 96>, schedule = [{axis = "d0", factors = array<i64: 8>, prim = "split"}, {axis = "r0", factors = array<i64: 32>, prim = "split"}, {order = ["d0.0", "r0.0", "d0.1", "r0.1", "d1"], prim = "reorder"}]
func.func @tuned(%a: tensor<32x96xf32>, %b: tensor<96x48xf32>) -> tensor<32x48xf32> {
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

// The same kernel under other names (and other axis names) finds the same
// record.
// CHECK-LABEL: func.func @renamed
// CHECK: name = "other", reduce_extents = array<i64: 96>, schedule = [{axis = "i", factors = array<i64: 8>, prim = "split"}, {axis = "k", factors = array<i64: 32>, prim = "split"}
func.func @renamed(%p: tensor<32x96xf32>, %q: tensor<96x48xf32>) -> tensor<32x48xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%p, %i, %k) : (tensor<32x96xf32>, index, index) -> f32
    %y = "te.read"(%q, %k, %j) : (tensor<96x48xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "other", axis_names = ["i", "j", "k"], reduce_extents = array<i64: 96>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "split", axis = "i", factors = {knob = "mc", choices = [array<i64: 16>, array<i64: 8>, array<i64: 4>]}},
                  {prim = "split", axis = "k", factors = {knob = "kc", choices = [array<i64: 96>, array<i64: 32>]}},
                  {prim = "reorder", order = ["i.0", "k.0", "i.1", "k.1", "j"]}]} : () -> tensor<32x48xf32>
  return %c : tensor<32x48xf32>
}

// Another shape has no record: a remark, the default (first) choices, and
// a warning naming it at the module.
// CHECK-LABEL: func.func @untuned
// CHECK: name = "mm2", reduce_extents = array<i64: 96>, schedule = [{axis = "d0", factors = array<i64: 16>, prim = "split"}, {axis = "r0", factors = array<i64: 96>, prim = "split"}
// DIAG: te-apply-tuned.mlir:[[@LINE+3]]:8: remark: te-apply-tuned: no tuning record for mm2 16x48 r96 f32 (task {{[0-9a-f]+}} on 'strata-test'): default schedule
// DIAG: te-apply-tuned.mlir: warning: te-apply-tuned: 1 of 3 kernels have no tuning record in '{{.*}}.db' and use the default schedule: mm2 16x48 r96 f32
func.func @untuned(%a: tensor<16x96xf32>, %b: tensor<96x48xf32>) -> tensor<16x48xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<16x96xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<96x48xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm2", reduce_extents = array<i64: 96>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "split", axis = "d0", factors = {knob = "mc", choices = [array<i64: 16>, array<i64: 8>]}},
                  {prim = "split", axis = "r0", factors = {knob = "kc", choices = [array<i64: 96>, array<i64: 32>]}},
                  {prim = "reorder", order = ["d0.0", "r0.0", "d0.1", "r0.1", "d1"]}]} : () -> tensor<16x48xf32>
  return %c : tensor<16x48xf32>
}

// NODB: te-apply-tuned: no tuning database given (db=...)
// MISSING: te-apply-tuned: cannot read tuning database '{{.*}}missing.db'
// TIR-LABEL: func.func @tuned
// TIR-NOT: knob
