#include "commands/node_commands.h"

#include <algorithm>
#include <exception>
#include <map>
#include <set>

#include "document/reference_rename.h"
#include "document/scene_document.h"
#include "flexure/core/node_registry.h"
#include "flexure/io/scene_file.h"
#include "qt_string.h"
#include "commands/resolve_references.h"

namespace flexure::app {
namespace {

void collectSubtree(const Node& node, std::vector<const Node*>& out) {
  out.push_back(&node);
  for (const auto& child : node.children()) collectSubtree(*child, out);
}

std::set<const Node*> subtreeOf(const Node& node) {
  std::vector<const Node*> nodes;
  collectSubtree(node, nodes);
  return {nodes.begin(), nodes.end()};
}

bool targetsNode(const std::string& target, const std::string& node) {
  return target.size() > node.size() && target.compare(0, node.size(), node) == 0 && target[node.size()] == '.';
}

}  // namespace

int positionInParent(const Node& node) {
  if (!node.parent()) return -1;
  const auto& siblings = node.parent()->children();
  const auto it = std::find_if(siblings.begin(), siblings.end(), [&](const auto& c) { return c.get() == &node; });
  return static_cast<int>(it - siblings.begin());
}

DetachedSubtree detachSubtree(Scene& scene, Node& node) {
  DetachedSubtree out;
  const std::set<const Node*> nodes = subtreeOf(node);
  const ParameterTable& table = scene.parameters();
  for (int i = 0; i < table.size(); ++i)
    if (nodes.count(table.info(i).owner)) out.saved.push_back({table.info(i).owner, table.info(i).slot, table.value(i), table.info(i)});
  out.parent = node.parent();
  out.position = positionInParent(node);
  out.root = scene.remove(node);
  return out;
}

Node& reattachSubtree(Scene& scene, DetachedSubtree& subtree) {
  Node& node = scene.add(std::move(subtree.root), subtree.parent, subtree.position);
  std::map<std::pair<const Node*, std::string>, const DetachedSubtree::SlotState*> saved;
  for (const auto& s : subtree.saved) saved[{s.owner, s.slot}] = &s;
  ParameterTable& table = scene.parameters();
  for (int i = 0; i < table.size(); ++i) {
    const auto it = saved.find({table.info(i).owner, table.info(i).slot});
    if (it == saved.end()) continue;
    table.setValue(i, it->second->value);
    table.info(i) = it->second->info;
  }
  subtree.saved.clear();
  return node;
}

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
  scene.rename(node_, to);
  renameReferences(scene, from, to);
  resolveReferencesQuietly(scene);
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
  std::vector<std::string> names;
  for (const Node* n : subtreeOf(*node_)) names.push_back(n->name());
  const auto named = [&](const std::string& name) { return std::find(names.begin(), names.end(), name) != names.end(); };

  document_.beginStructureChange();
  // Constraints tying a deleted node go with it (they could not be resolved any more).
  constraints_.clear();
  for (int i = 0; i < static_cast<int>(scene.constraints.size()); ++i) {
    const std::vector<std::string> refs = scene.constraints[static_cast<std::size_t>(i)]->referencedNodes();
    if (std::any_of(refs.begin(), refs.end(), named)) constraints_.emplace_back(i, nullptr);
  }
  for (auto it = constraints_.rbegin(); it != constraints_.rend(); ++it) {
    auto where = scene.constraints.begin() + it->first;
    it->second = std::move(*where);
    scene.constraints.erase(where);
  }
  // So do keyframe tracks of its parameters.
  timelineBefore_.reset();
  if (const SettingsBlock* block = scene.settings.find(TimelineSettings::kKind)) {
    timelineBefore_ = block->clone();
    auto& tracks = timelineOf(scene).tracks;
    tracks.erase(std::remove_if(tracks.begin(), tracks.end(),
                                [&](const Track& t) {
                                  return std::any_of(names.begin(), names.end(),
                                                     [&](const std::string& n) { return targetsNode(t.target, n); });
                                }),
                 tracks.end());
  }
  subtree_ = detachSubtree(scene, *node_);
  resolveReferencesQuietly(scene);
  document_.endStructureChange();
}

void DeleteNodeCommand::undo() {
  Scene& scene = document_.scene();
  document_.beginStructureChange();
  reattachSubtree(scene, subtree_);
  for (auto& [index, constraint] : constraints_)
    scene.constraints.insert(scene.constraints.begin() + index, std::move(constraint));
  constraints_.clear();
  if (timelineBefore_) scene.settings.set(std::move(timelineBefore_));
  resolveReferencesQuietly(scene);
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
  const std::set<const Node*> doomed = subtreeOf(node);
  for (const Node* n : scene.nodes()) {
    if (doomed.count(n)) continue;
    for (const Node* dep : n->dependencies())
      if (doomed.count(dep)) return QObject::tr("'%1' reads '%2'; delete or change it first.").arg(toQString(n->name()), toQString(dep->name()));
  }
  return {};
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
