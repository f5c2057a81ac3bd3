#pragma once
// The one place the CLI touches the renderer (flexure/render/offscreen_render.h). When the
// build has no flexure_render target, renderAvailable() is false and renderPng explains why.
#include <string>

#include "flexure/core/scene.h"

namespace flexure::cli {

bool renderAvailable();
// Renders the scene from its camera into a PNG; false with `error` set on failure.
bool renderPng(const Scene& scene, int width, int height, const std::string& path, std::string& error);
// "WxH" → width, height (each 1..16384); throws UsageError.
void parseSize(const std::string& text, int& width, int& height);

}  // namespace flexure::cli
