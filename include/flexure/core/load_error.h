#pragma once
// Where something went wrong in an input file, carried from the parser to the user:
// "scene.json:12:7: nodes[2].params.radius: expected a number".
#include <stdexcept>
#include <string>

namespace flexure {

struct FileLocation {
  std::string file;
  int line = 0;    // 1-based; 0 when unknown
  int column = 0;  // 1-based; 0 when unknown
};

class LoadError : public std::runtime_error {
 public:
  LoadError(FileLocation where, std::string jsonPath, std::string message)
      : std::runtime_error(format(where, jsonPath, message)),
        where_(std::move(where)), jsonPath_(std::move(jsonPath)), message_(std::move(message)) {}
  const FileLocation& where() const { return where_; }
  const std::string& jsonPath() const { return jsonPath_; }  // empty when not JSON
  const std::string& message() const { return message_; }

  static std::string format(const FileLocation& w, const std::string& path, const std::string& msg) {
    std::string s = w.file;
    if (w.line > 0) s += ":" + std::to_string(w.line) + ":" + std::to_string(w.column);
    s += ": ";
    if (!path.empty()) s += path + ": ";
    return s + msg;
  }

 private:
  FileLocation where_;
  std::string jsonPath_;
  std::string message_;
};

}  // namespace flexure
