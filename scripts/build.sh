#!/usr/bin/env bash
# Configures (once) and builds Strata into a build directory.
#   scripts/build.sh [build-dir] [extra cmake args...]
# A build dir named build-asan gets -DSTRATA_SANITIZE=ON.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$root/build}
shift || true
extra=("$@")
case "$(basename "$dir")" in
  build-asan) extra+=(-DSTRATA_SANITIZE=ON) ;;
esac
if [ ! -f "$dir/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo "${extra[@]}" >/dev/null
fi
cmake --build "$dir" -- -j"$(nproc)" | grep -vE '^\[[0-9]+/[0-9]+\] ' || true
cmake --build "$dir" >/dev/null  # fail here if the build failed
