#pragma once
// Display colours: sRGB components in [0, 1], and the palette that gives every object of the
// scene its own readable colour.
namespace flexure {

struct ColorRgb {
  float r = 0.0f, g = 0.0f, b = 0.0f;
};

// The i-th colour of a palette of muted, mutually distinct hues; wraps around.
ColorRgb paletteColor(int index);

}  // namespace flexure
