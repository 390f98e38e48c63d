#!/bin/sh
# Quick start, part one: builds glhle and runs its main job on the bundled
# samples, writing PNGs under out/ and printing their paths.
set -eu
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release
export EGL_PLATFORM=surfaceless
mkdir -p out
bin=build/release/tools
"$bin/glhle-info" --smoke out/smoke.png
# the sample scenes (tests/scenes/traces/), replayed offscreen: one PNG per frame
for trace in tests/scenes/traces/*.glht; do
  name=$(basename "$trace" .glht)
  "$bin/glhle-replay" "$trace" --out "out/scenes/$name"
done
echo "demo: PNGs written:"
find out -name '*.png' | sort | sed 's/^/  /'
