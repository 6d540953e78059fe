#!/usr/bin/env bash
# Auto-tuning benchmark: tunes fp32 GEMMs (1024^3 and layer shapes from
# ResNet-50, BERT-base and MobileNet) and MobileNet-v1's 3x3 depthwise
# convolutions with strata-tune twice — model-guided (evolutionary) and
# random search, equal trials — then times the default schedule, the tuned
# schedule (te-apply-tuned on the evolutionary database) and the peer
# (OpenBLAS with bench_gemm; the C loop of bench_depthwise), all
# single-threaded and in the same run, and prints the curves' key numbers
# (best latency after 8/16/32/all trials, trials to reach 90% of the final
# best) and, over the suite, the geometric means of tuned vs default
# (measured in one process, alternating) and of tuned vs the peer.
#   bench/bench_tune.sh [bin-dir] [out-dir]    (TRIALS=48 SHAPES="MxNxK ..."
#   DEPTHWISE="mbv1.dw1 ..." env overrides; FLUSH=1 tunes with --flush-cache)
# Run by `scripts/bench.sh tune`.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$root/build/bin}
out=${2:-$(mktemp -d /tmp/strata-bench-tune.XXXXXX)}
trials=${TRIALS:-48}
# 1024^3; ResNet-50 conv4_x 3x3 as a GEMM (49x256x2304 im2col); BERT-base
# attention projection and FFN (128 tokens); MobileNet-v1's 14x14 pointwise
# conv as Strata computes it (weights [512,512] x input [512,196]).
shapes=${SHAPES:-"1024x1024x1024 49x256x2304 128x768x768 128x3072x768 512x196x512"}
# MobileNet-v1's stride-1 depthwise layers (bench_depthwise's names: C x H x H).
depthwise=${DEPTHWISE:-"mbv1.dw1 mbv1.dw3 mbv1.dw5 mbv1.dw7 mbv1.dw13"}
declare -A dw_size=([mbv1.dw1]="32 112" [mbv1.dw3]="128 56" [mbv1.dw5]="256 28" [mbv1.dw7]="512 14" [mbv1.dw13]="1024 7")
mkdir -p "$out"
export OMP_NUM_THREADS=1

gemm_model() { # m n k file
  local m=$1 n=$2 k=$3
  cat > "$4" <<EOF
func.func @gemm(%a: tensor<${m}x${k}xf32>, %b: tensor<${k}x${n}xf32>) -> tensor<${m}x${n}xf32> {
  %0 = "graph.matmul"(%a, %b) : (tensor<${m}x${k}xf32>, tensor<${k}x${n}xf32>) -> tensor<${m}x${n}xf32>
  return %0 : tensor<${m}x${n}xf32>
}
EOF
}

depthwise_model() { # c h file
  local c=$1 h=$2 t="tensor<1x$1x$2x$2xf32>" w="tensor<$1x1x3x3xf32>"
  cat > "$3" <<EOF
func.func @dw(%x: $t, %w: $w) -> $t {
  %0 = "graph.conv2d"(%x, %w) {strides = array<i64: 1, 1>, padding = array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = $c : i64, data_layout = "NCHW", kernel_layout = "OIHW"} : ($t, $w) -> $t
  return %0 : $t
}
EOF
}

# Best latency (ms) in a curve CSV after n trials (all: the last row).
best_at() { # csv n
  awk -F, -v n="$2" 'NR > 1 && $3 != "" { b = $3 } NR > 1 && (n == "all" || $1 <= n) { v = b }
    END { if (v == "") print "-"; else printf "%.3f", v * 1e3 }' "$1"
}
# First trial whose best is within 10% of the final best (90% of its speed).
trials_to_90() {
  awk -F, 'NR > 1 && $3 != "" { t[NR] = $1; b[NR] = $3; last = $3; n = NR }
    END { for (i = 2; i <= n; ++i) if (b[i] != "" && last / b[i] >= 0.9) { print t[i]; exit } print "-" }' "$1"
}

