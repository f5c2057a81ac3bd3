#include "commands/parameter_command.h"

#include "document/scene_document.h"
#include "flexure/core/parameters.h"

namespace flexure::app {

SetParameterCommand::SetParameterCommand(SceneDocument& document, int index, const ParameterState& after,
                                         const QString& text)
    : QUndoCommand(text),
      document_(document),
      index_(index),
      before_(ParameterState::of(document.scene().parameters(), index)),
      after_(after) {}

void SetParameterCommand::redo() { apply(after_); }
void SetParameterCommand::undo() { apply(before_); }

void SetParameterCommand::apply(const ParameterState& state) {
  ParameterTable& table = document_.scene().parameters();
  if (index_ >= table.size()) return;
  table.setValue(index_, state.value);
  ParameterInfo& info = table.info(index_);
  // A frozen flag or a bound is part of the structure the solver was told about; a value alone
  // is not.
  const bool valueOnly = info.frozen == state.frozen && info.lower == state.lower && info.upper == state.upper;
  info.frozen = state.frozen;
  info.lower = state.lower;
  info.upper = state.upper;
  if (valueOnly)
    document_.notifyValuesEdited();
  else
    document_.notifySceneEdited();
}

void pushParameterEdit(SceneDocument& document, int index, ParameterState after, const QString& text) {
  const ParameterTable& table = document.scene().parameters();
  if (index < 0 || index >= table.size()) return;
  // The rules a script's edit follows too: a finite value, ordered bounds, the value clamped.
  if (checkParameterEdit(after)) return;
  if (after == ParameterState::of(table, index)) return;
  document.undoStack().push(new SetParameterCommand(document, index, after, text));
}

}  // namespace flexure::app
