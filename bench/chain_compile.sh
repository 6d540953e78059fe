#!/usr/bin/env bash
# Compile-time scaling: a chain of N elementwise graph ops (bench/chain_gen.py)
# lowered with strata-graph-to-llvm by strata-opt, and JIT-compiled and run
# once by strata-run, for N = 1000, 2000, 5000, 10000 (or $SIZES). Prints the
# seconds of each and the microseconds per node: a pass that is superlinear
# in the number of ops shows as a per-node figure that grows with N.
#   bench/chain_compile.sh [bin-dir]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/bin}
work=$(mktemp -d /tmp/strata-chain.XXXXXX)
trap 'rm -rf "$work"' EXIT

seconds() { # command... -> wall seconds on stdout (the command's output dropped)
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

printf '%8s %12s %14s %12s %14s\n' nodes strata-opt_s us/node strata-run_s us/node
for n in ${SIZES:-1000 2000 5000 10000}; do
  python3 "$root/bench/chain_gen.py" "$n" "$work/chain.mlir"
  opt=$(seconds "$bin/strata-opt" "$work/chain.mlir" \
        --pass-pipeline='builtin.module(strata-graph-to-llvm)' -o /dev/null)
  run=$(seconds "$bin/strata-run" "$work/chain.mlir" --seed 1)
  printf '%8d %12.2f %14.1f %12.2f %14.1f\n' "$n" "$opt" "$(echo "$opt * 1000000 / $n" | bc -l)" \
    "$run" "$(echo "$run * 1000000 / $n" | bc -l)"
done
