#!/usr/bin/env bash
# Benchmarks against peers measured in the same run (prints one line per
# case: Strata's time, the peer's, and the ratio peer/strata; > 1 means
# Strata is faster). Installs what is missing (OpenBLAS) and builds first.
#   scripts/bench.sh [elementwise|gemm|conv|depthwise|tune|models|compile|dynseq]...   (default: elementwise gemm conv depthwise; tune:
#   bench/bench_tune.sh, not in the default set; models: whole models and single layers against
#   ONNX Runtime (bench/bench_models.py), not in the default set: onnx and onnxruntime from PyPI
#   go into build/bench-venv; BENCH_MODELS=a,b limits it to those models of bench/models_gen.py;
#   compile: strata-run's compile time (--timing) against ORT's session creation, same venv,
#   bench/bench_compile.py; BENCH_MODELS as for models, default resnet18,mobilenetv2;
#   dynseq: bert2_dynseq compiled once and run at sequence lengths 1..512 against ORT,
#   bench/dynseq_lengths.py, same venv; DYNSEQ_LENGTHS=all|sample|a,b,.. default sample)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/setup.sh"
if ! dpkg-query -W -f='${Status}' libopenblas-dev 2>/dev/null | grep -q "install ok installed"; then
  echo "bench: installing libopenblas-dev" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq libopenblas-dev >/dev/null
fi
# A build configured before OpenBLAS was installed cached "not found": drop
# those entries so CMake looks again (and adds bench_gemm / bench_conv).
if [ -f "$root/build/CMakeCache.txt" ] && grep -q "STRATA_OPENBLAS:FILEPATH=STRATA_OPENBLAS-NOTFOUND" "$root/build/CMakeCache.txt"; then
  cmake -S "$root" -B "$root/build" -U STRATA_OPENBLAS -U STRATA_CBLAS_INCLUDE >/dev/null
fi
"$root/scripts/build.sh" "$root/build"
bin=$root/build/bin
which=("$@")
[ ${#which[@]} -gt 0 ] || which=(elementwise gemm conv depthwise)
# The peer at its best on this CPU: OpenBLAS's own core detection, not a
# forced older kernel (see env notes) -- unless that detection falls back to
# its SSE3 "Prescott" kernels (a VM whose cpuid model is masked: 4-5x slower
# than the kernels for the ISA the host has), then the core type for the
# host's ISA read from /proc/cpuinfo. The header says which one runs.
unset OPENBLAS_CORETYPE OPENBLAS_L2_SIZE
openblas_note=
if [ -x "$bin/bench_gemm" ]; then
  detected=$(OPENBLAS_VERBOSE=2 "$bin/bench_gemm" --threads 1 --shapes 16x16x16 2>&1 | sed -n 's/^Core: //p' | head -1)
  flags=$(grep -m1 '^flags' /proc/cpuinfo)
  core=$detected
  if [ "$detected" = Prescott ]; then
    case " $flags " in
      *" avx512f "*) core=SkylakeX ;;
      *" avx2 "*) case " $flags " in *" fma "*) core=Haswell ;; esac ;;
    esac
  fi
  if [ -n "$core" ] && [ "$core" != "$detected" ]; then
    export OPENBLAS_CORETYPE=$core
    openblas_note="; OpenBLAS core $core (its own detection: $detected)"
  elif [ -n "$core" ]; then
    openblas_note="; OpenBLAS core $core"
  fi
fi
echo "# $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) cores, $(date -u +%F)$openblas_note"
for w in "${which[@]}"; do
  case $w in
    elementwise) OMP_NUM_THREADS=1 "$bin/bench_elementwise" ;;
    gemm)
      OMP_NUM_THREADS=1 "$bin/bench_gemm" --threads 1
      OMP_NUM_THREADS=2 "$bin/bench_gemm" --threads 2 --shapes 1024x1024x1024,2048x2048x2048,784x1024x1024 ;;
    conv)
      OMP_NUM_THREADS=1 "$bin/bench_conv" --threads 1
      OMP_NUM_THREADS=2 "$bin/bench_conv" --threads 2 --layers r18.conv2_3x3,r18.conv4_3x3,r50.conv2_1x1_out ;;
    depthwise) OMP_NUM_THREADS=1 "$bin/bench_depthwise" --threads 1 ;;
    tune) "$root/bench/bench_tune.sh" "$bin" ;;
    models|compile|dynseq)
      venv=$root/build/bench-venv
      if ! "$venv/bin/python" -c "import onnx, onnxruntime, numpy" 2>/dev/null; then
        echo "bench: installing onnx, onnxruntime and numpy into $venv" >&2
        python3 -m venv "$venv"
        "$venv/bin/pip" install -q onnx==1.23.2 onnxruntime numpy
      fi
      if [ "$w" = dynseq ]; then
        "$venv/bin/python" "$root/bench/dynseq_lengths.py" "$root/build" "$root/build/bench-models" \
          --lengths "${DYNSEQ_LENGTHS:-sample}"
      elif [ "$w" = models ]; then
        "$venv/bin/python" "$root/bench/bench_models.py" "$root/build" "$root/build/bench-models" \
          --only "${BENCH_MODELS:-}"
      else
        "$venv/bin/python" "$root/bench/bench_compile.py" "$root/build" "$root/build/bench-models" \
          --only "${BENCH_MODELS:-resnet18,mobilenetv2}"
      fi ;;
    *) echo "bench: unknown benchmark '$w' (gemm, conv, depthwise, elementwise, tune, models, compile, dynseq)" >&2; exit 2 ;;
  esac
done
