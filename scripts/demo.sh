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
# the PlayStation sample scene with both renderers; GL at 2x still reads back native VRAM
"$bin/glhle-psx" run samples/psx/scene.txt --vram out/psx_scene_gl.raw16 --display out/psx_scene_gl.png \
  --png out/psx_scene_vram_gl_2x.png --scale 2
"$bin/glhle-psx" run samples/psx/scene.txt --renderer sw --vram out/psx_scene_sw.raw16 --display out/psx_scene_sw.png
cmp out/psx_scene_gl.raw16 out/psx_scene_sw.raw16 && echo "demo: PlayStation scene: GL and software VRAM are identical"
echo "demo: PNGs written:"
find out -name '*.png' | sort | sed 's/^/  /'
