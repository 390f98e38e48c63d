#!/bin/sh
# Runs one libFuzzer target under ASan+UBSan for a while and prints how many
# executions it did:   scripts/fuzz.sh TARGET [SECONDS]   (e.g. png 600)
# The corpus grows in build/fuzz/corpus/TARGET, seeded from tests/fuzz/corpus/TARGET.
set -eu
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: scripts/fuzz.sh TARGET [SECONDS]" >&2; ls tests/fuzz | sed -n 's/^fuzz_\(.*\)\.c$/  \1/p' >&2; exit 2; }
target=$1; secs=${2:-600}
scripts/setup.sh
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz --target "fuzz_$target"
corpus=build/fuzz/corpus/$target
mkdir -p "$corpus"
[ -d "tests/fuzz/corpus/$target" ] && cp -n "tests/fuzz/corpus/$target"/* "$corpus"/ 2>/dev/null || true
export EGL_PLATFORM=surfaceless
export ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp
log=build/fuzz/fuzz_$target.log
"build/fuzz/tests/fuzz_$target" -max_total_time="$secs" -print_final_stats=1 -rss_limit_mb=4096 \
  -timeout=10 "$corpus" 2>"$log" || { tail -50 "$log"; echo "fuzz: $target FOUND A PROBLEM (log: $log)"; exit 1; }
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
# A target that lacks its test data reaches nothing; its SKIP line must not read as a pass.
if grep -q ': SKIP: ' "$log"; then grep -m1 ': SKIP: ' "$log"; echo "fuzz: $target did not fuzz anything" >&2; exit 1; fi
echo "fuzz: $target ran $secs s, $execs executions, no findings (log: $log)"
