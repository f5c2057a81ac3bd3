#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (AddressSanitizer + UBSan) and runs each one for a
# short time from a seed corpus made of the example scenes and the tests' inputs.
#   FLEXURE_FUZZ_SECONDS   seconds per target (default 60)
# A crash leaves its input in build-fuzz/crashes/<target>/ and fails the script; turn every
# such input into a regression test (tests/io or tests/rigid) before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FLEXURE_FUZZ_SECONDS:-60}
build_dir=build-fuzz

launcher=()  # as in run-tests.sh: ccache when the machine has it
if command -v ccache >/dev/null && [[ "${FLEXURE_CCACHE:-1}" != 0 ]]; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake --preset fuzz "${launcher[@]}" >/dev/null
targets=(fuzz_scene_file fuzz_obj fuzz_mesh_import)
if grep -q fuzz_description "$build_dir/build.ninja" 2>/dev/null; then targets+=(fuzz_description); fi
cmake --build "$build_dir" -j "${FLEXURE_JOBS:-$(nproc)}" --target "${targets[@]}"

seed_files() {
  case "$1" in
    fuzz_scene_file) find scenes tests -name '*.json' -size -256k ;;
    fuzz_obj) find scenes tests -name '*.obj' -size -256k ;;
    fuzz_description) find scenes tests -name '*.dcl' -size -256k ;;
    fuzz_mesh_import) find fuzz/mesh_import_seeds tests/interchange/regressions -type f -size -256k ;;
  esac
}

status=0
for t in "${targets[@]}"; do
  corpus="$build_dir/corpus/$t"
  crashes="$build_dir/crashes/$t"
  mkdir -p "$corpus" "$crashes"
  seed_files "$t" | while read -r f; do cp -f "$f" "$corpus/"; done
  dict=()
  [[ -f "fuzz/$t.dict" ]] && dict=(-dict="fuzz/$t.dict")
  echo "run-fuzzers: $t for ${seconds}s ($(ls "$corpus" | wc -l) seeds)"
  if ! "$build_dir/fuzz/$t" "$corpus" "${dict[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$crashes/" -print_final_stats=1 >"$build_dir/$t.log" 2>&1; then
    echo "run-fuzzers: $t FOUND A CRASH; see $build_dir/$t.log and $crashes/" >&2
    tail -n 40 "$build_dir/$t.log" >&2
    status=1
  else
    grep -E "stat::number_of_executed_units|cov:" "$build_dir/$t.log" | tail -n 2 || true
  fi
done
exit $status
