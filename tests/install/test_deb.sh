#!/usr/bin/env bash
# The Debian package (docs/install.md): `cpack -G DEB` of the build into a temporary folder, then
#   - dpkg-deb -I: package flexure, section graphics, a maintainer, Depends computed by
#     dpkg-shlibdeps (the C++ runtime, and Qt when the desktop application is in);
#   - dpkg-deb -c: the programs, scenes, desktop files and man pages under /usr, nothing elsewhere;
#   - apt-get install --simulate on this machine, and again against an empty dpkg status (a
#     machine with nothing installed): every dependency resolves from Debian's archive;
#   - dpkg -i --dry-run (as root).
# Usage: test_deb.sh BUILD_DIR APP_ID WITH_GUI(0|1)
set -euo pipefail

build_dir=$(realpath "$1")
app_id=$2
with_gui=$3

failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

work=$(mktemp -d /tmp/flexure-deb-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS=detect_leaks=0
unset LSAN_OPTIONS

start=$SECONDS
if ! cpack -G DEB --config "$build_dir/CPackConfig.cmake" -B "$work" >"$work/cpack.log" 2>&1; then
  cat "$work/cpack.log" >&2
  echo "FAIL: cpack -G DEB" >&2
  exit 1
fi
debs=("$work"/flexure_*.deb)
deb=${debs[0]}
[[ -s $deb ]] || { echo "FAIL: cpack wrote no flexure_*.deb" >&2; exit 1; }
pass "cpack -G DEB wrote $(basename "$deb") ($(du -h "$deb" | cut -f1)) in $((SECONDS - start)) s"

info=$(dpkg-deb -I "$deb")
field() { sed -n "s/^ $1: //p" <<<"$info"; }
[[ $(field Package) == flexure ]] && pass "Package: flexure" || fail "Package is '$(field Package)'"
[[ $(field Section) == graphics ]] && pass "Section: graphics" || fail "Section is '$(field Section)'"
[[ -n $(field Maintainer) ]] && pass "Maintainer: $(field Maintainer)" || fail "no Maintainer"
depends=$(field Depends)
expected_libs=(libc6 libstdc++6)
# The viewport is a QOpenGLWindow (Qt OpenGL), not a QOpenGLWidget (docs/ARCHITECTURE.md).
[[ $with_gui == 1 ]] && expected_libs+=(libqt6widgets6 libqt6opengl6)
depends_names=$(sed -e 's/ ([^)]*)//g' -e 's/, /\n/g' <<<"$depends")  # one package name a line
for lib in "${expected_libs[@]}"; do
  if grep -Fqx -- "$lib" <<<"$depends_names"; then pass "Depends names $lib (shlibdeps)"; else fail "Depends lacks $lib: $depends"; fi
done

contents=$(dpkg-deb -c "$deb" | awk '{print $6}')
expected_files=(./usr/bin/flexure-cli ./usr/share/flexure/scenes/pipe.json ./usr/share/flexure/scenes/meshes/pot.obj
                ./usr/share/doc/flexure/copyright ./usr/share/man/man1/flexure-cli.1.gz)
[[ $with_gui == 1 ]] && expected_files+=(./usr/bin/flexure "./usr/share/applications/$app_id.desktop"
                                          "./usr/share/metainfo/$app_id.metainfo.xml"
                                          "./usr/share/mime/packages/$app_id.xml" ./usr/share/man/man1/flexure.1.gz)
for f in "${expected_files[@]}"; do
  if grep -qx -- "$f" <<<"$contents"; then pass "package holds $f"; else fail "package lacks $f"; fi
done
outside=$(grep -v '^\./usr/' <<<"$contents" | grep -vx './' || true)
[[ -z $outside ]] && pass "every file under /usr" || fail "files outside /usr: $outside"

if out=$(apt-get install --simulate "$deb" 2>&1) && grep -q "^Inst flexure " <<<"$out"; then
  pass "apt-get install --simulate on this machine"
else
  fail "apt-get install --simulate: $(tail -5 <<<"$out")"
fi
# An empty dpkg status stands for a machine with nothing installed: apt must find every package
# the binaries need in the archive (needs `apt-get update` to have run once).
: >"$work/empty-status"
if out=$(apt-get -o Dir::State::status="$work/empty-status" install --simulate "$deb" 2>&1) &&
   grep -q "^Inst flexure " <<<"$out"; then
  pass "apt-get install --simulate from an empty system ($(grep -c '^Inst ' <<<"$out") packages)"
elif ! compgen -G "/var/lib/apt/lists/*_Packages" >/dev/null; then
  echo "note: no apt package lists here (apt-get update never ran); the empty-system simulation is skipped"
else
  fail "apt-get install --simulate from an empty system: $(tail -5 <<<"$out")"
fi
if [[ $(id -u) -eq 0 ]]; then
  if out=$(dpkg -i --dry-run "$deb" 2>&1); then pass "dpkg -i --dry-run"; else fail "dpkg -i --dry-run: $out"; fi
else
  echo "note: not root, dpkg -i --dry-run skipped"
fi

if [[ $failures -ne 0 ]]; then
  echo "test_deb: $failures check(s) failed" >&2
  exit 1
fi
echo "test_deb: every check passed"
