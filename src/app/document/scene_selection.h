#pragma once
// Which nodes of the document are selected: several (Shift+click, box select, A), the last one
// the active one. Selecting an operator selects the sub-tree under it, so the viewport
// highlights every path through it. Cleared when the document's Scene is
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
  // The active node (issue 27: the last one clicked, which the property editor shows and the
  // viewport outlines in a lighter colour than the rest), or null.
  const Node* current() const { return nodes_.empty() ? nullptr : nodes_.back(); }
  bool isEmpty() const { return nodes_.empty(); }
  // True when `node` or one of its ancestors is selected.
  bool covers(const Node* node) const;

  bool contains(const Node* node) const;
  void select(const Node* node);  // replaces the selection; null clears it
  // Replaces the selection with `nodes` (repeats dropped); the last becomes the active one.
  void setNodes(const std::vector<const Node*>& nodes);
  // Shift+click: adds `node` as the active one, or, when it is selected already, removes it.
  void toggle(const Node* node);
  void clear();
  // Drops selected nodes that are not in `scene` any more (deleted, or an added node undone).
  void keepOnlyNodesOf(const Scene& scene);

 signals:
  void selectionChanged();

 private:
  std::vector<const Node*> nodes_;
};

}  // namespace flexure::app
