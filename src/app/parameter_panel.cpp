#include "parameter_panel.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>
#include <cmath>

#include "flexure/core/scene.h"
#include "scene_document.h"
#include "scene_selection.h"

namespace flexure::app {
namespace {

// Spin boxes need finite limits; unbounded parameters get a range far beyond any model.
constexpr double kUnbounded = 1e9;

double finiteOr(double bound, double fallback) { return std::isfinite(bound) ? bound : fallback; }

}  // namespace

ParameterPanel::ParameterPanel(SceneDocument& document, SceneSelection& selection, QWidget* parent)
    : QDockWidget(tr("Parameters"), parent), document_(document), selection_(selection) {
  setObjectName("parameters");
  auto* content = new QWidget;
  auto* layout = new QVBoxLayout(content);
  heading_ = new QLabel(content);
  heading_->setWordWrap(true);
  layout->addWidget(heading_);
  grid_ = new QGridLayout;
  grid_->setColumnStretch(1, 1);
  layout->addLayout(grid_);
  layout->addStretch(1);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  setWidget(scroll);

  connect(&selection_, &SceneSelection::selectionChanged, this, &ParameterPanel::rebuild);
  connect(&document_, &SceneDocument::sceneAboutToBeReplaced, this, &ParameterPanel::clearRows);
  connect(&document_, &SceneDocument::sceneReplaced, this, &ParameterPanel::rebuild);
  connect(&document_, &SceneDocument::sceneEdited, this, &ParameterPanel::refreshValues);
  rebuild();
}

void ParameterPanel::clearRows() {
  for (QWidget* w : rowWidgets_) delete w;
  rowWidgets_.clear();
  rows_.clear();
}

void ParameterPanel::rebuild() {
  clearRows();
  const Node* node = selection_.current();
  if (!node) {
    heading_->setText(tr("Select a node in the outliner to edit its parameters."));
    return;
  }
  heading_->setText(tr("<b>%1</b> (%2)").arg(QString::fromStdString(node->name()),
                                             QString::fromUtf8(node->type().data(), static_cast<int>(node->type().size()))));
  if (node->paramCount() == 0) heading_->setText(heading_->text() + tr("<br>No parameters."));
  ParameterTable& table = document_.scene().parameters();
  for (int k = 0; k < node->paramCount(); ++k) {
    const int i = node->paramOffset() + k;
    const ParameterInfo& info = table.info(i);
    auto* label = new QLabel(QString::fromStdString(info.slot));
    auto* value = new QDoubleSpinBox;
    value->setDecimals(4);
    value->setRange(finiteOr(info.lower, -kUnbounded), finiteOr(info.upper, kUnbounded));
    value->setSingleStep(0.05);
    value->setKeyboardTracking(false);  // one edit per Enter/focus change, not per keystroke
    value->setValue(table.value(i));
    value->setToolTip(QString::fromStdString(info.qualifiedName()));
    auto* frozen = new QCheckBox(tr("frozen"));
    frozen->setChecked(info.frozen);
    frozen->setToolTip(tr("Solvers leave frozen parameters where they are"));
    grid_->addWidget(label, k, 0);
    grid_->addWidget(value, k, 1);
    grid_->addWidget(frozen, k, 2);
    rowWidgets_.insert(rowWidgets_.end(), {label, value, frozen});
    rows_.push_back({i, value, frozen});

    connect(value, &QDoubleSpinBox::valueChanged, this, [this, i](double v) {
      if (updating_) return;
      document_.scene().parameters().setValue(i, v);
      document_.notifySceneEdited();
    });
    connect(frozen, &QCheckBox::toggled, this, [this, i](bool on) {
      if (updating_) return;
      document_.scene().parameters().setFrozen(i, on);
      document_.setModified(true);
    });
  }
}

void ParameterPanel::refreshValues() {
  // After an edit elsewhere (a solver step, another editor), show the new values.
  const ParameterTable& table = document_.scene().parameters();
  updating_ = true;
  for (const Row& row : rows_) {
    if (row.parameter >= table.size()) continue;
    if (!row.value->hasFocus()) row.value->setValue(table.value(row.parameter));
    row.frozen->setChecked(table.isFrozen(row.parameter));
  }
  updating_ = false;
}

}  // namespace flexure::app
