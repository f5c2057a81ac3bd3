#include "window/app_settings.h"

#include <QMainWindow>
#include <QSettings>
#include <algorithm>

namespace flexure::app {

namespace {
const char* const kAutosaveKey = "preferences/autosaveIntervalSeconds";
const char* const kShadingKey = "preferences/defaultShading";
const char* const kRecentKey = "preferences/recentFilesCount";
const char* const kAntialiasingKey = "preferences/viewportAntialiasing";
const char* const kImportMemoryKey = "preferences/importMemoryMiB";
const char* const kImportSecondsKey = "preferences/importSeconds";
const char* const kGeometryKey = "window/geometry";
const char* const kStateKey = "window/state";
// Bumped when the set of dock widgets changes incompatibly: QMainWindow::restoreState then
// refuses an old layout instead of misplacing panels.
constexpr int kWindowStateVersion = 1;
}  // namespace

Preferences Preferences::load() {
  const QSettings settings;
  const Preferences defaults;
  Preferences p;
  p.autosaveIntervalSeconds = std::clamp(settings.value(kAutosaveKey, defaults.autosaveIntervalSeconds).toInt(),
                                         kMinAutosaveSeconds, kMaxAutosaveSeconds);
  p.defaultShading = std::clamp(settings.value(kShadingKey, defaults.defaultShading).toInt(), 0, 2);
  p.recentFilesCount = std::clamp(settings.value(kRecentKey, defaults.recentFilesCount).toInt(), 1, kMaxRecentFiles);
  const int samples = settings.value(kAntialiasingKey, defaults.viewportAntialiasing).toInt();
  p.viewportAntialiasing =
      samples == kAntialiasAutomatic || isViewportSampleCount(samples) ? samples : defaults.viewportAntialiasing;
  p.importMemoryMiB = std::clamp(settings.value(kImportMemoryKey, defaults.importMemoryMiB).toInt(), 0, kMaxImportMemoryMiB);
  p.importSeconds = std::clamp(settings.value(kImportSecondsKey, defaults.importSeconds).toInt(), 0, kMaxImportSeconds);
  return p;
}

void Preferences::store() const {
  QSettings settings;
  settings.setValue(kAutosaveKey, autosaveIntervalSeconds);
  settings.setValue(kShadingKey, defaultShading);
  settings.setValue(kRecentKey, recentFilesCount);
  settings.setValue(kAntialiasingKey, viewportAntialiasing);
  settings.setValue(kImportMemoryKey, importMemoryMiB);
  settings.setValue(kImportSecondsKey, importSeconds);
}

void saveWindowLayout(const QMainWindow& window) {
  QSettings settings;
  settings.setValue(kGeometryKey, window.saveGeometry());
  settings.setValue(kStateKey, window.saveState(kWindowStateVersion));
}

bool restoreWindowLayout(QMainWindow& window) {
  const QSettings settings;
  const QByteArray geometry = settings.value(kGeometryKey).toByteArray();
  const QByteArray state = settings.value(kStateKey).toByteArray();
  if (geometry.isEmpty() && state.isEmpty()) return false;
  const bool placed = geometry.isEmpty() || window.restoreGeometry(geometry);
  const bool docked = state.isEmpty() || window.restoreState(state, kWindowStateVersion);
  return placed && docked;
}

}  // namespace flexure::app
