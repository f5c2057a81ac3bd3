#include "commands/set_parameters_command.h"

#include "document/scene_document.h"

namespace flexure::app {

SetParametersCommand::SetParametersCommand(SceneDocument& document, const QString& text, Eigen::VectorXd before,
                                           Eigen::VectorXd after, bool alreadyApplied)
    : QUndoCommand(text),
      document_(document),
      before_(std::move(before)),
      after_(std::move(after)),
      skipRedo_(alreadyApplied) {}

void SetParametersCommand::undo() { apply(before_); }

void SetParametersCommand::redo() {
  if (skipRedo_) {
    // Pushed after the fact: the document already holds the result of the drag.
    skipRedo_ = false;
    document_.setModified(true);
    return;
  }
  apply(after_);
}

void SetParametersCommand::apply(const Eigen::VectorXd& values) {
  Eigen::VectorXd& psi = document_.scene().parameters().values();
  if (psi.size() != values.size()) return;  // the structure changed since; nothing to restore
  psi = values;
  document_.notifyValuesEdited();
}

}  // namespace flexure::app
