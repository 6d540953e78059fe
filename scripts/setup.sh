#!/usr/bin/env bash
# Installs the Debian packages Strata needs to build and test (LLVM/MLIR 22,
# CMake, Ninja, lit/FileCheck, xxHash, the OpenMP runtime, protobuf-c and
# the ONNX schema and backend test data; for auto-tuning SQLite, XGBoost and
# gnuplot, and for distributed tuning OpenMPI and PostgreSQL (libpq and the
# server the tests start: docs/distributed-tuning.md); ImageDecoder's image libraries (libjpeg-turbo, libpng, libtiff,
# libwebp, libopenjp2); for scripts/fuzz.sh clang-22 with its sanitizer and libFuzzer
# runtimes). Idempotent, and silent when everything is already there.
set -euo pipefail

packages=(
  cmake ninja-build gcc g++ python3 python3-venv
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libxxhash-dev libomp-22-dev
  libprotobuf-c-dev protobuf-c-compiler libonnx-dev libonnx-testdata
  libsqlite3-dev libxgboost-dev gnuplot-nox
  openmpi-bin libopenmpi-dev libpq-dev postgresql
  clang-22 libclang-rt-22-dev
  pkg-config libjpeg62-turbo-dev libpng-dev libtiff-dev libwebp-dev libopenjp2-7-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
