#pragma once
// Atomic replacement of a file: the contents go to a temporary file in the same directory,
// which is flushed to disk (fsync) and then renamed over the target. rename(2) within one file
// system is atomic, so a reader (or a crash) sees either the complete old file or the complete
// new one, never a mix. On any failure the temporary file is removed, the old file is left
// untouched and SaveError is thrown.
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace flexure {

class SaveError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct AtomicWriteHooks {
  // Writes `data` to the open temporary file descriptor; returns false (with errno set) on
  // failure. Empty: a write(2) loop. Tests inject a step that fails midway or throws.
  std::function<bool(int fd, std::string_view data)> write;
};

void writeFileAtomically(const std::string& path, std::string_view contents, const AtomicWriteHooks& hooks = {});

// Whole file as bytes; throws LoadError (no line) when it cannot be read.
std::string readWholeFile(const std::string& path);

}  // namespace flexure
