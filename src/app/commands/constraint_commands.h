#pragma once
// Undo steps of the constraint list: add, delete, and change a constraint's weight or enabled
// flag. Constraints are addressed by their index in Scene::constraints; the linear undo history
// keeps indices valid whenever a command is undone or redone.
#include <QUndoCommand>
#include <memory>

#include "flexure/core/constraint.h"

namespace flexure::app {

class SceneDocument;

class AddConstraintCommand : public QUndoCommand {
 public:
  // Appends `constraint` (named uniquely after its kind when it has no name yet).
  AddConstraintCommand(SceneDocument& document, std::unique_ptr<Constraint> constraint);
  void redo() override;
  void undo() override;

 private:
  SceneDocument& document_;
  std::unique_ptr<Constraint> constraint_;
  int index_ = -1;
};

class DeleteConstraintCommand : public QUndoCommand {
 public:
  DeleteConstraintCommand(SceneDocument& document, int index);
  void redo() override;
  void undo() override;

 private:
  SceneDocument& document_;
  int index_;
  std::unique_ptr<Constraint> constraint_;
};

struct ConstraintState {
  double weight = 1.0;
  bool enabled = true;
  bool operator==(const ConstraintState&) const = default;
};

class SetConstraintCommand : public QUndoCommand {
 public:
  SetConstraintCommand(SceneDocument& document, int index, const ConstraintState& after, const QString& text);
  void redo() override;
  void undo() override;

 private:
  void apply(const ConstraintState& state);
  SceneDocument& document_;
  int index_;
  ConstraintState before_, after_;
};

// Pushes a SetConstraintCommand unless nothing changes.
void pushConstraintEdit(SceneDocument& document, int index, const ConstraintState& after, const QString& text);

}  // namespace flexure::app
