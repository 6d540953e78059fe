#!/usr/bin/env bash
# Builds and runs Strata's libFuzzer harnesses (fuzz/, docs/reliability.md).
#   scripts/fuzz.sh [target|all] [seconds]      (default: all 60)
# targets: onnx_import mlir_pipeline tensor_read schedule_trace
# Configures (once) and builds build-fuzz with clang-22 and STRATA_FUZZ=ON
# (only the harnesses and the libraries they link), writes the seed corpora
# from the repository's tests into build-fuzz/fuzz/corpus/<target> (new
# inputs the fuzzer finds are kept there for the next run), adds the
# regression inputs of test/fuzz/<target>/, then runs each harness for
# `seconds`, one at a time. Prints one line per harness (executions per
# second, total executions, result) and a total; exits 1 if any harness
# found a crash, a timeout, an out-of-memory or a sanitizer report. Its
# reproducer is left in build-fuzz/fuzz/artifacts/<target>/ and the log in
# build-fuzz/fuzz/logs/<target>.log.
# Environment: FUZZ_BUILD (build dir, default <repo>/build-fuzz), FUZZ_FLAGS
# (more libFuzzer flags, e.g. "-fork=1 -ignore_crashes=1" to go on past
# crashes).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${FUZZ_BUILD:-$root/build-fuzz}
all=(onnx_import mlir_pipeline tensor_read schedule_trace)
declare -A max_len=([onnx_import]=65536 [mlir_pipeline]=4096 [tensor_read]=16384
                    [schedule_trace]=4096)
what=${1:-all}
secs=${2:-60}
if [ "$what" = all ]; then
  targets=("${all[@]}")
elif [ -n "${max_len[$what]:-}" ]; then
  targets=("$what")
else
  echo "usage: scripts/fuzz.sh [all|${all[*]// /|}] [seconds]" >&2
  exit 2
fi
case "$secs" in ''|*[!0-9]*) echo "fuzz.sh: seconds must be a number" >&2; exit 2 ;; esac

"$root/scripts/setup.sh"
start=$(date +%s)
if [ ! -f "$dir/build.ninja" ]; then
  CC=clang-22 CXX=clang++-22 cmake -G Ninja -S "$root" -B "$dir" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSTRATA_FUZZ=ON >/dev/null
fi
cmake --build "$dir" --target "${targets[@]/#/fuzz_}" -- -j"$(nproc)" \
  | grep -vE '^\[[0-9]+/[0-9]+\] ' || true
cmake --build "$dir" --target "${targets[@]/#/fuzz_}" >/dev/null  # fail here if the build failed
echo "fuzz: build took $(( $(date +%s) - start )) s"

corpus=$dir/fuzz/corpus
python3 "$root/fuzz/make_corpus.py" "$corpus" >/dev/null

# allocator_may_return_null=1: an allocation no host can satisfy returns
# NULL, as without ASan, and the code under test must report it (as in the
# lit runs of test/lit.cfg.py). One that succeeds but exceeds -rss_limit_mb
# is still an out-of-memory finding (libFuzzer's -malloc_limit_mb).
export ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
symbolizer=/usr/lib/llvm-22/bin/llvm-symbolizer
[ -x "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH=$symbolizer

# 0 seconds: run the seeds and regression inputs once, no fuzzing
# (libFuzzer's -max_total_time=0 would mean no limit).
if [ "$secs" -eq 0 ]; then budget=(-runs=0); else budget=(-max_total_time="$secs"); fi
failed=0
total_execs=0
total_secs=0
mkdir -p "$dir/fuzz/logs"
for t in "${targets[@]}"; do
  log=$dir/fuzz/logs/$t.log
  mkdir -p "$dir/fuzz/artifacts/$t"
  dirs=("$corpus/$t")
  [ -d "$root/test/fuzz/$t" ] && dirs+=("$root/test/fuzz/$t")
  t0=$(date +%s)
  rc=0
  # shellcheck disable=SC2086
  "$dir/fuzz/fuzz_$t" -max_len="${max_len[$t]}" -timeout=10 -rss_limit_mb=4096 \
    "${budget[@]}" -print_final_stats=1 \
    -artifact_prefix="$dir/fuzz/artifacts/$t/" ${FUZZ_FLAGS:-} "${dirs[@]}" >"$log" 2>&1 || rc=$?
  took=$(( $(date +%s) - t0 ))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  # No final stats (fork mode, or a crash in the seeds): the last status line.
  [ -n "$execs" ] || execs=$(sed -n 's/^#\([0-9]*\)[:\t ].*/\1/p' "$log" | tail -1)
  [ -n "$rate" ] || rate=$(sed -n 's/.*exec\/s:* \([0-9]*\).*/\1/p' "$log" | tail -1)
  execs=${execs:-0}
  if [ "$rc" -eq 0 ]; then
    result=ok
  else
    failed=1
    result="FAILED (exit $rc): $(grep -m1 '^SUMMARY: ' "$log" || grep -m1 -E 'ERROR: libFuzzer|==ERROR' "$log" ||
      echo "see $log")"
  fi
  printf 'fuzz: %-15s %7s exec/s %10s execs in %4d s  %s\n' "$t" "${rate:-?}" "$execs" "$took" "$result"
  total_execs=$((total_execs + execs))
  total_secs=$((total_secs + took))
done
printf 'fuzz: total %d execs in %d s; %s\n' "$total_execs" "$total_secs" \
  "$([ "$failed" -eq 0 ] && echo 'no crash' || echo 'FAILED: reproducers in '"$dir"'/fuzz/artifacts, logs in '"$dir"'/fuzz/logs')"
exit "$failed"
