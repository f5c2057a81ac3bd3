#pragma once
// An 8-bit RGBA picture, rows top to bottom: what the offscreen renderer returns and the PNG
// writer takes.
#include <cstdint>
#include <vector>

namespace flexure {

struct RgbaImage {
  int width = 0;
  int height = 0;
  std::vector<std::uint8_t> pixels;  // width * height * 4 bytes, row 0 is the top row

  bool empty() const { return width <= 0 || height <= 0; }
  const std::uint8_t* pixel(int x, int y) const {
    return pixels.data() + (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4;
  }
};

}  // namespace flexure
