#pragma once
// Writes an RgbaImage as an 8-bit RGBA PNG (libpng).
#include <string>

#include "flexure/render/rgba_image.h"

namespace flexure {

// Returns false and fills `error` (naming the file) when the file cannot be written.
bool writePng(const RgbaImage& image, const std::string& path, std::string& error);

}  // namespace flexure
