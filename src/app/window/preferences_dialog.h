#pragma once
// Edit → Preferences: autosave interval, the shading of new windows, the length of the recent
// files list, the viewport's anti-aliasing (read when a window is made), and what a mesh import may
// take (memory, time: flexure/interchange/import_limits.h). OK stores them (app_settings.h); the window applies them at once.
#include <QDialog>

#include "window/app_settings.h"

class QComboBox;
class QSpinBox;

namespace flexure::app {

class PreferencesDialog : public QDialog {
  Q_OBJECT

 public:
  explicit PreferencesDialog(const Preferences& current, QWidget* parent = nullptr);
  // What the controls say now.
  Preferences preferences() const;

  QSpinBox* autosaveSpin() const { return autosave_; }
  QComboBox* shadingCombo() const { return shading_; }
  QSpinBox* recentSpin() const { return recent_; }
  QComboBox* antialiasingCombo() const { return antialiasing_; }
  QSpinBox* importMemorySpin() const { return importMemory_; }
  QSpinBox* importSecondsSpin() const { return importSeconds_; }

 private:
  QSpinBox* autosave_ = nullptr;
  QComboBox* shading_ = nullptr;
  QSpinBox* recent_ = nullptr;
  QComboBox* antialiasing_ = nullptr;
  QSpinBox* importMemory_ = nullptr;
  QSpinBox* importSeconds_ = nullptr;
};

}  // namespace flexure::app
