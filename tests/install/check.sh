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
# glhle.pc and the CMake package require exactly what the library links
# (issue 12: they once required spirv-cross-c-shared when nothing linked
# it): every module of Requires/Requires.private provides a library that
# libglhle.so has as NEEDED, every NEEDED library but libc's own comes from
# one of them or from Libs.private, and the CMake config checks the same
# modules as glhle.pc.
so=$(find "$prefix" -name 'libglhle.so' | head -1)
pc=$(find "$prefix" -name glhle.pc | head -1)
config=$(find "$prefix" -name glhleConfig.cmake | head -1)
needed=$(readelf -d "$so" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | sort)
modules=$(sed -n 's/^Requires\(\.private\)\{0,1\}: *//p' "$pc" | tr ', ' '\n\n' | sed 's/[<>=].*//' | grep . | sort -u)
private=$(sed -n 's/^Libs\.private: *//p' "$pc")
cmake_modules=$(sed -n 's/.*pkg_check_modules([A-Z_]* REQUIRED IMPORTED_TARGET \([^ )>=]*\).*/\1/p' "$config" | sort -u)
[ "$(grep -c 'find_dependency(PNG)' "$config")" = 1 ] && cmake_modules=$(printf '%s\nlibpng\n' "$cmake_modules" | grep . | sort -u)
bad=0
provided=""
for m in $modules; do
  libs=$(pkg-config --libs-only-l "$m" | tr ' ' '\n' | sed -n 's/^-l//p')
  hit=0
  for l in $libs; do
    if printf '%s\n' "$needed" | grep -q "^lib$l\.so"; then hit=1; provided="$provided lib$l.so"; fi
  done
  [ $hit = 1 ] || { echo "glhle.pc requires $m, but libglhle.so links none of its libraries ($libs)"; bad=1; }
done
for n in $needed; do
  base=${n%%.so*}
  case " $provided " in *" $base.so "*) continue ;; esac
  case "$base" in libc|ld-linux*) continue ;; esac
  printf '%s\n' "$private" | tr ' ' '\n' | grep -qx -- "-l${base#lib}" && continue
  echo "libglhle.so links $n, which glhle.pc neither requires nor lists in Libs.private"; bad=1
done
if [ "$(printf '%s\n' $modules)" != "$(printf '%s\n' $cmake_modules)" ]; then
  echo "glhle.pc requires: $(echo $modules); glhleConfig.cmake checks: $(echo $cmake_modules)"; bad=1
fi
[ $bad = 0 ] || exit 1
echo "install check: glhle.pc and the CMake package require $(echo $modules), what libglhle.so links"
echo "install check: find_package (shared, static) and pkg-config consumers work"
