#include "flexure/interchange/import_limits.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <mutex>

namespace flexure {

namespace {

std::mutex& limitsMutex() {
  static std::mutex m;
  return m;
}

std::optional<MeshImportLimits>& storedLimits() {
  static std::optional<MeshImportLimits> limits;
  return limits;
}

thread_local ImportWatch* tCurrentWatch = nullptr;

}  // namespace

MeshImportLimits defaultMeshImportLimits() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long pageSize = ::sysconf(_SC_PAGESIZE);
  std::uint64_t quarter = kMaxDefaultImportMemory;
  if (pages > 0 && pageSize > 0) quarter = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(pageSize) / 4;
  return {std::clamp(quarter, kMinDefaultImportMemory, kMaxDefaultImportMemory), kDefaultImportSeconds};
}

MeshImportLimits meshImportLimits() {
  const std::lock_guard lock(limitsMutex());
  if (!storedLimits()) storedLimits() = defaultMeshImportLimits();
  return *storedLimits();
}

void setMeshImportLimits(const MeshImportLimits& limits) {
  const std::lock_guard lock(limitsMutex());
  storedLimits() = limits;
}

std::optional<std::uint64_t> parseByteSize(std::string_view text) {
  double value = 0.0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end == text.data() || !(value >= 0.0) || !std::isfinite(value)) return std::nullopt;
  std::string_view unit = text.substr(static_cast<std::size_t>(end - text.data()));
  double scale = 1.0;
  if (!unit.empty()) {
    switch (unit.front()) {
      case 'k': case 'K': scale = 1024.0; break;
      case 'm': case 'M': scale = 1024.0 * 1024.0; break;
      case 'g': case 'G': scale = 1024.0 * 1024.0 * 1024.0; break;
      case 't': case 'T': scale = 1024.0 * 1024.0 * 1024.0 * 1024.0; break;
      default: return std::nullopt;
    }
    unit.remove_prefix(1);
    if (unit != "" && unit != "B" && unit != "b" && unit != "iB" && unit != "ib") return std::nullopt;
  }
  const double bytes = value * scale;
  if (bytes >= 18e18) return std::nullopt;  // beyond 64 bits
  return static_cast<std::uint64_t>(std::llround(bytes));
}

std::string formatMemorySize(std::uint64_t bytes) {
  static const char* const kUnits[] = {"KiB", "MiB", "GiB", "TiB"};
  if (bytes < 1024) return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
  double value = static_cast<double>(bytes) / 1024.0;
  int unit = 0;
  while (value >= 1024.0 && unit < 3) value /= 1024.0, ++unit;
  char text[32];
  // Whole units as "2 GiB", others with one decimal ("1.5 GiB").
  if (std::abs(value - std::round(value)) < 0.05) std::snprintf(text, sizeof text, "%.0f %s", std::round(value), kUnits[unit]);
  else std::snprintf(text, sizeof text, "%.1f %s", value, kUnits[unit]);
  return text;
}

ScopedImportWatch::ScopedImportWatch(ImportWatch& watch) : previous_(tCurrentWatch) { tCurrentWatch = &watch; }

ScopedImportWatch::~ScopedImportWatch() { tCurrentWatch = previous_; }

ImportWatch* currentImportWatch() { return tCurrentWatch; }

}  // namespace flexure
