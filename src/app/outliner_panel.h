#pragma once
// The outliner: the scene tree in a dock, with selection tied to SceneSelection both ways and
// in-place renaming (double-click or F2).
#include <QDockWidget>

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

 private:
  void showSelection();
  SceneSelection& selection_;
  SceneTreeModel* model_;
  QTreeView* tree_;
  bool syncing_ = false;
};

}  // namespace flexure::app
