// A chain of 10,000 elementwise graph ops (relu, neg, abs, sigmoid in turn,
// written by bench/chain_gen.py) lowers through the whole ladder and runs:
// compute names stay unique (hashed naming, convert-graph-to-te), te-inline
// folds the chain into one compute, and every element converges to the
// fixed point of sigmoid (0.659046). Naming was cubic and te-inline
// quadratic in the chain length (10,000 ops did not finish in 150 s); this
// test checks correctness only, bench/chain_compile.sh measures the time.
// RUN: python3 %strata_src/bench/chain_gen.py 10000 %t.mlir
// RUN: strata-opt %t.mlir --pass-pipeline='builtin.module(convert-graph-to-te)' | FileCheck %s --check-prefix=TE
// RUN: strata-opt %t.mlir --pass-pipeline='builtin.module(convert-graph-to-te,te-inline)' | FileCheck %s --check-prefix=INLINE
// RUN: strata-run %t.mlir --seed 1 --print | FileCheck %s --check-prefix=EXEC

// TE-DAG: name = "relu"
// TE-DAG: name = "relu_1"
// TE-DAG: name = "sigmoid_2499"
// TE-DAG: name = "neg_2499"

// INLINE-COUNT-1: "te.compute"
// INLINE-NOT: "te.compute"

// EXEC: result 0: 4x8xf32
// EXEC-NEXT: [0.659046, 0.659046, 0.659046
