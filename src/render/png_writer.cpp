#include "flexure/render/png_writer.h"

#include <png.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <vector>

namespace flexure {
namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

// The libpng calls alone: libpng reports errors by longjmp, so this frame holds no object with
// a destructor and no local that changes after setjmp.
bool encodeRows(std::FILE* file, png_uint_32 width, png_uint_32 height, png_bytepp rows) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  if (!png) return false;
  png_infop info = png_create_info_struct(png);
  if (!info) {
    png_destroy_write_struct(&png, nullptr);
    return false;
  }
  if (setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return false;
  }
  png_init_io(png, file);
  png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  png_write_image(png, rows);
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return true;
}

}  // namespace

bool writePng(const RgbaImage& image, const std::string& path, std::string& error) {
  if (image.empty() || image.pixels.size() != static_cast<std::size_t>(image.width) * image.height * 4) {
    error = path + ": nothing to write (empty or inconsistent image)";
    return false;
  }
  std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "wb"));
  if (!file) {
    error = path + ": cannot open for writing: " + std::strerror(errno);
    return false;
  }
  std::vector<png_bytep> rows(static_cast<std::size_t>(image.height));
  for (int y = 0; y < image.height; ++y)
    rows[static_cast<std::size_t>(y)] = const_cast<png_bytep>(image.pixel(0, y));
  if (!encodeRows(file.get(), static_cast<png_uint_32>(image.width), static_cast<png_uint_32>(image.height),
                  rows.data())) {
    error = path + ": libpng failed while writing";
    return false;
  }
  if (std::fflush(file.get()) != 0) {
    error = path + ": write failed: " + std::strerror(errno);
    return false;
  }
  return true;
}

}  // namespace flexure
