#!/usr/bin/env bash
# The main job on the bundled example: installs what is missing, builds
# Strata, and pushes examples/models/mlp.mlir through Strata's graph passes
# (with upstream cleanup), printing the IR after each pass and the result.
#   scripts/demo.sh [model.mlir] [pipeline]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
"$root/scripts/build.sh" "$root/build"
model=${1:-$root/examples/models/mlp.mlir}
pipeline=${2:-builtin.module(graph-canonicalize,strata-dce,func.func(canonicalize,cse))}
echo "== strata-opt $model --pass-pipeline='$pipeline'" >&2
exec "$root/build/bin/strata-opt" "$model" --pass-pipeline="$pipeline" --mlir-print-ir-after-all
