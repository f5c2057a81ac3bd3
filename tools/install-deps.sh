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
  # installing (docs/install.md): man pages from --help, the Debian package's dependencies, and
  # the install test's validators (desktop entry, AppStream, MIME type through xdg-mime/GIO, man)
  help2man dpkg-dev desktop-file-utils appstream shared-mime-info xdg-utils libglib2.0-bin man-db file
  # mesh import (assimp), and third-party models that seed its fuzz target (tools/run-fuzzers.sh)
  libassimp-dev assimp-testmodels
  # Bullet, for the benchmarks' side-by-side comparison (flexure-cli bench peers; optional to build)
  libbullet-dev
  # the flexure Python module (pybind11, numpy), its tests (pytest), batches (Dask), examples (matplotlib)
  pybind11-dev python3-dev python3-numpy python3-pytest python3-distributed python3-matplotlib
)

# The Khronos glTF-Validator (npm), pinned by tools/gltf-validator/package-lock.json, into
# tools/gltf-validator/node_modules. Skipped when that version is already there.
install_gltf_validator() {
  local dir
  dir="$(cd "$(dirname "$0")" && pwd)/gltf-validator"
  if [[ -f "$dir/node_modules/gltf-validator/package.json" ]] &&
     grep -q '"version": "2.0.0-dev.3.10"' "$dir/node_modules/gltf-validator/package.json"; then
    echo "install-deps: gltf-validator already installed"
    return
  fi
  # Node and npm from Debian, unless a node with its own npm (NodeSource) is already there:
  # checked by command, since NodeSource's nodejs conflicts with Debian's npm package.
  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    local root=()
    [[ $(id -u) -ne 0 ]] && root=(sudo)
    "${root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends nodejs npm
  fi
  echo "install-deps: installing gltf-validator into $dir"
  (cd "$dir" && npm ci --no-audit --no-fund)
}

missing=()
for p in "${packages[@]}"; do
  if [[ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" != "install ok installed" ]]; then
    missing+=("$p")
  fi
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-deps: all ${#packages[@]} packages already installed"
  install_gltf_validator
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
install_gltf_validator
