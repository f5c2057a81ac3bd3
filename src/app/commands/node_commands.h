#pragma once
// Undo steps of the outliner: rename, add, delete and move nodes. Each keeps Ψ consistent the
// way Scene does (every node's slice contiguous, depth-first) and gives back exactly what was
// there: a deleted sub-tree comes back with its Ψ values, frozen flags and bounds, at the same
// place among its siblings, with the constraints and keyframe tracks that referred to it.
//
// Commands hold pointers to nodes of the document's Scene. The undo history is linear, so when
// a command is undone or redone the tree is exactly as it was when the command ran; the stack is
// cleared whenever another Scene replaces the document's.
#include <QString>
#include <QUndoCommand>
#include <memory>
#include <string>
#include <vector>

#include "flexure/core/detached_subtree.h"
#include "flexure/core/node_removal.h"
#include "flexure/core/scene.h"

namespace flexure::app {

class SceneDocument;

class RenameNodeCommand : public QUndoCommand {
 public:
  RenameNodeCommand(SceneDocument& document, Node& node, std::string name);
  void redo() override;
  void undo() override;

 private:
  void rename(const std::string& from, const std::string& to);
  SceneDocument& document_;
  Node& node_;
  std::string before_, after_;
};

class AddNodeCommand : public QUndoCommand {
 public:
  // Adds `node` under `parent` (the root when null) at `position` (-1: last).
  AddNodeCommand(SceneDocument& document, std::unique_ptr<Node> node, Node* parent, int position = -1);
  void redo() override;
  void undo() override;
  // The node this command adds (valid while the command lives).
  Node* node() const { return node_; }

 private:
  SceneDocument& document_;
  DetachedSubtree subtree_;
  Node* node_ = nullptr;
  bool firstRedo_ = true;
};

class DeleteNodeCommand : public QUndoCommand {
 public:
  DeleteNodeCommand(SceneDocument& document, Node& node);
  void redo() override;
  void undo() override;

 private:
  SceneDocument& document_;
  Node* node_;
  // The sub-tree with the constraints and keyframe tracks that referred to it (core's delete
  // several, node_removal.h), held while the command is done.
  RemovedNodes removed_;
};

class MoveNodeCommand : public QUndoCommand {
 public:
  // Moves `node` under `newParent` at `position` among its new siblings, counted without the
  // node itself (-1: last).
  MoveNodeCommand(SceneDocument& document, Node& node, Node& newParent, int position);
  void redo() override;
  void undo() override;

 private:
  SceneDocument& document_;
  Node& node_;
  Node* oldParent_;
  int oldPosition_;
  Node& newParent_;
  int newPosition_;
};

// The checks the outliner runs before pushing a command; each returns an empty string when
// the edit is allowed, else why not (shown to the user).
QString renameProblem(const Scene& scene, const Node& node, const std::string& name);
QString deleteProblem(const Scene& scene, const Node& node);
QString moveProblem(const Scene& scene, const Node& node, const Node& newParent);
// Adding `type` under `parent`: the node must be creatable and its references resolvable.
QString addProblem(const Scene& scene, const std::string& type, const Node* parent);

}  // namespace flexure::app
