#include "document/mesh_import_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QPushButton>

namespace flexure::app {

namespace {

void fillAxes(QComboBox* box, bool withNone) {
  if (withNone) box->addItem(QObject::tr("as in the file (no rotation)"), static_cast<int>(Axis::None));
  box->addItem("X", static_cast<int>(Axis::X));
  box->addItem("Y", static_cast<int>(Axis::Y));
  box->addItem("Z", static_cast<int>(Axis::Z));
}

void selectAxis(QComboBox* box, Axis axis) {
  const int i = box->findData(static_cast<int>(axis));
  if (i >= 0) box->setCurrentIndex(i);
}

Axis selectedAxis(const QComboBox* box) { return static_cast<Axis>(box->currentData().toInt()); }

}  // namespace

MeshImportDialog::MeshImportDialog(const QString& fileName, const MeshImportOptions& defaults, QWidget* parent)
    : QDialog(parent) {
  setWindowTitle(tr("Import %1").arg(fileName));
  auto* form = new QFormLayout(this);
  scale_ = new QDoubleSpinBox(this);
  scale_->setDecimals(6);
  scale_->setRange(1e-6, 1e6);
  scale_->setToolTip(tr("File units to scene units: 0.001 reads millimetres as metres"));
  form->addRow(tr("Scale"), scale_);
  fileUp_ = new QComboBox(this);
  fillAxes(fileUp_, true);
  form->addRow(tr("File's up axis"), fileUp_);
  sceneUp_ = new QComboBox(this);
  fillAxes(sceneUp_, false);
  form->addRow(tr("Scene's up axis"), sceneUp_);
  form->addRow(new QLabel(tr("The file's up axis is turned onto the scene's by a quarter turn."), this));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  buttons->button(QDialogButtonBox::Ok)->setText(tr("Import"));
  form->addRow(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(fileUp_, &QComboBox::currentIndexChanged, this,
          [this] { sceneUp_->setEnabled(selectedAxis(fileUp_) != Axis::None); });
  setOptions(defaults);
}

MeshImportOptions MeshImportDialog::options() const {
  MeshImportOptions o;
  o.scale = scale_->value();
  o.fileUp = selectedAxis(fileUp_);
  o.sceneUp = selectedAxis(sceneUp_);
  return o;
}

void MeshImportDialog::setOptions(const MeshImportOptions& options) {
  scale_->setValue(options.scale);
  selectAxis(fileUp_, options.fileUp);
  selectAxis(sceneUp_, options.sceneUp == Axis::None ? Axis::Z : options.sceneUp);
  sceneUp_->setEnabled(options.fileUp != Axis::None);
}

}  // namespace flexure::app
