#pragma once
// The user's preferences and the window layout, kept in QSettings (per user; GUI tests run in
// QStandardPaths test mode, so they never touch the user's). Edited in the preferences dialog
// (preferences_dialog.h) and applied live by the main window.
#include <QByteArray>

#include "flexure/interchange/import_limits.h"
#include "viewport/gl_format.h"

class QMainWindow;

namespace flexure::app {

struct Preferences {
  int autosaveIntervalSeconds = 60;  // how often a modified document is autosaved
  int defaultShading = 0;            // flexure::ShadingMode of new windows
  int recentFilesCount = 10;         // entries kept in File → Open Recent
  // Samples of the viewport's picture (viewport/gl_format.h): -1 automatic (4 on a GPU, none
  // under a software rasterizer), or 0 (off), 2, 4, 8. Read when a window is made.
  int viewportAntialiasing = kAntialiasAutomatic;
  // What a mesh read through assimp may take (flexure/interchange/import_limits.h): memory in
  // MiB and wall-clock seconds, 0 for no limit. Defaults: a quarter of the machine's memory (at
  // most 2 GiB) and 60 s.
  int importMemoryMiB = defaultImportMemoryMiB();
  int importSeconds = static_cast<int>(kDefaultImportSeconds);

  static constexpr int kMinAutosaveSeconds = 5;
  static constexpr int kMaxAutosaveSeconds = 3600;
  static constexpr int kMaxRecentFiles = 30;
  static constexpr int kMaxImportMemoryMiB = 1 << 20;  // 1 TiB
  static constexpr int kMaxImportSeconds = 24 * 3600;

  static int defaultImportMemoryMiB() { return static_cast<int>(defaultMeshImportLimits().memoryBytes >> 20); }
  MeshImportLimits importLimits() const {
    return {static_cast<std::uint64_t>(importMemoryMiB) << 20, static_cast<double>(importSeconds)};
  }

  // Stored values, clamped to their ranges; defaults for what was never stored.
  static Preferences load();
  void store() const;
  bool operator==(const Preferences&) const = default;
};

// Window geometry and the dock layout (QMainWindow::saveGeometry/saveState). Restoring returns
// false when nothing was stored yet or the stored layout does not fit this build's panels.
void saveWindowLayout(const QMainWindow& window);
bool restoreWindowLayout(QMainWindow& window);

}  // namespace flexure::app
