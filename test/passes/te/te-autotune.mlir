// te-autotune measures candidates of the knobs and writes the best
// decisions into the schedule; every measurement is in the database (the
// default, every knob's first choice, first; then validate=3 more runs of
// the default and the 3 fastest: 6 + 4 x 3 records, then at least 3 more
// when the winner is not the default: it is confirmed against the default,
// tuning/validate.h). Candidates run in forked
// children with a time limit: one that crashes, hangs or computes a wrong
// result (injected with STRATA_TUNE_INJECT, a test hook counting the task's
// measurements from 0) is an error record, and tuning goes on. (Under AddressSanitizer its SEGV
// handler turns the injected crash into "exited with status 1", which the
// checks also accept.)
// RUN: rm -f %t*.db*
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-autotune{trials=6 db=%t.a.db seed=3 target=strata-test repeats=2})' 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.err
// RUN: strata-tune best %t.a.db | FileCheck %s --check-prefix=DB
// The same seed measures the same candidates in the same order.
// RUN: strata-opt %s --pass-pipeline='builtin.module(te-autotune{trials=6 db=%t.b.db seed=3 target=strata-test repeats=2})' >/dev/null 2>&1
// (The first 6 records are the search; validation measurements follow.)
// RUN: strata-tune export %t.a.db | sed -e 's/.*"decisions":\({[^}]*}\).*/\1/' | head -n 6 > %t.a.txt
// RUN: strata-tune export %t.b.db | sed -e 's/.*"decisions":\({[^}]*}\).*/\1/' | head -n 6 > %t.b.txt
// RUN: diff %t.a.txt %t.b.txt
// RUN: FileCheck %s --check-prefix=ORDER < %t.a.txt
// Faults: measurement 1 crashes, measurement 2 hangs past the 1 s limit.
// RUN: env STRATA_TUNE_INJECT=crash=1,hang=2 strata-opt %s --pass-pipeline='builtin.module(te-autotune{trials=5 db=%t.c.db seed=3 timeout=1 target=strata-test repeats=1})' 2>&1 | FileCheck %s --check-prefix=FAULT
// RUN: strata-tune export %t.c.db | FileCheck %s --check-prefix=FAULTDB
// A wrong result: measurement 1 (a search trial) and measurement 6 (in
// validation, the fastest finalist measured against the default) compute a
// wrong output; the comparison with the reference catches both, they are
// recorded as wrong results, and neither candidate is chosen.
// RUN: env STRATA_TUNE_INJECT=wrong=1,wrong=6 strata-opt %s --pass-pipeline='builtin.module(te-autotune{trials=5 db=%t.d.db seed=3 target=strata-test repeats=1})' 2>%t.d.err >/dev/null
// RUN: FileCheck %s --check-prefix=WRONG < %t.d.err
// RUN: strata-tune export %t.d.db | FileCheck %s --check-prefix=WRONGDB
// RUN: strata-tune export %t.d.db | grep '"error":"wrong result' | sed -e 's/.*"decisions":\({[^}]*}\).*/\1/' > %t.d.wrong
// RUN: sed -n -e 's/.*remark: te-autotune: .*: \({.*}\)$/\1/p' %t.d.err > %t.d.chosen
// RUN: test -s %t.d.chosen && test -s %t.d.wrong && not grep -F -x -f %t.d.wrong %t.d.chosen
// Every candidate failing (each one crashes) keeps the default decisions.
// RUN: env STRATA_TUNE_INJECT=crash=0,crash=1,crash=2 strata-opt %s --pass-pipeline='builtin.module(te-autotune{trials=3 target=strata-test repeats=1})' 2>&1 | FileCheck %s --check-prefix=ALLFAIL
// Options are checked.
// RUN: not strata-opt %s --pass-pipeline='builtin.module(te-autotune{timeout=soon})' 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// RUN: not strata-opt %s --pass-pipeline='builtin.module(te-autotune{strategy=annealing})' 2>&1 | FileCheck %s --check-prefix=STRATEGY

