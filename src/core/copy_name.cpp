#include "flexure/core/copy_name.h"

#include <cstdio>

namespace flexure {

namespace {

// "fixed-a.001" -> "fixed-a"; "fixed-a" and "v1.2b" stay as they are. A name that is only a
// suffix (".001") keeps it, so the stem is never empty.
std::string_view stemOf(std::string_view name) {
  const std::size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0 || dot + 1 == name.size()) return name;
  for (std::size_t i = dot + 1; i < name.size(); ++i)
    if (name[i] < '0' || name[i] > '9') return name;
  return name.substr(0, dot);
}

}  // namespace

std::string uniqueCopyName(std::string_view name, const std::function<bool(std::string_view)>& taken) {
  if (!taken(name)) return std::string(name);
  const std::string stem(stemOf(name));
  for (unsigned n = 1;; ++n) {
    char suffix[16];
    std::snprintf(suffix, sizeof suffix, ".%03u", n);
    std::string candidate = stem + suffix;
    if (!taken(candidate)) return candidate;
  }
}

}  // namespace flexure
