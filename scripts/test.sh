#!/bin/sh
# Quick start, part two: builds and runs every test through ctest, twice:
# the normal build (warnings are errors, unit tests also under valgrind's
# leak checker) and an ASan+UBSan build. Each runs the GL image tests a
# second time on an OpenGL ES 3.2 context (ctest label gles).
#   scripts/test.sh            both builds
#   scripts/test.sh --fast     the normal build only (for a quick local loop)
# The tests run with a HOME and cache folders of their own, made new on each
# run, so nothing a user or an earlier run left (Mesa's shader cache, say)
# changes what runs. scripts/fresh-check.sh runs this script on a fresh clone.
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh
export EGL_PLATFORM=surfaceless
presets="default asan"
[ "${1:-}" = "--fast" ] && presets="default"
summary=""
for p in $presets; do
  echo "=== $p: configure and build"
  cmake --preset "$p" >/dev/null
  cmake --build --preset "$p"
  echo "=== $p: test"
  home="build/$p/Testing/home"
  rm -rf "$home" && mkdir -p "$home"
  home=$(cd "$home" && pwd)
  log="build/$p/Testing/test-summary.log"
  status=0
  HOME="$home" XDG_CACHE_HOME="$home/.cache" XDG_CONFIG_HOME="$home/.config" \
    ctest --preset "$p" --output-log "$log" || status=$?
  line=$(grep -E "tests passed, [0-9]+ tests? failed out of [0-9]+" "$log" | tail -1 || true)
  [ "$status" = 0 ] || { echo "=== $p: FAILED: ${line:-ctest exited $status}"; exit 1; }
  # the OpenGL ES 3.2 pass (ctest label gles) is part of the run above
  gles=$(grep -cE "Test +#[0-9]+: gles/.* Passed" "$log" || true)
  # every case the ES pass skipped, with its reason (none may be silent: docs/gles.md)
  skips=$(scripts/gles-skips.sh "build/$p/Testing/Temporary/LastTest.log") || {
    echo "$skips"; echo "=== $p: FAILED: an OpenGL ES test skipped a case without saying why"; exit 1; }
  echo "$skips"
  summary="$summary
$p: ${line:-no ctest summary} (of them $gles on OpenGL ES 3.2, label gles; $(echo "$skips" | tail -1 | sed 's/^gles: //'))"
  if [ "$p" = default ]; then
    echo "=== default: GL-free unit tests under valgrind"
    vg=$(HOME="$home" scripts/valgrind.sh) || { echo "$vg"; exit 1; }
    echo "$vg"
    summary="$summary
valgrind: $(echo "$vg" | grep -c '^valgrind: [^ ]* clean$' || true) GL-free unit test programs clean"
  fi
done
echo "=== all tests passed ($presets)$summary"
