#!/usr/bin/env bash
# Installs the Debian 12 packages Flexure needs to build, run and test. Idempotent: when every
# package is already installed it does nothing (no apt-get update). Works as root and, for other
# users, through sudo.
set -euo pipefail

packages=(
  # toolchain
  cmake ninja-build g++ pkg-config
  # libraries (find_package in CMakeLists.txt)
  qt6-base-dev libqt6opengl6-dev qt6-charts-dev libeigen3-dev libglm-dev nlohmann-json3-dev
  catch2 libpng-dev libxkbcommon-dev
  # OpenGL: glvnd headers/libraries, Mesa's software rasterizer for GLX and EGL (headless rendering)
  libgl-dev libegl-dev libopengl-dev libgl1-mesa-dri libegl-mesa0
  # libFuzzer targets of the test suite (clang's runtime holds libFuzzer and the sanitizers)
  clang libclang-rt-14-dev
  # GUI tests and screenshots under a virtual X server; a font so Qt can draw text
  xvfb xauth fonts-dejavu-core
  # the flexure Python module (pybind11, numpy), its tests (pytest), batches (Dask), examples (matplotlib)
  pybind11-dev python3-dev python3-numpy python3-pytest python3-distributed python3-matplotlib
)

missing=()
for p in "${packages[@]}"; do
  if [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" != "install ok installed" ]]; then
    missing+=("$p")
  fi
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  exit 0
fi

as_root=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "install-deps: run as root or install sudo" >&2; exit 1; }
  as_root=(sudo)
fi
echo "install-deps: installing ${missing[*]}"
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${packages[@]}"
