#pragma once
// The outliner: the scene tree in a dock, with selection tied to SceneSelection both ways,
// in-place renaming (double-click or F2), reordering (drag and drop, or Move Up/Down), adding
// any registered node type and deleting. A primitive arrives under its own placement (a
// translate and a rotate named after it, at placementPoint()) as a child of the selected
// operator, beside a selected primitive, or at the top level; an operator wraps the selected
// node (issue 19), or goes to the top level when nothing is selected. The context menu has
// Wrap In ▸ (every operator type) and Unwrap (assembly_commands.h). Every edit is an undo
// command on the document's stack (node_commands.h).
#include <QDockWidget>
#include <functional>
#include <string>

#include "flexure/core/vec.h"

class QAction;
class QLabel;
class QMenu;
class QToolButton;
class QTreeView;

namespace flexure::app {

class SceneDocument;
class SceneSelection;
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

 private:
  void showSelection();
  void refreshActions();
  void showProblem(const QString& problem);
  QMenu* createAddMenu();
  void showContextMenu(const QPoint& position);

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
};

}  // namespace flexure::app
