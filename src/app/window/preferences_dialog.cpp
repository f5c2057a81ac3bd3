#include "window/preferences_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QSpinBox>

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
  return p;
}

}  // namespace flexure::app
