#include "panels/parameter_panel.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSpinBox>
#include <QUndoStack>
#include <QToolButton>
#include <QVBoxLayout>
#include <array>
#include <cmath>
#include <limits>

#include "commands/parameter_command.h"
#include "panels/spin_box_range.h"
#include "commands/timeline_edit_command.h"
#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/anim/track_binding.h"
#include "flexure/core/scene.h"

namespace flexure::app {
namespace {

// Spin boxes need finite limits; unbounded parameters get a range far beyond any model.
constexpr double kUnbounded = 1e9;
constexpr double kInf = std::numeric_limits<double>::infinity();

double finiteOr(double bound, double fallback) { return std::isfinite(bound) ? bound : fallback; }

// One arrow click moves a parameter by about a hundredth of its range, or a tenth of its
// magnitude when unbounded, rounded down to a power of ten (0.01, 0.1, 1 ...).
double stepFor(double value, double lower, double upper) {
  const double scale = std::isfinite(lower) && std::isfinite(upper) && upper > lower ? (upper - lower) / 10.0
                                                                                      : std::max(std::abs(value), 0.1);
  return std::pow(10.0, std::floor(std::log10(scale)) - 1.0);
}

QString boundText(double bound) { return std::isfinite(bound) ? QString::number(bound, 'g', 10) : QString(); }

// The keyframe target of one Ψ entry: the entry itself, or for one of the four slots of a
// rotation, the quaternion as a whole (keyed and interpolated together, by slerp).
struct KeySlot {
  std::string target;
  TrackKind kind = TrackKind::Scalar;
  std::array<int, 4> entries{-1, -1, -1, -1};
};

KeySlot keySlotOf(const Scene& scene, int index) {
  const ParameterTable& table = scene.parameters();
  const std::string name = table.info(index).qualifiedName();
  if (const auto quat = findQuaternionSlots(scene, name))
    return {table.info((*quat)[0]).qualifiedName(), TrackKind::Quaternion, *quat};
  return {name, TrackKind::Scalar, {index, -1, -1, -1}};
}

}  // namespace

const QString ParameterPanel::kKeyedHere = QStringLiteral("◆");
const QString ParameterPanel::kAnimated = QStringLiteral("◇");
const QString ParameterPanel::kNotAnimated = QStringLiteral("+");

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
  grid_->setHorizontalSpacing(4);
  layout->addLayout(grid_);
  fieldProblem_ = new QLabel(content);
  fieldProblem_->setWordWrap(true);
  fieldProblem_->setStyleSheet("color: #b03030");
  fieldProblem_->hide();
  layout->addWidget(fieldProblem_);
  layout->addStretch(1);
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setMinimumHeight(230);  // a rotation's four rows and a bit, beside the solver panel
  setWidget(scroll);

  connect(&selection_, &SceneSelection::selectionChanged, this, &ParameterPanel::rebuild);
  connect(&document_, &SceneDocument::sceneAboutToBeReplaced, this, &ParameterPanel::clearRows);
  connect(&document_, &SceneDocument::sceneReplaced, this, &ParameterPanel::rebuild);
  connect(&document_, &SceneDocument::structureAboutToChange, this, &ParameterPanel::clearRows);
  connect(&document_, &SceneDocument::structureChanged, this, &ParameterPanel::rebuild);
  connect(&document_, &SceneDocument::sceneEdited, this, &ParameterPanel::refreshValues);
  rebuild();
}

void ParameterPanel::clearRows() {
  // Later, not now: the editor whose signal caused a rebuild may still be on the stack.
  for (QWidget* w : rowWidgets_) {
    w->hide();
    grid_->removeWidget(w);
    w->deleteLater();
  }
  rowWidgets_.clear();
  rows_.clear();
  fieldRows_.clear();
  rotation_ = {};
}

