#include "flexure/render/color.h"

#include <array>

namespace flexure {

ColorRgb paletteColor(int index) {
  // Muted hues of similar lightness, ordered so that neighbours in the scene tree contrast.
  static constexpr std::array<ColorRgb, 10> kPalette{{
      {0.89f, 0.66f, 0.42f},  // sand
      {0.47f, 0.68f, 0.86f},  // sky blue
      {0.62f, 0.78f, 0.49f},  // sage
      {0.86f, 0.53f, 0.53f},  // rose
      {0.70f, 0.60f, 0.86f},  // lavender
      {0.93f, 0.80f, 0.45f},  // straw
      {0.45f, 0.79f, 0.76f},  // teal
      {0.80f, 0.62f, 0.50f},  // clay
      {0.62f, 0.70f, 0.78f},  // slate
      {0.85f, 0.62f, 0.78f},  // orchid
  }};
  const int n = static_cast<int>(kPalette.size());
  const int i = ((index % n) + n) % n;
  return kPalette[static_cast<std::size_t>(i)];
}

}  // namespace flexure
