#!/usr/bin/env bash
# The main job on the bundled example: installs what is missing, builds
# Strata, optimizes examples/models/mlp.mlir with Strata's graph passes
# (printing the result), then compiles it down the whole ladder and runs it
# with the JIT on a seeded random input, printing its output, checksum and
# latency, and finally emits it as a shared library with a C header.
#   scripts/demo.sh [model.mlir]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
"$root/scripts/build.sh" "$root/build"
bin=$root/build/bin
model=${1:-$root/examples/models/mlp.mlir}
out=$root/build/demo
mkdir -p "$out"

echo "== 1. graph optimizations: graph-canonicalize, strata-dce, canonicalize, cse"
"$bin/strata-opt" "$model" -o "$out/optimized.mlir" \
  --pass-pipeline='builtin.module(graph-canonicalize,strata-dce,func.func(canonicalize,cse))'
cat "$out/optimized.mlir"

echo "== 2. lowered graph -> te -> tir -> llvm, JIT-compiled and run (seed 1, 100 runs)"
"$bin/strata-run" "$out/optimized.mlir" --seed 1 --repeat 100 --print

echo "== 3. ahead of time: shared library + C header"
"$bin/strata-compile" "$out/optimized.mlir" -o "$out/model.so"
