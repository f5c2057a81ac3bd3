#!/usr/bin/env bash
# Exports every scene of scenes/ with flexure-cli export-gltf (the stored state, --still), every
# anim-*.json also as an animation (a .glb and, for one of them, a .gltf + .bin), anim-snake.json
# as `export-gltf` writes an animated scene by default (its whole timeline, issue 28), and runs
# the Khronos glTF-Validator on all of them: 0 errors and 0 warnings required (infos and hints are
# printed, allowed).
#   validate-gltf-exports.sh FLEXURE_CLI SOURCE_DIR OUT_DIR
# The validator is tools/gltf-validator (npm, installed by tools/install-deps.sh).
# GLTF_EXPORT_FRAMES (default 24) frames of each animation are exported: enough for every kind
# of channel, short enough for the sanitized suite.
set -euo pipefail
cli=$1 src=$2 out=$3
frames=${GLTF_EXPORT_FRAMES:-24}
validator="$src/tools/gltf-validator"
if [[ ! -d "$validator/node_modules/gltf-validator" ]]; then
  echo "gltf-validator is not installed: run tools/install-deps.sh (npm ci in $validator)" >&2
  exit 1
fi
rm -rf "$out"
mkdir -p "$out"
files=()
for scene in "$src"/scenes/*.json "$src"/scenes/*.dcl; do
  name=$(basename "$scene")
  "$cli" export-gltf "$scene" -o "$out/$name.glb" --still >/dev/null
  files+=("$out/$name.glb")
done
# The default for an animated scene: its timeline's frames, said on stderr.
"$cli" export-gltf "$src/scenes/anim-snake.json" -o "$out/anim-snake-default.glb" 2>"$out/anim-snake-default.log" >/dev/null
grep -q "the scene is animated" "$out/anim-snake-default.log" || { echo "export-gltf did not say the snake is animated" >&2; exit 1; }
files+=("$out/anim-snake-default.glb")
first=1
for scene in "$src"/scenes/anim-*.json; do
  name=$(basename "$scene" .json)
  start=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("settings",{}).get("timeline",{}).get("start_frame",0))' "$scene")
  "$cli" export-gltf "$scene" -o "$out/$name-animated.glb" --frames "$start-$((start + frames - 1))" >/dev/null 2>&1
  files+=("$out/$name-animated.glb")
  if [[ $first == 1 ]]; then
    "$cli" export-gltf "$scene" -o "$out/$name-animated.gltf" --frames "$start-$((start + frames - 1))" >/dev/null 2>&1
    files+=("$out/$name-animated.gltf")
    first=0
  fi
done
echo "validating ${#files[@]} exports"
node "$validator/validate.js" "${files[@]}"
