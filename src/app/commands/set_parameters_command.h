#pragma once
// An undo step that sets the whole of Ψ (exact doubles) to `after` and back to `before`: what a
// finished drag records (docs/app.md "Undo"). A drag is one command, pushed when the solver
// thread reports the drag's end (session::DragOutcome); by then the document already shows the
// dragged Ψ, so the first redo() only marks the document modified.
#include <Eigen/Core>
#include <QString>
#include <QUndoCommand>

namespace flexure::app {

class SceneDocument;

class SetParametersCommand : public QUndoCommand {
 public:
  SetParametersCommand(SceneDocument& document, const QString& text, Eigen::VectorXd before, Eigen::VectorXd after,
                       bool alreadyApplied);
  void undo() override;
  void redo() override;

  const Eigen::VectorXd& before() const { return before_; }
  const Eigen::VectorXd& after() const { return after_; }

 private:
  // Sets Ψ to `values` (ignored if the layout changed since: sizes differ) and notifies.
  void apply(const Eigen::VectorXd& values);

  SceneDocument& document_;
  Eigen::VectorXd before_;
  Eigen::VectorXd after_;
  bool skipRedo_;
};

}  // namespace flexure::app
