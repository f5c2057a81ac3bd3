#pragma once
// The property editor for the selected node's parameters (its slice of Ψ): one row per slot
// with a value editor bounded by the slot's bounds and a frozen toggle. Edits go straight to
// the document's ParameterTable and are announced with SceneDocument::notifySceneEdited (undo
// commands come with issue 7).
#include <QDockWidget>
#include <vector>

class QCheckBox;
class QDoubleSpinBox;
class QGridLayout;
class QLabel;

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
  };
  const std::vector<Row>& rows() const { return rows_; }

 private:
  void rebuild();
  void refreshValues();
  void clearRows();

  SceneDocument& document_;
  SceneSelection& selection_;
  QLabel* heading_;
  QGridLayout* grid_;
  std::vector<Row> rows_;
  std::vector<QWidget*> rowWidgets_;
  bool updating_ = false;
};

}  // namespace flexure::app
