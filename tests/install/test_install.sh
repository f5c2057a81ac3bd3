#!/usr/bin/env bash
# The installed Flexure, checked as a user's machine would see it (issue 18, docs/install.md):
#   1. `cmake --install` of the build into a temporary DESTDIR, then the tree is moved elsewhere
#      (the programs must find their files from their own location, not from a compiled-in path);
#   2. the installed flexure-cli validates, solves and renders installed scenes (one with a mesh
#      named relative to it) from cwd=/, with the source and build trees hidden behind empty
#      mounts (a private mount namespace; where none can be made, cwd=/ only, and it says so);
#      the installed flexure answers --help and --version without a display;
#   3. desktop-file-validate on the desktop entry, appstreamcli validate --no-net on the AppStream
#      file and validate-tree on the whole installation;
#   4. the MIME type: update-mime-database into the installed tree, then xdg-mime (through GIO)
#      on a scene named .json, a scene with no extension (magic), a non-JSON .flexure file
#      (extension) and a plain JSON file (must stay application/json); the desktop entry is a
#      registered handler of the type;
#   5. both man pages render with `man -l`, non-empty and without a groff warning.
# Usage: test_install.sh BUILD_DIR SOURCE_DIR APP_ID MIME_TYPE WITH_GUI(0|1)
set -euo pipefail

build_dir=$(realpath "$1")
source_dir=$(realpath "$2")
app_id=$3
mime_type=$4
with_gui=$5

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
expect_file() { if [[ -s "$1" ]]; then pass "installed ${1#"$prefix"/}"; else fail "missing ${1#"$prefix"/}"; fi; }

