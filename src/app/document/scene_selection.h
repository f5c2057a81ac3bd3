#pragma once
// Which nodes of the document are selected. Selecting an operator selects the sub-tree under
// it, so the viewport highlights every path through it. Cleared when the document's Scene is
// replaced (node pointers would dangle); after a structural edit, nodes no longer in the scene
// are dropped (keepOnlyNodesOf).
#include <QObject>
#include <vector>

namespace flexure {
class Node;
class Scene;
}

namespace flexure::app {

class SceneSelection : public QObject {
  Q_OBJECT

 public:
  using QObject::QObject;

  const std::vector<const Node*>& nodes() const { return nodes_; }
  // The most recently selected node, or null.
  const Node* current() const { return nodes_.empty() ? nullptr : nodes_.back(); }
  bool isEmpty() const { return nodes_.empty(); }
  // True when `node` or one of its ancestors is selected.
  bool covers(const Node* node) const;

  void select(const Node* node);  // replaces the selection; null clears it
  void clear();
  // Drops selected nodes that are not in `scene` any more (deleted, or an added node undone).
  void keepOnlyNodesOf(const Scene& scene);

 signals:
  void selectionChanged();

 private:
  std::vector<const Node*> nodes_;
};

}  // namespace flexure::app
