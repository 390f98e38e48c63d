#!/bin/sh
# gles/replay_sample_traces: every committed sample trace replayed by
# glhle-replay on desktop GL and with --gles must give byte-identical PNGs,
# and the PlayStation sample scene run by glhle-psx --gles must give the
# VRAM desktop GL gives at 1x, 2x and 4x and the software reference's at 1x.
#   replay_gles.sh GLHLE_REPLAY GLHLE_PSX TRACE_DIR PSX_SCRIPT OUT_DIR
set -u
# the tools do not pin the GL driver (ts_pin_gl_driver), so after eglTerminate
# unloads it LeakSanitizer reports Mesa's own allocations without names: leak
# checking is off for them here, as in test_glhle_replay
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0"
replay=$1 psx=$2 traces=$3 script=$4 out=$5
rm -rf "$out" && mkdir -p "$out" || exit 1
fail=0
for t in "$traces"/*.glht; do
  n=$(basename "$t" .glht)
  "$replay" "$t" --out "$out/$n.core" >"$out/$n.core.log" 2>&1 || { echo "FAIL $n: desktop replay"; cat "$out/$n.core.log"; fail=1; continue; }
  "$replay" "$t" --out "$out/$n.gles" --gles >"$out/$n.gles.log" 2>&1 || { echo "FAIL $n: ES replay"; cat "$out/$n.gles.log"; fail=1; continue; }
  frames=$(ls "$out/$n.core" | wc -l)
  if [ "$frames" -gt 0 ] && diff -r "$out/$n.core" "$out/$n.gles" >/dev/null; then
    echo "ok   $n: $frames frame(s) identical on ES"
  else
    echo "FAIL $n: ES frames differ from desktop GL's (or none): $out/$n.core vs $out/$n.gles"; fail=1
  fi
done
"$psx" run "$script" --vram "$out/psx.sw.raw16" --renderer sw >/dev/null 2>&1 || { echo "FAIL psx: software run"; fail=1; }
for s in 1 2 4; do
  "$psx" run "$script" --vram "$out/psx$s.core.raw16" --scale $s >/dev/null 2>&1 &&
    "$psx" run "$script" --vram "$out/psx$s.gles.raw16" --scale $s --gles >"$out/psx$s.gles.log" 2>&1 ||
    { echo "FAIL psx ${s}x: a run failed"; cat "$out/psx$s.gles.log"; fail=1; continue; }
  if cmp -s "$out/psx$s.core.raw16" "$out/psx$s.gles.raw16"; then echo "ok   psx ${s}x: ES VRAM = desktop"; else echo "FAIL psx ${s}x: ES VRAM differs"; fail=1; fi
done
if cmp -s "$out/psx1.gles.raw16" "$out/psx.sw.raw16"; then echo "ok   psx 1x: ES VRAM = software reference"; else echo "FAIL psx 1x: ES VRAM differs from the software reference"; fail=1; fi
exit $fail
