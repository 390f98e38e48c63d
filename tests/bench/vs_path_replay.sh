#!/bin/sh
# Replay time of the committed PICA sample traces with the vertex shaders on
# the CPU (glhle-replay --vertex-shaders cpu) and translated on the GPU
# (--vertex-shaders gpu), and both again with the fragment ubershader
# (--ubershader async), in the same run, alternating, N rounds each: the
# median wall time of the whole process (context creation, compiles and PNG
# writing included), the draws each path took and the compile time of the
# last round (--stats-json). Also checks that both paths write identical PNGs.
#   tests/bench/vs_path_replay.sh [BUILD_DIR] [ROUNDS]
set -eu
build=${1:-build/default} rounds=${2:-5}
export EGL_PLATFORM=${EGL_PLATFORM:-surfaceless}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
key() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }
printf '%-8s %8s %8s %9s %9s %10s %10s %12s %12s %5s\n' trace "cpu ms" "gpu ms" "cpu+ub ms" "gpu+ub ms" \
  "gpu draws" "cpu draws" "cpu comp ms" "gpu comp ms" same
for t in tests/scenes/traces/*.glht; do
  n=$(basename "$t" .glht)
  case $n in maxwell_*) continue ;; esac
  for m in cpu gpu cpu_ub gpu_ub; do : >"$out/$m"; done
  i=0
  while [ $i -lt "$rounds" ]; do
    for m in cpu gpu cpu_ub gpu_ub; do
      vs=${m%_ub} ub=off
      [ "$m" != "$vs" ] && ub=async
      rm -rf "$out/png_$m"
      s=$(date +%s%N)
      "$build/tools/glhle-replay" "$t" --out "$out/png_$m" --vertex-shaders "$vs" --ubershader $ub \
        --stats-json "$out/$m.json" >/dev/null 2>&1
      e=$(date +%s%N)
      echo $(( (e - s) / 1000000 )) >>"$out/$m"
    done
    i=$((i + 1))
  done
  same=yes
  for f in "$out"/png_cpu/*.png; do cmp -s "$f" "$out/png_gpu/$(basename "$f")" || same=NO; done
  printf '%-8s %8s %8s %9s %9s %10s %10s %12s %12s %5s\n' "$n" "$(median <"$out/cpu")" "$(median <"$out/gpu")" \
    "$(median <"$out/cpu_ub")" "$(median <"$out/gpu_ub")" "$(key "$out/gpu.json" draws_gpu_vertex_shader)" \
    "$(key "$out/gpu.json" draws_cpu_vertex_shader)" "$(( $(key "$out/cpu.json" compile_ns) / 1000000 ))" \
    "$(( $(key "$out/gpu.json" compile_ns) / 1000000 ))" "$same"
done
