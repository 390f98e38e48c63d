#!/bin/sh
# Runs every GL-free unit test under valgrind --leak-check=full; any leak or
# memory error fails. Expects the default preset to be built (scripts/test.sh
# calls this after it). Unit tests must stay small enough for this.
set -eu
cd "$(dirname "$0")/.."
dir=build/default/tests
[ -d "$dir" ] || { echo "valgrind.sh: build the default preset first" >&2; exit 2; }
out=build/default/Testing/Temporary/valgrind
mkdir -p "$out"
fail=0
for t in "$dir"/unit_test_*; do
  [ -x "$t" ] || continue
  echo "$t"
done | xargs -P 2 -I{} sh -c '
  name=$(basename "{}")
  if valgrind --leak-check=full --errors-for-leak-kinds=definite,indirect --error-exitcode=9 -q \
       "{}" >"'"$out"'/$name.out" 2>"'"$out"'/$name.vg"; then
    echo "valgrind: $name clean"
  else
    echo "valgrind: $name FAILED (see '"$out"'/$name.vg)"; tail -30 "'"$out"'/$name.vg"; exit 1
  fi' || fail=1
[ $fail = 0 ] && echo "valgrind: all unit tests clean" || { echo "valgrind: failures above"; exit 1; }
