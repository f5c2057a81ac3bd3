#pragma once
// The undo step of the property editor: one entry of Ψ gets a new value, frozen flag or bounds
// (ParameterTable), and undo puts back exactly the doubles it had. The window forwards the edit
// to the solver thread (a lone value as session::ParameterEdited, a flag or bound as a fresh
// copy; see document_session_sync.h), so panels only push commands.
#include <QUndoCommand>

#include "flexure/core/parameter_edit.h"

namespace flexure::app {

class SceneDocument;

// Everything the property editor can change about one entry of Ψ, checked by the rules scripts
// follow too (core/parameter_edit.h).
using ParameterState = ParameterEdit;

class SetParameterCommand : public QUndoCommand {
 public:
  // `index` is valid in the document's Ψ now; the linear undo history keeps it valid whenever
  // this command is undone or redone (every later structural edit is undone first).
  SetParameterCommand(SceneDocument& document, int index, const ParameterState& after, const QString& text);
  void redo() override;
  void undo() override;
  int parameter() const { return index_; }

 private:
  void apply(const ParameterState& state);
  SceneDocument& document_;
  int index_;
  ParameterState before_, after_;
};

// Pushes a SetParameterCommand unless `after` equals the current state or breaks the rules of
// checkParameterEdit (a non-finite value, a lower bound above the upper). The value is clamped
// into the new bounds, so a bound edit that excludes the value moves it (one undo step).
void pushParameterEdit(SceneDocument& document, int index, ParameterState after, const QString& text);

}  // namespace flexure::app
