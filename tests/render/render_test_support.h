#pragma once
// Helpers shared by the render tests: the stored example scenes, and comparing pixels.
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

#include "flexure/core/scene.h"
#include "flexure/io/scene_file.h"
#include "flexure/modules.h"
#include "flexure/render/offscreen_render.h"

namespace flexure::test {

// scenes/NAME with every module registered (module node types, constraint kinds, overlays).
inline std::unique_ptr<Scene> loadExample(const std::string& name) {
  registerAllModules();
  return loadScene(std::string(FLEXURE_SOURCE_DIR) + "/scenes/" + name);
}

// Sum of the absolute RGB differences of pixel (x, y) in two images.
inline int colorDistance(const RgbaImage& a, const RgbaImage& b, int x, int y) {
  const std::uint8_t* p = a.pixel(x, y);
  const std::uint8_t* q = b.pixel(x, y);
  return std::abs(p[0] - q[0]) + std::abs(p[1] - q[1]) + std::abs(p[2] - q[2]);
}

}  // namespace flexure::test
