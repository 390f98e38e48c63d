#!/bin/sh
# Installs the built tree into a scratch prefix, then builds a consumer with
# find_package(glhle) (shared and static) and with pkg-config, and runs them.
#   check.sh BUILD_DIR SOURCE_DIR SCRATCH_DIR
set -eu
build=$1; src=$2; scratch=$3
rm -rf "$scratch"; mkdir -p "$scratch"
prefix=$scratch/prefix
cmake --install "$build" --prefix "$prefix" >/dev/null
test -f "$prefix/include/glhle/glhle.h"
test -f "$prefix/lib/pkgconfig/glhle.pc" || test -f "$prefix/lib/x86_64-linux-gnu/pkgconfig/glhle.pc"
cmake -S "$src" -B "$scratch/cm" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$scratch/cm" >/dev/null
LD_LIBRARY_PATH=$(dirname "$(find "$prefix" -name 'libglhle.so' | head -1)") "$scratch/cm/consumer_shared"
"$scratch/cm/consumer_static"
pcdir=$(dirname "$(find "$prefix" -name glhle.pc | head -1)")
PKG_CONFIG_PATH=$pcdir cc "$src/consumer.c" -o "$scratch/consumer_pc" $(PKG_CONFIG_PATH=$pcdir pkg-config --cflags --libs glhle)
LD_LIBRARY_PATH=$(PKG_CONFIG_PATH=$pcdir pkg-config --variable=libdir glhle) "$scratch/consumer_pc"
# the shared library exports only the public API
nm -D --defined-only "$(find "$prefix" -name 'libglhle.so' | head -1)" | awk '$2 ~ /[TD]/ {print $3}' |
  grep -v '^glhle_' | grep -v '^_' && { echo "non-API symbols exported"; exit 1; }
echo "install check: find_package (shared, static) and pkg-config consumers work"
