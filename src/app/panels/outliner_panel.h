#pragma once
// The outliner: the scene tree in a dock, with selection tied to SceneSelection both ways,
// in-place renaming (double-click or F2), reordering (drag and drop, or Move Up/Down), adding
// any registered node type and deleting. A primitive arrives under its own placement (a
// translate and a rotate named after it, at placementPoint()) as a child of the selected
// operator, beside a selected primitive, or at the top level; an operator wraps the selected
// node (issue 19), or goes to the top level when nothing is selected. The context menu has
// Wrap In ▸ (every operator type) and Unwrap (assembly_commands.h). Every edit is an undo
// command on the document's stack (node_commands.h). Several rows can be selected (Shift and
// Ctrl+click, as Qt's item views do), the current row being the selection's active node; the
// Name column is as wide as the deepest, longest name (a horizontal scroll bar when the dock is
// narrower), and the filter line above the tree shows only the rows whose name contains its text
// (with their ancestors).
#include <QDockWidget>
#include <functional>
#include <string>

#include "flexure/core/vec.h"

class QAction;
class QLabel;
class QLineEdit;
class QMenu;
class QToolButton;
class QTreeView;

namespace flexure::app {

class SceneDocument;
class SceneSelection;
class SelectionEditing;
class SceneTreeModel;

class OutlinerPanel : public QDockWidget {
  Q_OBJECT

 public:
  OutlinerPanel(SceneDocument& document, SceneSelection& selection, QWidget* parent = nullptr);
  QTreeView& tree() { return *tree_; }
  SceneTreeModel& model() { return *model_; }

  // The edits of the toolbar, for menus and tests. Each returns false (and shows why in the
  // panel's message line) when the edit is refused.
  bool addNode(const std::string& type);
  // Wraps the selected node in a new `type` operator; removes the selected operator keeping
  // its children (assembly_commands.h).
  bool wrapSelected(const std::string& type);
  bool unwrapSelected();
  // Where a new part is placed (world): the window gives the view's centre; the origin else.
  void setPlacementPoint(std::function<Vec3d()> point) { placementPoint_ = std::move(point); }
  bool deleteSelected();
  bool moveSelected(int delta);  // -1 up, +1 down among siblings
  // The message line (why the last edit was refused; empty otherwise).
  QString message() const;
  // The window's several-node edits (issue 27): Delete and the context menu use them.
  void setSelectionEditing(SelectionEditing* editing) { editing_ = editing; }
  // Shows only the rows whose name contains `text` (case-insensitive) and their ancestors.
  void setFilter(const QString& text);
  QLineEdit& filterLine() { return *filter_; }

 private:
  void showSelection();
  void refreshActions();
  void showProblem(const QString& problem);
  QMenu* createAddMenu();
  void showContextMenu(const QPoint& position);
  void takeTreeSelection();
  void fitNameColumn();
  bool applyFilter(const QModelIndex& parent);

  SceneDocument& document_;
  SceneSelection& selection_;
  SceneTreeModel* model_;
  QTreeView* tree_;
  QLabel* message_;
  QAction* deleteAction_ = nullptr;
  QAction* upAction_ = nullptr;
  QAction* downAction_ = nullptr;
  std::function<Vec3d()> placementPoint_;
  bool syncing_ = false;
  SelectionEditing* editing_ = nullptr;
  QLineEdit* filter_;
};

}  // namespace flexure::app
