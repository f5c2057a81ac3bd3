#pragma once
// The property editor for the selected node's parameters (its slice of Ψ): one row per slot
// with a value editor bounded by the slot's bounds, the bounds themselves (empty = unbounded),
// a frozen toggle and a keyframe button that adds or removes a key of that parameter at the
// current time of the timeline (◆ keyed here, ◇ animated but not keyed here, + not animated).
// Every edit is an undo command (parameter_command.h; keys: timeline_edit_command.h); the
// window forwards it to the solver thread.
#include <QDockWidget>
#include <functional>
#include <string>
#include <vector>

#include "commands/node_field_command.h"
#include "commands/parameter_command.h"

class QCheckBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QToolButton;

namespace flexure {
class Node;
}

namespace flexure::app {

class SceneDocument;
class SceneSelection;

class ParameterPanel : public QDockWidget {
  Q_OBJECT

 public:
  ParameterPanel(SceneDocument& document, SceneSelection& selection, QWidget* parent = nullptr);

  // The editors of the shown parameters, in slot order (tests drive them).
  struct Row {
    int parameter = -1;  // index in Ψ
    QDoubleSpinBox* value = nullptr;
    QCheckBox* frozen = nullptr;
    QLineEdit* lower = nullptr;
    QLineEdit* upper = nullptr;
    QToolButton* key = nullptr;
    // The timeline track that would key this row (a quaternion's four rows share one), found
    // once per rebuild: refreshValues runs for every solver result.
    std::string keyTarget;
  };
  const std::vector<Row>& rows() const { return rows_; }
  // Editors of the node's simple non-parameter fields (node_field_command.h), in visit order:
  // QCheckBox (bool), QSpinBox (int), QDoubleSpinBox (double) or QLineEdit (string, and lists
  // of numbers as space-separated text, committed on editingFinished; a token that is not a
  // number is reported in fieldProblem() and leaves the node as it is).
  struct FieldRow {
    std::string name;
    QWidget* editor = nullptr;
  };
  const std::vector<FieldRow>& fieldRows() const { return fieldRows_; }
  // A quaternion rotate's rotation as degrees about an axis (issue 19): editing either pushes
  // the four quaternion slots as one undo step; the quaternion rows stay editable. Null
  // editors when the selected node is not a rotate.
  struct RotationEditors {
    QDoubleSpinBox* angle = nullptr;  // degrees, (-180, 180]
    QDoubleSpinBox* axis[3] = {nullptr, nullptr, nullptr};
  };
  const RotationEditors& rotationEditors() const { return rotation_; }
  // Why the last field edit was refused (empty otherwise).
  QString fieldProblem() const;
  double currentTime() const { return time_; }

  // The key state glyphs of the key buttons.
  static const QString kKeyedHere, kAnimated, kNotAnimated;

 public slots:
  // The timeline's playhead (seconds): where the key buttons add and remove keys.
  void setCurrentTime(double seconds);
  // Adds a key of row `row`'s parameter at the current time, or removes the key there.
  void toggleKey(int row);

 private:
  void rebuild();
  void refreshValues();
  void clearRows();
  void addRow(int k, int parameter);
  // Ψ entry `i` (the active node's) and the slot of that name of every other selected node.
  std::vector<int> sameSlotOnSelection(int i) const;
  // Applies `change` to each of those as one undo step `text`.
  void editOnSelection(int i, const QString& text, const std::function<void(ParameterState&)>& change);
  void addFieldRows(int firstRow);
  // The angle and axis rows of a rotate at grid row `row`; returns the next free row.
  int addRotationRows(int row);
  void editRotation();
  void refreshRotation();
  void editField(const std::string& name, const FieldValue& value);
  QWidget* listEditor(const std::string& name, const std::string& text, const FieldValue& current);
  void editBound(int parameter, QLineEdit* edit, bool upper);

  SceneDocument& document_;
  SceneSelection& selection_;
  QLabel* heading_;
  QGridLayout* grid_;
  std::vector<Row> rows_;
  std::vector<FieldRow> fieldRows_;
  RotationEditors rotation_;
  QLabel* fieldProblem_;
  std::vector<QWidget*> rowWidgets_;
  double time_ = 0.0;
  bool updating_ = false;
};

}  // namespace flexure::app