void ParameterPanel::rebuild() {
  clearRows();
  fieldProblem_->clear();
  fieldProblem_->hide();
  const Node* node = selection_.current();
  if (!node) {
    heading_->setText(tr("Select a node in the outliner to edit its parameters."));
    return;
  }
  heading_->setText(tr("<b>%1</b> (%2)").arg(QString::fromStdString(node->name()),
                                             QString::fromUtf8(node->type().data(), static_cast<int>(node->type().size()))));
  if (node->paramCount() == 0) heading_->setText(heading_->text() + tr("<br>No parameters."));
  int nextRow = node->paramCount() + 1;
  if (node->type() == "rotate" && node->paramCount() == 4) nextRow = addRotationRows(nextRow);
  addFieldRows(nextRow);
  if (node->paramCount() == 0) return;
  const char* headers[] = {"", "value", "min", "max", "frozen", "key"};
  for (int c = 0; c < 6; ++c) {
    auto* h = new QLabel(tr(headers[c]));
    h->setStyleSheet("color: gray");
    grid_->addWidget(h, 0, c);
    rowWidgets_.push_back(h);
  }
  for (int k = 0; k < node->paramCount(); ++k) addRow(k, node->paramOffset() + k);
  refreshValues();
}

void ParameterPanel::addRow(int k, int i) {
  const ParameterTable& table = document_.scene().parameters();
  const ParameterInfo& info = table.info(i);
  auto* label = new QLabel(QString::fromStdString(info.slot));
  auto* value = new QDoubleSpinBox;
  value->setDecimals(4);
  value->setRange(finiteOr(info.lower, -kUnbounded), finiteOr(info.upper, kUnbounded));
  value->setSingleStep(stepFor(table.value(i), info.lower, info.upper));
  value->setKeyboardTracking(false);  // one edit per Enter/arrow/focus change, not per keystroke
  value->setToolTip(QString::fromStdString(info.qualifiedName()));
  // Take the room that is left instead of asking for room for ±1e9 (narrow docks).
  value->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
  value->setMinimumWidth(72);
  auto* lower = new QLineEdit;
  auto* upper = new QLineEdit;
  for (QLineEdit* e : {lower, upper}) {
    e->setMaximumWidth(52);
    e->setToolTip(tr("Bound (empty: unbounded)"));
  }
  lower->setPlaceholderText(QStringLiteral("−∞"));
  upper->setPlaceholderText(QStringLiteral("+∞"));
  auto* frozen = new QCheckBox;
  frozen->setToolTip(tr("Solvers leave frozen parameters where they are"));
  auto* key = new QToolButton;
  key->setAutoRaise(true);
  const int row = k + 1;
  grid_->addWidget(label, row, 0);
  grid_->addWidget(value, row, 1);
  grid_->addWidget(lower, row, 2);
  grid_->addWidget(upper, row, 3);
  grid_->addWidget(frozen, row, 4);
  grid_->addWidget(key, row, 5);
  rowWidgets_.insert(rowWidgets_.end(), {label, value, lower, upper, frozen, key});
  rows_.push_back({i, value, frozen, lower, upper, key, keySlotOf(document_.scene(), i).target});

  const QString name = QString::fromStdString(info.qualifiedName());
  // An edit applies to the slot of that name of every other selected node too (issue 27, as
  // Blender does with Alt), as one undo step.
  connect(value, &QDoubleSpinBox::valueChanged, this, [this, i, name](double v) {
    if (updating_) return;
    editOnSelection(i, tr("Set %1").arg(name), [v](ParameterState& s) { s.value = v; });
  });
  connect(frozen, &QCheckBox::toggled, this, [this, i, name](bool on) {
    if (updating_) return;
    editOnSelection(i, on ? tr("Freeze %1").arg(name) : tr("Unfreeze %1").arg(name),
                    [on](ParameterState& s) { s.frozen = on; });
  });
  connect(lower, &QLineEdit::editingFinished, this, [this, i, lower] { editBound(i, lower, false); });
  connect(upper, &QLineEdit::editingFinished, this, [this, i, upper] { editBound(i, upper, true); });
  connect(key, &QToolButton::clicked, this, [this, k] { toggleKey(k); });
}

std::vector<int> ParameterPanel::sameSlotOnSelection(int i) const {
  const ParameterTable& table = document_.scene().parameters();
  std::vector<int> out{i};
  const Node* active = selection_.current();
  if (!active) return out;
  const std::string& slot = table.info(i).slot;
  for (const Node* n : selection_.nodes())
    if (n != active)  // every other selected node that has a slot of that name (a tube's and a cylinder's radius)
      if (const int j = table.find(n->name() + "." + slot); j >= 0) out.push_back(j);
  return out;
}

