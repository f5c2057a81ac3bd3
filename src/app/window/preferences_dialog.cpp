#include "window/preferences_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QSpinBox>
#include <algorithm>

namespace flexure::app {

PreferencesDialog::PreferencesDialog(const Preferences& current, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Preferences"));
  auto* form = new QFormLayout(this);

  autosave_ = new QSpinBox(this);
  autosave_->setRange(Preferences::kMinAutosaveSeconds, Preferences::kMaxAutosaveSeconds);
  autosave_->setSuffix(tr(" s"));
  autosave_->setValue(current.autosaveIntervalSeconds);
  autosave_->setToolTip(tr("How often a document with unsaved changes is copied to the recovery folder"));
  form->addRow(tr("&Autosave every:"), autosave_);

  shading_ = new QComboBox(this);
  shading_->addItems({tr("Shaded"), tr("Wireframe"), tr("Shaded + Wireframe")});  // ShadingMode order
  shading_->setCurrentIndex(current.defaultShading);
  form->addRow(tr("Default &shading:"), shading_);

  recent_ = new QSpinBox(this);
  recent_->setRange(1, Preferences::kMaxRecentFiles);
  recent_->setValue(current.recentFilesCount);
  form->addRow(tr("&Recent files kept:"), recent_);

  antialiasing_ = new QComboBox(this);
  antialiasing_->addItem(tr("Automatic (4×; off under software OpenGL)"), -1);
  antialiasing_->addItem(tr("Off"), 0);
  antialiasing_->addItem(tr("2× multisampling"), 2);
  antialiasing_->addItem(tr("4× multisampling"), 4);
  antialiasing_->addItem(tr("8× multisampling"), 8);
  antialiasing_->setCurrentIndex(std::max(0, antialiasing_->findData(current.viewportAntialiasing)));
  antialiasing_->setToolTip(tr("Smooths the viewport's edges. A software rasterizer (llvmpipe, as in virtual machines "
                               "and remote desktops) computes every sample on the CPU, where 4× costs frame rate. "
                               "Takes effect the next time Flexure starts."));
  form->addRow(tr("Viewport &anti-aliasing:"), antialiasing_);

  // What the child process that reads a mesh file through assimp may take before it is stopped
  // with an error naming the file (issue 28: some malformed files make it allocate without end).
  importMemory_ = new QSpinBox(this);
  importMemory_->setRange(0, Preferences::kMaxImportMemoryMiB);
  importMemory_->setSingleStep(256);
  importMemory_->setSuffix(tr(" MiB"));
  importMemory_->setSpecialValueText(tr("no limit"));
  importMemory_->setValue(current.importMemoryMiB);
  importMemory_->setToolTip(tr("Memory a mesh import (STL, PLY, glTF, FBX, Collada, 3DS) may take; default %1 MiB, a "
                               "quarter of this machine's memory, at most 2 GiB")
                                .arg(Preferences::defaultImportMemoryMiB()));
  form->addRow(tr("Import &memory limit:"), importMemory_);
  importSeconds_ = new QSpinBox(this);
  importSeconds_->setRange(0, Preferences::kMaxImportSeconds);
  importSeconds_->setSuffix(tr(" s"));
  importSeconds_->setSpecialValueText(tr("no limit"));
  importSeconds_->setValue(current.importSeconds);
  importSeconds_->setToolTip(tr("Time a mesh import may take before it is stopped"));
  form->addRow(tr("Import &time limit:"), importSeconds_);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
}

Preferences PreferencesDialog::preferences() const {
  Preferences p;
  p.autosaveIntervalSeconds = autosave_->value();
  p.defaultShading = shading_->currentIndex();
  p.recentFilesCount = recent_->value();
  p.viewportAntialiasing = antialiasing_->currentData().toInt();
  p.importMemoryMiB = importMemory_->value();
  p.importSeconds = importSeconds_->value();
  return p;
}

}  // namespace flexure::app
