#include "commands/import_command.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <algorithm>
#include <map>
#include <set>

#include "document/scene_document.h"
#include "flexure/core/constraint.h"
#include "flexure/core/scene_renaming.h"

namespace flexure::app {

namespace {

void collectDepthFirst(Node& node, std::vector<Node*>& out) {
  out.push_back(&node);
  for (const auto& child : node.children()) collectDepthFirst(*child, out);
}

}  // namespace

ImportSceneCommand::ImportSceneCommand(SceneDocument& document, Scene& imported, const QString& sourceName)
    : document_(document) {
  setText(QCoreApplication::translate("ImportSceneCommand", "Import %1").arg(QFileInfo(sourceName).fileName()));
  takeFrom(imported);
}

ImportSceneCommand::~ImportSceneCommand() = default;

void ImportSceneCommand::takeFrom(Scene& imported) {
  const Scene& target = document_.scene();
  // 1. Names taken in the document get the first free ".N" (free in both scenes).
  std::map<std::string, std::string, std::less<>> renamed;
  std::vector<Node*> all;
  for (const auto& top : imported.root().children()) collectDepthFirst(*top, all);
  for (Node* node : all) {
    if (!target.find(node->name())) continue;
    std::string candidate;
    for (int i = 1;; ++i) {
      candidate = node->name() + "." + std::to_string(i);
      if (!target.find(candidate) && !imported.find(candidate)) break;
    }
    renamed[node->name()] = candidate;
    imported.rename(*node, candidate);
  }
  if (!renamed.empty()) {
    ReferenceRewriter renamer(renamed);
    for (Node* node : all) node->visitFields(renamer);
    for (auto& constraint : imported.constraints) constraint->visitFields(renamer);
  }
  // 2. Ψ of every imported node (Scene::add would start them at their defaults).
  const ParameterTable& params = imported.parameters();
  for (const auto& top : imported.root().children()) {
    std::vector<Node*> subtree;
    collectDepthFirst(*top, subtree);
    for (Node* node : subtree) {
      std::vector<SlotState> states;
      for (int k = 0; k < node->paramCount(); ++k)
        states.push_back({params.value(node->paramOffset() + k), params.info(node->paramOffset() + k)});
      importedSlots_.push_back(std::move(states));
    }
  }
  // 3. Move the pieces out of the imported scene.
  while (!imported.root().children().empty()) nodes_.push_back(imported.remove(*imported.root().children().front()));
  constraints_ = std::move(imported.constraints);
  imported.constraints.clear();
  for (const auto& [kind, block] : imported.settings.blocks())
    if (!target.settings.find(kind)) newSettings_.push_back(block->clone());
}

void ImportSceneCommand::addToDocument(Scene& scene) {
  for (auto& node : nodes_) added_.push_back(&scene.add(std::move(node)));
  nodes_.clear();
  for (auto& constraint : constraints_) {
    addedConstraints_.push_back(constraint.get());
    scene.constraints.push_back(std::move(constraint));
  }
  constraints_.clear();
}

void ImportSceneCommand::removeFromDocument(Scene& scene) {
  for (Constraint* constraint : addedConstraints_) {
    auto it = std::find_if(scene.constraints.begin(), scene.constraints.end(),
                           [constraint](const auto& c) { return c.get() == constraint; });
    if (it == scene.constraints.end()) continue;
    constraints_.push_back(std::move(*it));
    scene.constraints.erase(it);
  }
  addedConstraints_.clear();
  for (Node* node : added_) nodes_.push_back(scene.remove(*node));
  added_.clear();
}

void ImportSceneCommand::redo() {
  Scene& scene = document_.scene();
  document_.beginStructureChange();
  if (!done_once_) {
    before_ = scene.parameters();
    settingsBefore_ = scene.settings;
  }
  addToDocument(scene);
  if (!done_once_) {
    // The imported values go into the slices Scene::add laid out, in the same depth-first order.
    std::size_t slot = 0;
    ParameterTable& params = scene.parameters();
    for (Node* top : added_) {
      std::vector<Node*> subtree;
      collectDepthFirst(*top, subtree);
      for (Node* node : subtree) {
        const std::vector<SlotState>& states = importedSlots_[slot++];
        for (int k = 0; k < node->paramCount() && k < static_cast<int>(states.size()); ++k) {
          const int i = node->paramOffset() + k;
          params.setValue(i, states[static_cast<std::size_t>(k)].value);
          ParameterInfo& info = params.info(i);
          info.frozen = states[static_cast<std::size_t>(k)].info.frozen;
          info.lower = states[static_cast<std::size_t>(k)].info.lower;
          info.upper = states[static_cast<std::size_t>(k)].info.upper;
        }
      }
    }
    importedSlots_.clear();
    for (auto& block : newSettings_) scene.settings.set(std::move(block));
    newSettings_.clear();
    after_ = scene.parameters();
    settingsAfter_ = scene.settings;
    done_once_ = true;
  } else {
    scene.parameters() = after_;
    scene.settings = settingsAfter_;
  }
  scene.resolveReferences();
  document_.endStructureChange();
}

void ImportSceneCommand::undo() {
  Scene& scene = document_.scene();
  document_.beginStructureChange();
  removeFromDocument(scene);
  scene.parameters() = before_;
  scene.settings = settingsBefore_;
  scene.resolveReferences();
  document_.endStructureChange();
}

std::vector<std::string> ImportSceneCommand::addedNames() const {
  std::vector<std::string> names;
  for (const Node* node : added_) names.push_back(node->name());
  for (const auto& node : nodes_) names.push_back(node->name());
  return names;
}

}  // namespace flexure::app