void ParameterPanel::editOnSelection(int i, const QString& text, const std::function<void(ParameterState&)>& change) {
  const std::vector<int> targets = sameSlotOnSelection(i);
  QUndoStack& stack = document_.undoStack();
  if (targets.size() > 1) stack.beginMacro(tr("%1 on %2 parts").arg(text).arg(targets.size()));
  for (int j : targets) {
    ParameterState s = ParameterState::of(document_.scene().parameters(), j);
    change(s);
    pushParameterEdit(document_, j, s, text);
  }
  if (targets.size() > 1) stack.endMacro();
}

void ParameterPanel::addFieldRows(int firstRow) {
  Node* node = selection_.current() ? document_.scene().find(selection_.current()->name()) : nullptr;
  if (!node) return;
  const std::vector<SimpleField> fields = simpleFieldsOf(*node);
  int row = firstRow;
  if (!fields.empty()) {
    auto* title = new QLabel(tr("<b>Fields</b>"));
    grid_->addWidget(title, row++, 0, 1, 6);
    rowWidgets_.push_back(title);
  }
  for (const SimpleField& f : fields) {
    const std::string name = f.name;
    auto* label = new QLabel(QString::fromStdString(name));
    QWidget* editor = nullptr;
    if (const bool* b = std::get_if<bool>(&f.value)) {
      auto* box = new QCheckBox;
      box->setChecked(*b);
      connect(box, &QCheckBox::toggled, this, [this, name](bool on) { editField(name, on); });
      editor = box;
    } else if (const int* n = std::get_if<int>(&f.value)) {
      auto* spin = new QSpinBox;
      spin->setRange(-1000000, 1000000);
      spin->setValue(*n);
      spin->setKeyboardTracking(false);
      connect(spin, &QSpinBox::valueChanged, this, [this, name](int v) { editField(name, v); });
      editor = spin;
    } else if (const double* d = std::get_if<double>(&f.value)) {
      auto* spin = new QDoubleSpinBox;
      spin->setDecimals(6);
      spin->setRange(-kUnbounded, kUnbounded);
      spin->setSingleStep(stepFor(*d, -kInf, kInf));
      spin->setValue(*d);
      spin->setKeyboardTracking(false);
      connect(spin, &QDoubleSpinBox::valueChanged, this, [this, name](double v) { editField(name, v); });
      editor = spin;
    } else if (const std::string* text = std::get_if<std::string>(&f.value)) {
      auto* edit = new QLineEdit(QString::fromStdString(*text));
      connect(edit, &QLineEdit::editingFinished, this,
              [this, name, edit] { editField(name, edit->text().toStdString()); });
      editor = edit;
    } else if (const auto* reals = std::get_if<std::vector<double>>(&f.value)) {
      editor = listEditor(name, formatNumberList(*reals), f.value);
    } else if (const auto* integers = std::get_if<std::vector<int>>(&f.value)) {
      editor = listEditor(name, formatNumberList(*integers), f.value);
    }
    if (!editor) continue;
    grid_->addWidget(label, row, 0);
    grid_->addWidget(editor, row, 1, 1, 4);
    rowWidgets_.insert(rowWidgets_.end(), {label, editor});
    fieldRows_.push_back({name, editor});
    ++row;
  }
}

int ParameterPanel::addRotationRows(int row) {
  auto* title = new QLabel(tr("<b>Rotation</b> (degrees about an axis)"));
  grid_->addWidget(title, row++, 0, 1, 6);
  auto* angleLabel = new QLabel(tr("angle °"));
  rotation_.angle = new QDoubleSpinBox;
  rotation_.angle->setDecimals(3);
  rotation_.angle->setRange(-360.0, 360.0);
  rotation_.angle->setSingleStep(5.0);
  rotation_.angle->setKeyboardTracking(false);
  rotation_.angle->setToolTip(tr("Rotation angle about the axis, in degrees"));
  grid_->addWidget(angleLabel, row, 0);
  grid_->addWidget(rotation_.angle, row++, 1, 1, 4);
  auto* axisLabel = new QLabel(tr("axis"));
  auto* axisBox = new QWidget;
  auto* axisLayout = new QHBoxLayout(axisBox);
  axisLayout->setContentsMargins(0, 0, 0, 0);
  const double initial[3] = {0.0, 0.0, 1.0};
  for (int k = 0; k < 3; ++k) {
    auto* spin = new QDoubleSpinBox;
    spin->setDecimals(4);
    spin->setRange(-1e6, 1e6);
    spin->setSingleStep(0.1);
    spin->setKeyboardTracking(false);
    spin->setValue(initial[k]);
    spin->setToolTip(tr("Axis %1 component (any length; normalized)").arg(QLatin1Char("xyz"[k])));
    spin->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
    axisLayout->addWidget(spin);
    rotation_.axis[k] = spin;
    connect(spin, &QDoubleSpinBox::valueChanged, this, [this] { editRotation(); });
  }
  grid_->addWidget(axisLabel, row, 0);
  grid_->addWidget(axisBox, row++, 1, 1, 4);
  connect(rotation_.angle, &QDoubleSpinBox::valueChanged, this, [this] { editRotation(); });
  rowWidgets_.insert(rowWidgets_.end(), {title, angleLabel, rotation_.angle, axisLabel, axisBox});
  return row;
}

