#!/bin/sh
# Lists the test cases the OpenGL ES pass (ctest label gles) skipped, each
# with the reason its test printed, from a ctest log of the run
# (build/<preset>/Testing/Temporary/LastTest.log, which holds every test's
# output). Exits 1 when a gles test skipped a case without a "SKIP" line
# before it: no ES skip may be silent (docs/gles.md lists the expected ones).
# A reason a test program prints once (a group's set-up: "the corpus is
# absent") covers the cases it skips after it, up to the next reason.
#   scripts/gles-skips.sh build/default/Testing/Temporary/LastTest.log
set -eu
log=${1:?usage: scripts/gles-skips.sh LastTest.log}
[ -r "$log" ] || { echo "gles-skips: cannot read $log" >&2; exit 2; }
awk '
/^[0-9]+\/[0-9]+ Test: / { test = $3; why = ""; listing = 0; next }
test !~ /^gles\// { next }
/listed below:/ { listing = 1; next }
/^\[  SKIPPED \] / {
    if (listing) next
    name = $0; sub(/^\[  SKIPPED \] /, "", name)
    if (why == "") { silent++; printf "SILENT: %s %s skipped without a SKIP line\n", test, name }
    else printf "%s %s: %s\n", test, name, why
    n++; next
}
/^Test Skipped|\*\*\*Skipped|Not Run/ {
    if (why == "") { silent++; printf "SILENT: %s skipped as a whole without a SKIP line\n", test }
    else printf "%s (the whole program): %s\n", test, why
    n++; next
}
/SKIP/ { why = $0; sub(/^.*SKIP[^:]*: */, "", why); next }
{ listing = 0 }
END {
    printf "gles: %d case(s) skipped, %d without a reason\n", n, silent
    exit silent ? 1 : 0
}' "$log"
