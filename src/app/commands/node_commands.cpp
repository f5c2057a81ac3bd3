#include "commands/node_commands.h"

#include <exception>

#include "document/scene_document.h"
#include "flexure/core/node_registry.h"
#include "flexure/core/scene_renaming.h"
#include "flexure/io/scene_file.h"
#include "qt_string.h"
#include "commands/resolve_references.h"

namespace flexure::app {

// ---------------------------------------------------------------- rename

RenameNodeCommand::RenameNodeCommand(SceneDocument& document, Node& node, std::string name)
    : QUndoCommand(QObject::tr("Rename %1 to %2").arg(toQString(node.name()), toQString(name))),
      document_(document),
      node_(node),
      before_(node.name()),
      after_(std::move(name)) {}

void RenameNodeCommand::redo() { rename(before_, after_); }
void RenameNodeCommand::undo() { rename(after_, before_); }

void RenameNodeCommand::rename(const std::string& from, const std::string& to) {
  Scene& scene = document_.scene();
  document_.beginStructureChange();
  SceneRenames renames;
  renames.nodes[from] = to;
  renameWithReferences(scene, renames);  // renameProblem checked the name before the push
  document_.endStructureChange();
}

// ---------------------------------------------------------------- add

AddNodeCommand::AddNodeCommand(SceneDocument& document, std::unique_ptr<Node> node, Node* parent, int position)
    : QUndoCommand(QObject::tr("Add %1").arg(QString::fromUtf8(node->type().data(), static_cast<int>(node->type().size())))),
      document_(document) {
  subtree_.root = std::move(node);
  subtree_.parent = parent ? parent : &document.scene().root();
  subtree_.position = position;
}

void AddNodeCommand::redo() {
  Scene& scene = document_.scene();
  document_.beginStructureChange();
  if (firstRedo_) {
    // Scene::add names the node uniquely and gives its parameters their defaults.
    node_ = &scene.add(std::move(subtree_.root), subtree_.parent, subtree_.position);
    setText(QObject::tr("Add %1").arg(toQString(node_->name())));
    firstRedo_ = false;
  } else {
    reattachSubtree(scene, subtree_);
  }
  resolveReferencesQuietly(scene);
  document_.endStructureChange();
}

void AddNodeCommand::undo() {
  Scene& scene = document_.scene();
  document_.beginStructureChange();
  subtree_ = detachSubtree(scene, *node_);
  resolveReferencesQuietly(scene);
  document_.endStructureChange();
}

// ---------------------------------------------------------------- delete

DeleteNodeCommand::DeleteNodeCommand(SceneDocument& document, Node& node)
    : QUndoCommand(QObject::tr("Delete %1").arg(toQString(node.name()))), document_(document), node_(&node) {}

void DeleteNodeCommand::redo() {
  Scene& scene = document_.scene();
  document_.beginStructureChange();
  // Constraints tying a deleted node go with it (they could not be resolved any more), and so
  // do keyframe tracks of its parameters.
  removed_ = removeNodes(scene, {node_->name()});
  document_.endStructureChange();
}

void DeleteNodeCommand::undo() {
  document_.beginStructureChange();
  restoreNodes(document_.scene(), removed_);
  document_.endStructureChange();
}

// ---------------------------------------------------------------- move

MoveNodeCommand::MoveNodeCommand(SceneDocument& document, Node& node, Node& newParent, int position)
    : QUndoCommand(QObject::tr("Move %1").arg(toQString(node.name()))),
      document_(document),
      node_(node),
      oldParent_(node.parent()),
      oldPosition_(positionInParent(node)),
      newParent_(newParent),
      newPosition_(position) {}

void MoveNodeCommand::redo() {
  document_.beginStructureChange();
  document_.scene().move(node_, newParent_, newPosition_);
  resolveReferencesQuietly(document_.scene());
  document_.endStructureChange();
}

void MoveNodeCommand::undo() {
  document_.beginStructureChange();
  document_.scene().move(node_, *oldParent_, oldPosition_);
  resolveReferencesQuietly(document_.scene());
  document_.endStructureChange();
}

// ---------------------------------------------------------------- checks

QString renameProblem(const Scene& scene, const Node& node, const std::string& name) {
  if (name.empty()) return QObject::tr("A name cannot be empty.");
  const Node* other = scene.find(name);
  if (other && other != &node) return QObject::tr("The name '%1' is taken.").arg(toQString(name));
  return {};
}

QString deleteProblem(const Scene& scene, const Node& node) {
  if (&node == &scene.root()) return QObject::tr("The root cannot be deleted.");
  return toQString(removeNodesProblem(scene, {node.name()}));
}

QString moveProblem(const Scene& scene, const Node& node, const Node& newParent) {
  if (&node == &scene.root()) return QObject::tr("The root cannot be moved.");
  if (newParent.isPrimitive()) return QObject::tr("'%1' is a primitive and has no children.").arg(toQString(newParent.name()));
  for (const Node* p = &newParent; p; p = p->parent())
    if (p == &node) return QObject::tr("'%1' cannot move under itself.").arg(toQString(node.name()));
  return {};
}

QString addProblem(const Scene&, const std::string& type, const Node* parent) {
  if (parent && parent->isPrimitive()) return QObject::tr("'%1' is a primitive and has no children.").arg(toQString(parent->name()));
  std::unique_ptr<Node> node = NodeRegistry::instance().create(type);
  if (!node) return QObject::tr("Unknown node type '%1'.").arg(toQString(type));
  // A type that needs references or data (a loft's profiles, a mesh's file) cannot be made
  // from nothing: the document must stay savable, so try the new node alone through a save
  // and a reload first.
  try {
    Scene trial;
    trial.add(std::move(node));
    trial.resolveReferences();
    loadSceneFromString(sceneToString(trial));
  } catch (const std::exception& e) {
    return QObject::tr("A new %1 cannot be added from the menu: %2").arg(toQString(type), toQString(e.what()));
  }
  return {};
}

}  // namespace flexure::app