void ParameterPanel::editRotation() {
  if (updating_ || !rotation_.angle) return;
  const Node* node = selection_.current();
  if (!node || node->paramCount() != 4) return;
  const Vec3d axis(rotation_.axis[0]->value(), rotation_.axis[1]->value(), rotation_.axis[2]->value());
  if (norm(axis) < 1e-12) return;  // no direction: keep the rotation as it is
  constexpr double kPi = 3.14159265358979323846;
  const Quatd q = Quatd::fromAxisAngle(axis, rotation_.angle->value() * kPi / 180.0);
  // The four slots as one undo step; only they change (the solver's moves elsewhere stay).
  const QString text = tr("Rotate %1 by %2° about (%3, %4, %5)")
                           .arg(QString::fromStdString(node->name()))
                           .arg(rotation_.angle->value())
                           .arg(axis.x)
                           .arg(axis.y)
                           .arg(axis.z);
  const double values[4] = {q.w, q.x, q.y, q.z};
  QUndoStack& stack = document_.undoStack();
  stack.beginMacro(text);
  for (int k = 0; k < 4; ++k) {
    const int index = node->paramOffset() + k;
    ParameterState s = ParameterState::of(document_.scene().parameters(), index);
    s.value = values[k];
    pushParameterEdit(document_, index, s, text);
  }
  stack.endMacro();
}

void ParameterPanel::refreshRotation() {
  const Node* node = selection_.current();
  if (!rotation_.angle || !node || node->paramCount() != 4) return;
  const ParameterTable& table = document_.scene().parameters();
  const int o = node->paramOffset();
  if (o + 3 >= table.size()) return;
  const Quatd q = normalized(Quatd(table.value(o), table.value(o + 1), table.value(o + 2), table.value(o + 3)));
  const Vec3d v(q.x, q.y, q.z);
  const double s = norm(v);
  // q = (cos θ/2, sin θ/2 · axis): θ = 2 atan2(|v|, w), shown in (-180°, 180°].
  double degrees = 2.0 * std::atan2(s, q.w) * 180.0 / 3.14159265358979323846;
  if (degrees > 180.0) degrees -= 360.0;
  if (!rotation_.angle->hasFocus()) setValueIfChanged(*rotation_.angle, degrees);
  if (s > 1e-12)  // at identity any axis holds: keep the one shown
    for (int k = 0; k < 3; ++k)
      if (!rotation_.axis[k]->hasFocus()) setValueIfChanged(*rotation_.axis[k], (k == 0 ? v.x : k == 1 ? v.y : v.z) / s);
}

QWidget* ParameterPanel::listEditor(const std::string& name, const std::string& text, const FieldValue& current) {
  auto* edit = new QLineEdit(QString::fromStdString(text));
  edit->setToolTip(std::holds_alternative<std::vector<int>>(current) ? tr("Integers separated by spaces")
                                                                     : tr("Numbers separated by spaces"));
  connect(edit, &QLineEdit::editingFinished, this, [this, name, edit, current] {
    if (updating_) return;
    FieldValue value;
    QString problem;
    if (!parseNumberList(name, edit->text().toStdString(), current, value, problem)) {
      // The node is not touched; the typed text stays so the offending token can be fixed.
      fieldProblem_->setText(problem);
      fieldProblem_->show();
      return;
    }
    editField(name, value);
  });
  return edit;
}

