#pragma once
// Makes one executed block (a console block or a script file) one undo step, and keeps the
// panels away from the scene while the block changes it (docs/python.md "Undo").
//
// begin(): the document's content is exchanged with a deep copy (exchangeSceneContent), so the
// script edits the copy and the original node objects — which earlier undo commands, the
// selection and the panels point to — stay alive and untouched aside. Bindings look nodes up by
// name, so scripts do not notice. The bindings call aboutToEdit/edited around every change
// (python/src/scene_handle.h); the first structural change brackets the block with
// beginStructureChange, so models drop their rows before the tree changes.
// end():
//   - nothing changed: the originals go back (nothing is pushed);
//   - Ψ values only: the originals go back with the new Ψ, and one SetParametersCommand records
//     Ψ before and after (exact doubles);
//   - anything else: the copy stays and one SceneContentCommand holds the originals.
// Either way the document is notified once, so the panels, the viewport and the live solver
// see the block's result, not its steps.
#include <Eigen/Core>
#include <QString>
#include <memory>

#include "scene_handle.h"

namespace flexure {
class Scene;
}

namespace flexure::app {

class SceneDocument;

class ScriptEditRecorder : public python::SceneObserver {
 public:
  explicit ScriptEditRecorder(SceneDocument& document);
  ~ScriptEditRecorder() override;

  void begin();
  // Ends the block; `label` names the undo step. Returns true when the block changed the scene.
  bool end(const QString& label);
  bool recording() const { return original_ != nullptr; }
  bool structureChanged() const { return structure_; }

  void aboutToEdit(python::EditKind kind) override;
  void edited(python::EditKind kind) override;

 private:
  SceneDocument& document_;
  std::unique_ptr<Scene> original_;  // the document's own content while a block runs
  Eigen::VectorXd psiBefore_;
  bool structure_ = false;
  bool values_ = false;
};

}  // namespace flexure::app
