#!/usr/bin/env bash
# The main job on the bundled examples: installs what is missing, builds
# Strata, then
#  - the ONNX CNN block (examples/models/cnn_block.onnx, written by
#    examples/models/make_cnn_block.py): imports it into the graph dialect,
#    compiles it down the whole ladder and runs it with the JIT on a seeded
#    random input (output, checksum, latency), and compiles it ahead of time
#    into a shared library with a C header;
#  - the MLIR model (examples/models/mlp.mlir): optimizes it with Strata's
#    graph passes (printing the result), JIT-runs it (output, checksum,
#    latency) and compiles it into a shared library.
#   scripts/demo.sh [model.onnx | model.mlir]   (replaces the bundled one of that kind)
# STRATA_BUILD_DIR selects the build directory (default: build).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${STRATA_BUILD_DIR:-$root/build}
"$root/scripts/setup.sh"
"$root/scripts/build.sh" "$build"
bin=$build/bin
onnx=$root/examples/models/cnn_block.onnx
model=$root/examples/models/mlp.mlir
case "${1:-}" in
  *.onnx) onnx=$1 ;;
  "") ;;
  *) model=$1 ;;
esac
out=$build/demo
mkdir -p "$out"

echo "== 1. ONNX model $(basename "$onnx"): imported into the graph dialect"
"$bin/strata-translate" --import-onnx "$onnx" -o "$out/cnn_block.mlir"
# The IR without the weights (graph.constant ops and the dialect_resources
# section holding the large ones).
grep -v -e '"graph.constant"' "$out/cnn_block.mlir" | sed '/^{-#/,$d'

echo "== 2. lowered graph -> te -> tir -> llvm, JIT-compiled and run (seed 1, 100 runs)"
"$bin/strata-run" "$onnx" --seed 1 --repeat 100 --print

echo "== 3. ahead of time: shared library + C header"
"$bin/strata-compile" "$onnx" -o "$out/cnn_block.so"

echo "== 4. MLIR model $(basename "$model"): graph-canonicalize, strata-dce, canonicalize, cse"
"$bin/strata-opt" "$model" -o "$out/optimized.mlir" \
  --pass-pipeline='builtin.module(graph-canonicalize,strata-dce,func.func(canonicalize,cse))'
cat "$out/optimized.mlir"

echo "== 5. lowered graph -> te -> tir -> llvm, JIT-compiled and run (seed 1, 100 runs)"
"$bin/strata-run" "$out/optimized.mlir" --seed 1 --repeat 100 --print

echo "== 6. ahead of time: shared library + C header"
"$bin/strata-compile" "$out/optimized.mlir" -o "$out/model.so"
