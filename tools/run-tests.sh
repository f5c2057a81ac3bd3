#!/usr/bin/env bash
# The whole test suite, as CI runs it (.ci/run) and as the README's second command runs it:
#   1. build the libFuzzer targets (clang) and fuzz each parser (scene files, OBJ, description
#      language) for FLEXURE_FUZZ_SECONDS seconds (default 30) from the example files;
#   2. configure build-tests/ with AddressSanitizer + UndefinedBehaviorSanitizer (GUI included),
#      build everything and run every Catch2/CTest test; GUI tests start their own Xvfb.
# FLEXURE_SKIP_FUZZ=1 skips step 1 (quick local runs). CTest's summary is the last line.
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=${FLEXURE_TEST_BUILD_DIR:-build-tests}
jobs=${FLEXURE_JOBS:-$(nproc)}

# Qt warns without a private runtime directory; give it one.
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d /tmp/flexure-runtime.XXXXXX)}
chmod 700 "$XDG_RUNTIME_DIR"
# Leak checking is off: Mesa's GL drivers are dlopen'ed and unloaded at exit, so LeakSanitizer
# reports their at-exit leaks as "<unknown module>" where no suppression can match them. ASan's
# memory-error checks and UBSan stay on for every test. (tools/lsan.supp is kept for local runs
# of the non-GL tests with ASAN_OPTIONS=detect_leaks=1.)
export ASAN_OPTIONS="detect_leaks=0"
export LSAN_OPTIONS="suppressions=$PWD/tools/lsan.supp:print_suppressions=0"
export UBSAN_OPTIONS="print_stacktrace=1"

if [[ "${FLEXURE_SKIP_FUZZ:-0}" != 1 ]]; then
  FLEXURE_FUZZ_SECONDS=${FLEXURE_FUZZ_SECONDS:-30} ./tools/run-fuzzers.sh
fi

# ccache, when the machine has it, makes a re-run after a small change (or in a second clone)
# recompile only what changed; the results are the compiler's own either way.
launcher=()
if command -v ccache >/dev/null && [[ "${FLEXURE_CCACHE:-1}" != 0 ]]; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
# -O1 -g1: sanitized code at -O2 -g compiles three times slower for little extra coverage.
# A unity build (CMake compiles each target's sources in batches of 8 as one translation unit)
# parses Qt, Eigen and Catch2 once per batch instead of once per file: the clean build of a CI
# run takes about half the time. It also keeps every file honest about its file-local names
# (two helpers of one target with the same name in anonymous namespaces fail this build).
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g1" \
  -DCMAKE_UNITY_BUILD=ON -DFLEXURE_BUILD_GUI=ON -DFLEXURE_BUILD_TESTS=ON \
  -DFLEXURE_SANITIZE=address,undefined "${launcher[@]}"
cmake --build "$build_dir" -j "$jobs"
cd "$build_dir"
ctest --output-on-failure -j2