echo "# strata-tune: $trials trials per shape and strategy, 1 thread; results in $out"
: > "$out/times.txt"
# Tunes one model with both strategies and prints the tuning table's line,
# the curves' key numbers and the cost per trial.
tune_case() { # name model
  local s=$1 model=$2
  for strategy in evolutionary random; do
    rm -f "$out/$strategy-$s.db"*
    "$bin/strata-tune" tune "$model" --db "$out/$strategy-$s.db" --trials "$trials" \
      --strategy "$strategy" --threads 1 --seed 1 ${FLUSH:+--flush-cache} --curve "$out/$strategy-$s.csv" \
      > "$out/$strategy-$s.log" 2>&1 || { cat "$out/$strategy-$s.log"; exit 1; }
  done
  "$bin/strata-tune" plot -o "$out/curves-$s.png" "$out/evolutionary-$s.csv=evolutionary" \
    "$out/random-$s.csv=random" > /dev/null 2>&1 || true
  grep -A1 -E '^#  ' "$out/evolutionary-$s.log" | tail -1 | sed "s/^/tuned  $s: /"
  echo "curve  $s: best ms after 8/16/32/$trials trials: evolutionary" \
    "$(best_at "$out/evolutionary-$s.csv" 8)/$(best_at "$out/evolutionary-$s.csv" 16)/$(best_at "$out/evolutionary-$s.csv" 32)/$(best_at "$out/evolutionary-$s.csv" all)" \
    "(90% at trial $(trials_to_90 "$out/evolutionary-$s.csv")), random" \
    "$(best_at "$out/random-$s.csv" 8)/$(best_at "$out/random-$s.csv" 16)/$(best_at "$out/random-$s.csv" 32)/$(best_at "$out/random-$s.csv" all)" \
    "(90% at trial $(trials_to_90 "$out/random-$s.csv"))"
  grep -E 'per trial' "$out/evolutionary-$s.log" | sed "s/^/cost   $s: /"
}

tuned_pipeline() { # name
  echo "builtin.module(graph-fold-batch-norm,graph-fuse,convert-graph-to-te,te-inline,te-default-schedule{knobs=true},te-apply-tuned{db=\"$out/evolutionary-$1.db\"},convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)"
}

ratio() { sed -E 's/.* ratio ([0-9.]+).*/\1/' <<< "$1"; }

# Default vs the peer; tuned vs the peer, then tuned vs default in one
# process with alternating runs (the "baseline" line).
compare() { # name default-output tuned-output
  echo "default $2"
  sed 's/^/tuned   /' <<< "$3"
  echo "$1 $(ratio "$(head -1 <<< "$3")") $(ratio "$(tail -1 <<< "$3")")" >> "$out/times.txt"
}

for s in $shapes; do
  IFS=x read -r m n k <<< "$s"
  model=$out/gemm_$s.mlir
  gemm_model "$m" "$n" "$k" "$model"
  tune_case "$s" "$model"
  compare "$s" "$("$bin/bench_gemm" --threads 1 --shapes "$s")" \
    "$("$bin/bench_gemm" --threads 1 --shapes "$s" --pipeline "$(tuned_pipeline "$s")" \
        --baseline "builtin.module(strata-graph-to-llvm)")"
done
for l in $depthwise; do
  read -r c h <<< "${dw_size[$l]}"
  model=$out/$l.mlir
  depthwise_model "$c" "$h" "$model"
  tune_case "$l" "$model"
  compare "$l" "$("$bin/bench_depthwise" --threads 1 --layers "$l")" \
    "$("$bin/bench_depthwise" --threads 1 --layers "$l" --pipeline "$(tuned_pipeline "$l")" \
        --baseline "builtin.module(strata-graph-to-llvm)")"
done
# Columns: case, tuned vs peer ratio (one run), tuned vs default ratio
# (another run, alternating in one process). GEMMs and depthwise layers
# are summarized apart and together.
summary() { # label filter
  awk -v label="$1" -v re="$2" '$1 ~ re { n++; tb += log($2); td += log($3) }
    END { if (n) printf "suite  %s, %d cases: tuned vs default geomean %.3fx, tuned vs peer geomean %.3fx (> 1: tuned faster)\n", label, n, exp(td / n), exp(tb / n) }' "$out/times.txt"
}
summary "GEMMs (peer OpenBLAS)" '^[0-9]'
summary "depthwise (peer C loop)" '^mbv1'
summary "all" '.'
