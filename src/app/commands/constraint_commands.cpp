#include "commands/constraint_commands.h"

#include <exception>
#include <string>

#include "document/scene_document.h"
#include "flexure/core/scene.h"
#include "qt_string.h"
#include "commands/resolve_references.h"

namespace flexure::app {
namespace {

std::string uniqueConstraintName(const Scene& scene, std::string_view kind) {
  const auto taken = [&](const std::string& name) {
    for (const auto& c : scene.constraints)
      if (c->name == name) return true;
    return false;
  };
  for (int i = 1;; ++i) {
    std::string candidate = std::string(kind) + "." + std::to_string(i);
    if (!taken(candidate)) return candidate;
  }
}

}  // namespace

AddConstraintCommand::AddConstraintCommand(SceneDocument& document, std::unique_ptr<Constraint> constraint)
    : QUndoCommand(QObject::tr("Add %1 constraint").arg(toQString(constraint->kind()))),
      document_(document),
      constraint_(std::move(constraint)) {
  if (constraint_->name.empty()) constraint_->name = uniqueConstraintName(document.scene(), constraint_->kind());
}

void AddConstraintCommand::redo() {
  Scene& scene = document_.scene();
  document_.beginStructureChange();
  index_ = static_cast<int>(scene.constraints.size());
  scene.constraints.push_back(std::move(constraint_));
  resolveReferencesQuietly(scene);
  document_.endStructureChange();
}

void AddConstraintCommand::undo() {
  Scene& scene = document_.scene();
  document_.beginStructureChange();
  constraint_ = std::move(scene.constraints[static_cast<std::size_t>(index_)]);
  scene.constraints.erase(scene.constraints.begin() + index_);
  document_.endStructureChange();
}

DeleteConstraintCommand::DeleteConstraintCommand(SceneDocument& document, int index)
    : QUndoCommand(QObject::tr("Delete constraint %1")
                       .arg(toQString(document.scene().constraints[static_cast<std::size_t>(index)]->name))),
      document_(document),
      index_(index) {}

void DeleteConstraintCommand::redo() {
  Scene& scene = document_.scene();
  document_.beginStructureChange();
  constraint_ = std::move(scene.constraints[static_cast<std::size_t>(index_)]);
  scene.constraints.erase(scene.constraints.begin() + index_);
  document_.endStructureChange();
}

void DeleteConstraintCommand::undo() {
  Scene& scene = document_.scene();
  document_.beginStructureChange();
  scene.constraints.insert(scene.constraints.begin() + index_, std::move(constraint_));
  resolveReferencesQuietly(scene);
  document_.endStructureChange();
}

SetConstraintCommand::SetConstraintCommand(SceneDocument& document, int index, const ConstraintState& after,
                                           const QString& text)
    : QUndoCommand(text), document_(document), index_(index), after_(after) {
  const Constraint& c = *document.scene().constraints[static_cast<std::size_t>(index)];
  before_ = {c.weight, c.enabled};
}

void SetConstraintCommand::redo() { apply(after_); }
void SetConstraintCommand::undo() { apply(before_); }

void SetConstraintCommand::apply(const ConstraintState& state) {
  Constraint& c = *document_.scene().constraints[static_cast<std::size_t>(index_)];
  c.weight = state.weight;
  c.enabled = state.enabled;
  document_.notifySceneEdited();
}

void pushConstraintEdit(SceneDocument& document, int index, const ConstraintState& after, const QString& text) {
  const auto& constraints = document.scene().constraints;
  if (index < 0 || index >= static_cast<int>(constraints.size())) return;
  const Constraint& c = *constraints[static_cast<std::size_t>(index)];
  if (ConstraintState{c.weight, c.enabled} == after) return;
  document.undoStack().push(new SetConstraintCommand(document, index, after, text));
}

}  // namespace flexure::app