work=$(mktemp -d /tmp/flexure-install-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home" XDG_DATA_HOME="$work/home/.local/share" XDG_CONFIG_HOME="$work/home/.config"
export XDG_RUNTIME_DIR="$work/runtime"
mkdir -p "$HOME" "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
# The programs may be sanitizer builds; leak reports of Mesa at exit are not this test's business,
# and the suppressions file named by the environment lies in the source tree that gets hidden.
export ASAN_OPTIONS=detect_leaks=0
unset LSAN_OPTIONS DISPLAY WAYLAND_DISPLAY

# --- 1. install, then move the tree ------------------------------------------------------------
DESTDIR="$work/stage" cmake --install "$build_dir" --prefix /opt/flexure >"$work/install.log" 2>&1 ||
  { cat "$work/install.log" >&2; echo "FAIL: cmake --install" >&2; exit 1; }
mkdir -p "$work/moved"
mv "$work/stage/opt/flexure" "$work/moved/flexure"
prefix="$work/moved/flexure"
scenes="$prefix/share/flexure/scenes"

expect_file "$prefix/bin/flexure-cli"
expect_file "$scenes/pipe.json"
expect_file "$scenes/meshes/metaball-cow.obj"
expect_file "$scenes/monocycle.dcl"
expect_file "$prefix/share/doc/flexure/user-guide.md"
expect_file "$prefix/share/doc/flexure/app-window.png"
expect_file "$prefix/share/doc/flexure/copyright"
expect_file "$prefix/share/man/man1/flexure-cli.1.gz"
if [[ $with_gui == 1 ]]; then
  expect_file "$prefix/bin/flexure"
  expect_file "$prefix/share/applications/$app_id.desktop"
  expect_file "$prefix/share/metainfo/$app_id.metainfo.xml"
  expect_file "$prefix/share/mime/packages/$app_id.xml"
  expect_file "$prefix/share/icons/hicolor/scalable/apps/$app_id.svg"
  for size in 16 32 48 64 128 256; do
    icon="$prefix/share/icons/hicolor/${size}x${size}/apps/$app_id.png"
    expect_file "$icon"
    if ! file "$icon" | grep -q "PNG image data, $size x $size"; then fail "$icon is not a ${size}x${size} PNG"; fi
  done
  expect_file "$prefix/share/man/man1/flexure.1.gz"
fi
if grep -rqs -- "$source_dir" "$prefix/share"; then fail "an installed data file names the source tree $source_dir"; fi

# --- 2. the installed programs with the source and build trees out of reach ----------------------
# Runs "$@" from / with the source and build trees covered by empty tmpfs mounts when a private
# mount namespace can be made (root, or unprivileged user namespaces); otherwise from / only.
hidden=()
if unshare --mount --propagation private true 2>/dev/null; then
  hide="mount -t tmpfs -o size=1m flexure-hidden '$source_dir'"
  [[ $build_dir == "$source_dir"/* ]] || hide+=" && mount -t tmpfs -o size=1m flexure-hidden '$build_dir'"
  hidden=(unshare --mount --propagation private sh -c "$hide"' && cd / && exec "$@"' hidden)
  echo "note: source and build trees hidden by a private mount namespace"
else
  echo "note: no mount namespace here; running from / with the source and build trees still on disk"
fi
run_installed() { (cd / && "${hidden[@]}" "$@"); }

check_run() {  # check_run DESCRIPTION EXPECTED_STDOUT_REGEX COMMAND...
  local what=$1 expected=$2
  shift 2
  local out rc=0
  out=$(run_installed "$@" 2>"$work/stderr.txt") || rc=$?
  if [[ $rc -ne 0 ]]; then
    fail "$what: exit code $rc (stderr: $(head -c 400 "$work/stderr.txt"))"
  elif ! grep -Eq -- "$expected" <<<"$out"; then
    fail "$what: output does not match /$expected/: $(head -c 400 <<<"$out")"
  else
    pass "$what"
  fi
}

cli="$prefix/bin/flexure-cli"
check_run "flexure-cli --version" "^flexure-cli [0-9]+\.[0-9]+\.[0-9]+$" "$cli" --version
check_run "flexure-cli validate pipe.json" "^ok$" "$cli" validate "$scenes/pipe.json"
check_run "flexure-cli validate a scene whose mesh is named relative to it" "^ok$" \
  "$cli" validate "$scenes/metaball-cow-line.json"
cp "$scenes/pipe.json" "$work/pipe.flexure"
check_run "flexure-cli validate a scene named with our extension (.flexure)" "^ok$" "$cli" validate "$work/pipe.flexure"
check_run "flexure-cli info on a .dcl description" "." "$cli" info "$scenes/monocycle.dcl"
check_run "flexure-cli solve pipefitting.json" "\"converged\"" \
  "$cli" solve "$scenes/pipefitting.json" -o "$work/solved.json"
if [[ -s "$work/solved.json" ]]; then
  check_run "flexure-cli validate the solved scene" "^ok$" "$cli" validate "$work/solved.json"
else
  fail "flexure-cli solve -o wrote nothing"
fi
if "$cli" --help | grep -q '^  render '; then
  check_run "flexure-cli render a meshed scene" "" \
    "$cli" render "$scenes/metaball-cow-line.json" -o "$work/cow.png" --size 96x64
  if file "$work/cow.png" 2>/dev/null | grep -q "PNG image data, 96 x 64"; then
    pass "render wrote a 96x64 PNG"
  else
    fail "render wrote no 96x64 PNG"
  fi
fi
if [[ $with_gui == 1 ]]; then
  check_run "flexure --help without a display" "--screenshot" "$prefix/bin/flexure" --help
  check_run "flexure --version without a display" "[0-9]+\.[0-9]+\.[0-9]+" "$prefix/bin/flexure" --version
fi

# --- 3. desktop entry and AppStream ---------------------------------------------------------------
if [[ $with_gui == 1 ]]; then
  desktop="$prefix/share/applications/$app_id.desktop"
  if out=$(desktop-file-validate "$desktop" 2>&1) && [[ -z $out ]]; then
    pass "desktop-file-validate"
  else
    fail "desktop-file-validate: $out"
  fi
  grep -qx "Exec=flexure %f" "$desktop" || fail "desktop entry: Exec is not 'flexure %f'"
  grep -qx "MimeType=$mime_type;" "$desktop" || fail "desktop entry: MimeType is not '$mime_type;'"
  if out=$(appstreamcli validate --no-net --explain "$prefix/share/metainfo/$app_id.metainfo.xml" 2>&1); then
    pass "appstreamcli validate --no-net"
  else
    fail "appstreamcli validate: $out"
  fi
  if out=$(appstreamcli validate-tree --no-net "$prefix" 2>&1); then
    pass "appstreamcli validate-tree --no-net (metainfo, desktop entry and icon agree)"
  else
    fail "appstreamcli validate-tree: $out"
  fi
fi

# --- 4. the MIME type -----------------------------------------------------------------------------
if [[ $with_gui == 1 ]]; then
  export XDG_DATA_DIRS="$prefix/share:/usr/share"  # as a user's session would list the prefix
  update-mime-database "$prefix/share/mime"
  update-desktop-database "$prefix/share/applications"
  samples="$work/samples"
  mkdir -p "$samples"
  cp "$scenes/pipe.json" "$samples/pipe.json"           # the examples' .json name: by content
  cp "$scenes/pipe.json" "$samples/pipe-scene"          # no extension at all: by content (magic)
  echo "not JSON at all" >"$samples/notes.flexure"      # our extension: by name whatever it holds
  echo '{"format": "gltf", "nodes": []}' >"$samples/other.json"  # other JSON stays application/json
  mime_of() {
    XDG_CURRENT_DESKTOP=GNOME xdg-mime query filetype "$1"
  }
  for sample in pipe.json pipe-scene notes.flexure other.json; do
    expected=$mime_type
    [[ $sample == other.json ]] && expected=application/json
    got=$(mime_of "$samples/$sample" || true)
    if [[ $got == "$expected" ]]; then pass "xdg-mime: $sample is $got"; else fail "xdg-mime: $sample is '$got', expected $expected"; fi
  done
  # TryExec=flexure: the entry counts only where flexure is on the PATH, as after an install.
  handlers=$(PATH="$prefix/bin:$PATH" gio mime "$mime_type" 2>&1 || true)
  if grep -q "$app_id.desktop" <<<"$handlers"; then
    pass "gio mime: $app_id.desktop is a registered handler of $mime_type"
  else
    fail "gio mime: $app_id.desktop does not handle $mime_type: $handlers"
  fi
fi

# --- 5. man pages -----------------------------------------------------------------------------------
pages=(flexure-cli)
[[ $with_gui == 1 ]] && pages+=(flexure)
for page in "${pages[@]}"; do
  file="$prefix/share/man/man1/$page.1.gz"
  [[ -s $file ]] || continue
  if ! text=$(MANWIDTH=100 MAN_KEEP_FORMATTING= man --warnings -E UTF-8 -l "$file" 2>"$work/man-stderr.txt"); then
    fail "man -l $page.1 exited non-zero: $(cat "$work/man-stderr.txt")"
  elif [[ -s $work/man-stderr.txt ]]; then
    fail "man -l $page.1 warns: $(cat "$work/man-stderr.txt")"
  elif ! grep -q "^NAME" <<<"$text" || ! grep -q "$page" <<<"$text"; then
    fail "man -l $page.1 renders no NAME section naming $page"
  else
    pass "man -l $page.1 renders ($(wc -l <<<"$text") lines, no warnings)"
  fi
done

if [[ $failures -ne 0 ]]; then
  echo "test_install: $failures check(s) failed" >&2
  exit 1
fi
echo "test_install: every check passed"
