#!/usr/bin/env bash
# Renders the application icon's PNGs (and the window icon of the Qt resources) from the
# hand-drawn SVG, packaging/icons/flexure.svg. The PNGs are committed, so building does not need
# this; run it after changing the SVG. Needs rsvg-convert (Debian package librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v rsvg-convert >/dev/null || { echo "render-icons: install librsvg2-bin" >&2; exit 1; }
for size in 16 32 48 64 128 256; do
  rsvg-convert -w "$size" -h "$size" packaging/icons/flexure.svg -o "packaging/icons/flexure-$size.png"
done
cp packaging/icons/flexure-256.png resources/icons/flexure.png
