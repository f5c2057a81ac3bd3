#!/usr/bin/env bash
# Configures a test build (build-tests/, GUI included), builds everything and runs the whole
# Catch2/CTest suite. GUI tests start their own Xvfb (xvfb-run), so no display is needed.
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=${FLEXURE_TEST_BUILD_DIR:-build-tests}
jobs=${FLEXURE_JOBS:-$(nproc)}

# Qt warns without a private runtime directory; give it one.
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d /tmp/flexure-runtime.XXXXXX)}
chmod 700 "$XDG_RUNTIME_DIR"

cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DFLEXURE_BUILD_GUI=ON -DFLEXURE_BUILD_TESTS=ON
cmake --build "$build_dir" -j "$jobs"
cd "$build_dir"
ctest --output-on-failure -j2
