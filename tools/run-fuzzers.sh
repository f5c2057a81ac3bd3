#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (AddressSanitizer + UBSan) and runs each one for a
# short time from a seed corpus made of the example scenes and the tests' inputs.
#   FLEXURE_FUZZ_SECONDS   seconds per target (default 60)
# A crash leaves its input in build-fuzz/crashes/<target>/ and fails the script; turn every
# such input into a regression test (tests/io or tests/rigid) before fixing it. The mesh
# importer also seeds from Debian's assimp-testmodels, and runs under the application's import
# limits: inputs that cross them go to build-fuzz/limits/fuzz_mesh_import/ and are listed.
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

# Third-party models as seeds of the mesh importer (issue 28: our own files alone found little):
# Debian's assimp-testmodels (tools/install-deps.sh installs it), every file of a format we
# import, under 64 kB, with the fuzz target's first byte (the hint: stl ply glb gltf dae fbx 3ds).
third_party_mesh_seeds() {
  local models=/usr/share/assimp/models corpus=$1 f ext hint
  [[ -d $models ]] || { echo "run-fuzzers: $models missing (apt-get install assimp-testmodels): seeds from our files only" >&2; return; }
  while IFS= read -r -d '' f; do
    ext=${f##*.}
    case "${ext,,}" in
      stl) hint='\x00' ;; ply) hint='\x01' ;; glb) hint='\x02' ;; gltf) hint='\x03' ;;
      dae) hint='\x04' ;; fbx) hint='\x05' ;; 3ds) hint='\x06' ;; *) continue ;;
    esac
    { printf "$hint"; cat "$f"; } >"$corpus/assimp-$(echo "$f" | md5sum | cut -c1-12).${ext,,}"
  done < <(find "$models" -type f -size -64k -print0)
}

status=0
for t in "${targets[@]}"; do
  corpus="$build_dir/corpus/$t"
  crashes="$build_dir/crashes/$t"
  mkdir -p "$corpus" "$crashes"
  seed_files "$t" | while read -r f; do cp -f "$f" "$corpus/"; done
  fuzz_options=()
  [[ -f "fuzz/$t.dict" ]] && fuzz_options=(-dict="fuzz/$t.dict")
  limit_args=()
  if [[ $t == fuzz_mesh_import ]]; then
    third_party_mesh_seeds "$corpus"
    # Inputs on which the importer crossed its memory or time limit (fuzz_mesh_import.cpp).
    limits="$build_dir/limits/$t"
    rm -rf "$limits"  # this run's findings only (the corpus keeps the inputs)
    mkdir -p "$limits"
    limit_args=(env "FLEXURE_FUZZ_LIMIT_DIR=$PWD/$limits")
    # libFuzzer's malloc limit (default: -rss_limit_mb) would also act inside the reader's child
    # process and end it at one large allocation; there the importer's own limit is the bound.
    fuzz_options+=(-malloc_limit_mb=1048576)
  fi
  echo "run-fuzzers: $t for ${seconds}s ($(ls "$corpus" | wc -l) seeds)"
  if ! "${limit_args[@]}" "$build_dir/fuzz/$t" "$corpus" "${fuzz_options[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$crashes/" -print_final_stats=1 >"$build_dir/$t.log" 2>&1; then
    echo "run-fuzzers: $t FOUND A CRASH; see $build_dir/$t.log and $crashes/" >&2
    tail -n 40 "$build_dir/$t.log" >&2
    status=1
  else
    grep -E "stat::number_of_executed_units|cov:" "$build_dir/$t.log" | tail -n 2 || true
  fi
  if [[ $t == fuzz_mesh_import ]] && [[ -n "$(ls "$limits")" ]]; then
    # Handled (a located error, as in the application), so not a failure; but each is an input
    # on which assimp runs away: keep it under tests/interchange/regressions.
    echo "run-fuzzers: $t: $(ls "$limits" | wc -l) inputs crossed the importer's memory or time limit in this run;" \
         "see $limits/ (copy new ones to tests/interchange/regressions)"
  fi
done
exit $status
