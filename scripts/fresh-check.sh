#!/bin/sh
# Runs scripts/test.sh as CI does: in a fresh clone of HEAD (committed work
# only), with a new HOME and no build folders. Run it before you stop.
#   scripts/fresh-check.sh [test.sh flags]
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
dir=$(mktemp -d /tmp/glhle-fresh.XXXXXX)
git clone -q "$src" "$dir/glhle"
mkdir -p "$dir/home"
# the clone finds ../shared as the checkout does
[ -e "$src/../shared" ] && ln -s "$(cd "$src/../shared" && pwd)" "$dir/shared"
echo "fresh-check: $dir/glhle at $(git -C "$dir/glhle" rev-parse --short HEAD)"
cd "$dir/glhle"
env -i PATH="$PATH" HOME="$dir/home" TERM="${TERM:-dumb}" CI=true sh scripts/test.sh "$@"
echo "fresh-check: passed; remove $dir when done"