// CHECK-LABEL: func.func @mm
// CHECK: schedule = [{axis = "d0", factors = array<i64: {{[0-9]+}}>, prim = "split"}, {axis = "d1", factors = array<i64: {{[0-9]+}}>, prim = "split"}, {axis = "r0", factors = array<i64: {{[0-9]+}}>, prim = "split"}, {order =
// CHECK-NOT: knob
// REMARK: te-autotune.mlir:[[@LINE+17]]:8: remark: te-autotune: mm 64x80 r96 f32: 6 trials, 0 errors, default {{[0-9.e-]+}} ms, best {{[0-9.e-]+}} ms ({{[0-9.]+}}x): {"mc":[{{[0-9]+}}],"nc":[{{[0-9]+}}],"kc":[{{[0-9]+}}]}
// DB: task {{[0-9a-f]+}} target 'strata-test': {{18|2[1-9]}} records, 0 errors, {{.*}}best {{.*}} ms {"@version":2,"mc":
// ORDER: {"@version":2,"mc":[16],"nc":[16],"kc":[96]}
// FAULT: remark: te-autotune: mm 64x80 r96 f32: 5 trials, 2 errors, default
// FAULTDB: "error":null
// FAULTDB-NEXT: "error":"{{crashed with signal 11 \(Segmentation fault\)|exited with status 1 without a result}}"
// FAULTDB-NEXT: "error":"timed out after 1 s"
// FAULTDB-NEXT: "error":null
// WRONG: remark: te-autotune: mm 64x80 r96 f32: 5 trials, 1 errors, default
// WRONGDB: "error":null
// WRONGDB-NEXT: "error":"wrong result: 1 elements differ from the reference
// WRONGDB: "error":"wrong result: 1 elements differ from the reference
// ALLFAIL: remark: te-autotune: mm 64x80 r96 f32: all 3 candidates failed (first: {{crashed with signal 11 \(Segmentation fault\)|exited with status 1 without a result}}); default decisions kept
// ALLFAIL: schedule = [{axis = "d0", factors = array<i64: 16>, prim = "split"}, {axis = "d1", factors = array<i64: 16>, prim = "split"}, {axis = "r0", factors = array<i64: 96>, prim = "split"}
// TIMEOUT: te-autotune: timeout must be a positive number of seconds, got 'soon'
// STRATEGY: option 'strategy' of pass 'te-autotune'
func.func @mm(%a: tensor<64x96xf32>, %b: tensor<96x80xf32>) -> tensor<64x80xf32> {
  %c = "te.compute"() ({
  ^bb0(%i: index, %j: index, %k: index):
    %x = "te.read"(%a, %i, %k) : (tensor<64x96xf32>, index, index) -> f32
    %y = "te.read"(%b, %k, %j) : (tensor<96x80xf32>, index, index) -> f32
    %m = arith.mulf %x, %y : f32
    gpu.yield %m : f32
  }) {name = "mm", reduce_extents = array<i64: 96>, combiner = "add", init = 0.0 : f32,
      schedule = [{prim = "split", axis = "d0", factors = {knob = "mc", choices = [array<i64: 16>, array<i64: 8>, array<i64: 32>, array<i64: 4>]}},
                  {prim = "split", axis = "d1", factors = {knob = "nc", choices = [array<i64: 16>, array<i64: 8>, array<i64: 80>]}},
                  {prim = "split", axis = "r0", factors = {knob = "kc", choices = [array<i64: 96>, array<i64: 32>, array<i64: 48>, array<i64: 24>]}},
                  {prim = "reorder", order = ["d0.0", "d1.0", "r0.0", "d0.1", "r0.1", "d1.1"]},
                  {prim = "vectorize", axis = "d1.1"}]} : () -> tensor<64x80xf32>
  return %c : tensor<64x80xf32>
}
