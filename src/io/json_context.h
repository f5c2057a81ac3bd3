#pragma once
// Shared by the readers of scene-file sections: where the text came from, how to raise an error
// at a value, how to record a warning, and how to spell a JSON path.
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/load_error.h"
#include "flexure/io/json_value.h"
#include "flexure/io/scene_file.h"

namespace flexure::io_detail {

struct JsonContext {
  std::string file;
  std::vector<LoadWarning>* warnings = nullptr;

  [[noreturn]] void fail(json::Position at, const std::string& path, const std::string& message) const {
    throw LoadError(FileLocation{file, at.line, at.column}, path, message);
  }
  [[noreturn]] void fail(const json::Value& at, const std::string& path, const std::string& message) const {
    fail(at.position(), path, message);
  }
  void warn(json::Position at, const std::string& path, const std::string& message) const {
    if (warnings) warnings->push_back(LoadWarning{FileLocation{file, at.line, at.column}, path, message});
  }
};

inline std::string memberPath(const std::string& parent, std::string_view key) {
  return parent.empty() ? std::string(key) : parent + "." + std::string(key);
}
inline std::string indexPath(const std::string& parent, std::size_t i) {
  return parent + "[" + std::to_string(i) + "]";
}

}  // namespace flexure::io_detail
