#!/usr/bin/env bash
# Keeps the layout honest (docs/ARCHITECTURE.md, "Layers"):
#   1. no file of the neutral layers (core, render, session: src/ and include/flexure/) includes
#      a technique's header: techniques register their glyphs and drags from their own folders;
#   2. nothing under src/ or include/ outside src/app/ includes a Qt header: the core, the
#      solvers, io, render, session and the CLI build and test headless.
# Usage: tools/check-layering.sh ROOT TECHNIQUE...   (CTest passes the techniques CMake knows)
# Prints every offending line as file:line: text and exits 1 if there is any.
set -uo pipefail
root=${1:?usage: check-layering.sh ROOT TECHNIQUE...}
shift
[[ $# -gt 0 ]] || { echo "check-layering: no technique named" >&2; exit 2; }
cd "$root" || exit 2

techniques=$(IFS='|'; echo "$*")
status=0

neutral=()
for layer in core render session; do
  for dir in "src/$layer" "include/flexure/$layer"; do [[ -d $dir ]] && neutral+=("$dir"); done
done
if [[ ${#neutral[@]} -gt 0 ]]; then
  # "flexure/energy/…" and relative forms such as "../energy/…" alike.
  if hits=$(grep -rnE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"]([^\">]*/)?(flexure/)?($techniques)/" "${neutral[@]}"); then
    echo "check-layering: a neutral layer includes a technique's header (register it from the technique's folder instead):"
    echo "$hits"
    status=1
  fi
fi

qt_free=()
for dir in src include; do [[ -d $dir ]] && qt_free+=("$dir"); done
if [[ ${#qt_free[@]} -gt 0 ]]; then
  # <QWidget>, <QtCore/QString>, "QOpenGLWidget" ...: Qt's headers all start with Q.
  if hits=$(grep -rnE "^[[:space:]]*#[[:space:]]*include[[:space:]]*[<\"](Q[A-Za-z0-9_]*|Qt[A-Za-z0-9_]*/[^\">]*)[\">]" \
              --exclude-dir=app "${qt_free[@]}" | grep -v '^src/app/'); then
    echo "check-layering: a Qt header outside src/app/:"
    echo "$hits"
    status=1
  fi
fi

[[ $status -eq 0 ]] && echo "check-layering: ok (techniques: $*)"
exit $status
