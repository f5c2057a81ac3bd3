#include "render_bridge.h"

#include <charconv>

#include "arguments.h"

#if FLEXURE_HAS_RENDER
#include "flexure/render/offscreen_render.h"
#endif

namespace flexure::cli {

bool renderAvailable() { return FLEXURE_HAS_RENDER != 0; }

bool renderPng(const Scene& scene, int width, int height, const std::string& path, std::string& error) {
#if FLEXURE_HAS_RENDER
  return renderSceneToPng(scene, width, height, path, error);
#else
  (void)scene, (void)width, (void)height, (void)path;
  error = "this flexure-cli was built without the renderer (no flexure_render target)";
  return false;
#endif
}

void parseSize(const std::string& text, int& width, int& height) {
  const auto x = text.find('x');
  auto parse = [&](std::string_view s, int& out) {
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && ptr == s.data() + s.size() && out >= 1 && out <= 16384;
  };
  if (x == std::string::npos || !parse(std::string_view(text).substr(0, x), width) ||
      !parse(std::string_view(text).substr(x + 1), height))
    throw UsageError("--size expects WIDTHxHEIGHT (e.g. 800x600, each 1..16384), got \"" + text + "\"");
}

}  // namespace flexure::cli