void ParameterPanel::editField(const std::string& name, const FieldValue& value) {
  if (updating_) return;
  const Node* selected = selection_.current();
  Node* node = selected ? document_.scene().find(selected->name()) : nullptr;
  if (!node) return;
  const QString problem = pushNodeFieldEdit(document_, *node, name, value);
  if (!problem.isEmpty()) rebuild();  // show the value the node kept
  fieldProblem_->setText(problem);
  fieldProblem_->setVisible(!problem.isEmpty());
}

QString ParameterPanel::fieldProblem() const { return fieldProblem_->text(); }

void ParameterPanel::editBound(int i, QLineEdit* edit, bool isUpper) {
  if (updating_) return;
  ParameterState s = ParameterState::of(document_.scene().parameters(), i);
  const QString text = edit->text().trimmed();
  bool ok = true;
  const double bound = text.isEmpty() ? (isUpper ? kInf : -kInf) : text.toDouble(&ok);
  (isUpper ? s.upper : s.lower) = bound;
  if (!ok || !(s.lower <= s.upper)) {  // not a number, or an empty interval: show what holds
    refreshValues();
    return;
  }
  const QString name = QString::fromStdString(document_.scene().parameters().info(i).qualifiedName());
  pushParameterEdit(document_, i, s, tr("Set bounds of %1").arg(name));
}

void ParameterPanel::setCurrentTime(double seconds) {
  if (time_ == seconds) return;
  time_ = seconds;
  refreshValues();
}

void ParameterPanel::toggleKey(int row) {
  if (row < 0 || row >= static_cast<int>(rows_.size())) return;
  const Scene& scene = document_.scene();
  const KeySlot slot = keySlotOf(scene, rows_[static_cast<std::size_t>(row)].parameter);
  TimelineSettings timeline = timelineOf(scene);
  Track* existing = timeline.findTrack(slot.target);
  const QString target = QString::fromStdString(slot.target);
  if (existing && existing->keyIndexAt(time_) >= 0) {
    existing->removeKeyAt(time_);
    if (existing->keys.empty())
      timeline.tracks.erase(timeline.tracks.begin() + (existing - timeline.tracks.data()));
    pushTimelineEdit(document_, tr("Delete key of %1").arg(target), std::move(timeline));
    return;
  }
  Track& track = timeline.trackFor(slot.target, slot.kind);
  Keyframe key;
  key.time = time_;
  const ParameterTable& table = scene.parameters();
  if (slot.kind == TrackKind::Quaternion)
    key.rotation = Quatd(table.value(slot.entries[0]), table.value(slot.entries[1]), table.value(slot.entries[2]),
                         table.value(slot.entries[3]));
  else
    key.value = table.value(slot.entries[0]);
  track.setKey(key);
  pushTimelineEdit(document_, tr("Key %1").arg(target), std::move(timeline));
}

void ParameterPanel::refreshValues() {
  // After an edit elsewhere (a solver step, another editor, undo), show what the document holds.
  const Scene& scene = document_.scene();
  const ParameterTable& table = scene.parameters();
  const TimelineSettings& timeline = timelineOf(scene);
  updating_ = true;
  for (const Row& row : rows_) {
    if (row.parameter >= table.size()) continue;
    const ParameterInfo& info = table.info(row.parameter);
    setRangeIfChanged(*row.value, finiteOr(info.lower, -kUnbounded), finiteOr(info.upper, kUnbounded));
    if (!row.value->hasFocus()) setValueIfChanged(*row.value, table.value(row.parameter));
    if (row.frozen->isChecked() != info.frozen) row.frozen->setChecked(info.frozen);
    if (!row.lower->hasFocus()) setTextIfChanged(*row.lower, boundText(info.lower));
    if (!row.upper->hasFocus()) setTextIfChanged(*row.upper, boundText(info.upper));
    const Track* track = timeline.findTrack(row.keyTarget);
    const bool here = track && track->keyIndexAt(time_) >= 0;
    setTextIfChanged(*row.key, here ? kKeyedHere : track ? kAnimated : kNotAnimated);
    setToolTipIfChanged(*row.key, here    ? tr("Keyed at %1 s: click to delete the key").arg(time_)
                                  : track ? tr("Animated: click to key the current value at %1 s").arg(time_)
                                          : tr("Click to key the current value at %1 s").arg(time_));
  }
  refreshRotation();
  updating_ = false;
}

}  // namespace flexure::app
