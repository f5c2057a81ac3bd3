#pragma once
// Which nodes of the document are selected. Selecting an operator selects the sub-tree under
// it, so the viewport highlights every path through it. Cleared when the document's Scene is
// replaced (node pointers would dangle).
#include <QObject>
#include <vector>

namespace flexure {
class Node;
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

 signals:
  void selectionChanged();

 private:
  std::vector<const Node*> nodes_;
};

}  // namespace flexure::app
