#!/bin/sh
# Installs what glhle needs from Debian's packages, only what is missing.
# Idempotent; silent when everything is present. Needs root (or sudo) to install.
set -eu
packages="build-essential cmake ninja-build pkg-config clang libclang-rt-14-dev
  libglfw3-dev libcmocka-dev libspirv-cross-c-shared-dev spirv-cross glslang-tools
  spirv-headers spirv-tools
  libxxhash-dev libpng-dev libzstd-dev liblzma-dev libegl-dev libgl-dev libgl1-mesa-dri libegl-mesa0
  python3-glad xvfb xauth valgrind"
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "setup: installing$missing"
sudo=""
[ "$(id -u)" = 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
echo "setup: done"
