#!/bin/sh
# Quick start, part two: builds and runs every test through ctest, twice:
# the normal build (warnings are errors, unit tests also under valgrind's
# leak checker) and an ASan+UBSan build.
#   scripts/test.sh            both builds
#   scripts/test.sh --fast     the normal build only (for a quick local loop)
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh
export EGL_PLATFORM=surfaceless
presets="default asan"
[ "${1:-}" = "--fast" ] && presets="default"
for p in $presets; do
  echo "=== $p: configure and build"
  cmake --preset "$p" >/dev/null
  cmake --build --preset "$p"
  echo "=== $p: test"
  ctest --preset "$p"
  if [ "$p" = default ]; then
    echo "=== default: GL-free unit tests under valgrind"
    scripts/valgrind.sh
  fi
done
echo "=== all tests passed ($presets)"
