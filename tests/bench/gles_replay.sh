#!/bin/sh
# Replay time of every committed sample trace on desktop GL 4.5 and on
# OpenGL ES 3.2 (glhle-replay --gles), in the same run, alternating, N
# rounds each; prints the median wall time per trace and API (whole process:
# context creation, shader compiles, PNG writing included).
#   tests/bench/gles_replay.sh [BUILD_DIR] [ROUNDS]
set -eu
build=${1:-build/default} rounds=${2:-5}
export EGL_PLATFORM=${EGL_PLATFORM:-surfaceless}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
printf '%-22s %12s %12s %8s\n' trace "desktop ms" "ES ms" ratio
for t in tests/scenes/traces/*.glht; do
  n=$(basename "$t" .glht)
  : >"$out/core" ; : >"$out/gles"
  i=0
  while [ $i -lt "$rounds" ]; do
    for api in core gles; do
      flag=; [ $api = gles ] && flag=--gles
      s=$(date +%s%N)
      "$build/tools/glhle-replay" "$t" --out "$out/png" $flag >/dev/null 2>&1
      e=$(date +%s%N)
      echo $(( (e - s) / 1000000 )) >>"$out/$api"
    done
    i=$((i + 1))
  done
  c=$(median <"$out/core") g=$(median <"$out/gles")
  printf '%-22s %12s %12s %8s\n' "$n" "$c" "$g" "$(awk -v c="$c" -v g="$g" 'BEGIN {printf "%.2f", g / c}')"
done
