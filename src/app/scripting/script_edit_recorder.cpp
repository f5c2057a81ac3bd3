#include "scripting/script_edit_recorder.h"

#include "commands/set_parameters_command.h"
#include "document/scene_document.h"
#include "flexure/core/scene.h"
#include "commands/scene_content_exchange.h"
#include "commands/scene_content_command.h"

namespace flexure::app {

ScriptEditRecorder::ScriptEditRecorder(SceneDocument& document) : document_(document) {}

ScriptEditRecorder::~ScriptEditRecorder() = default;

void ScriptEditRecorder::begin() {
  Scene& scene = document_.scene();
  psiBefore_ = scene.parameters().values();
  original_ = scene.clone();
  exchangeSceneContent(scene, *original_);  // the script works on the copy
  structure_ = false;
  values_ = false;
}

void ScriptEditRecorder::aboutToEdit(python::EditKind kind) {
  if (!original_) return;  // an edit outside a block (a thread the script left running): see docs
  if (kind == python::EditKind::Structure && !structure_) {
    structure_ = true;
    document_.beginStructureChange();
  }
}

void ScriptEditRecorder::edited(python::EditKind kind) {
  if (!original_) return;
  if (kind == python::EditKind::Values) values_ = true;
}

bool ScriptEditRecorder::end(const QString& label) {
  if (!original_) return false;
  Scene& scene = document_.scene();
  std::unique_ptr<Scene> original = std::move(original_);
  if (structure_) {
    document_.undoStack().push(new SceneContentCommand(document_, label, std::move(original)));
    document_.endStructureChange();
    return true;
  }
  const Eigen::VectorXd psiAfter = scene.parameters().values();
  exchangeSceneContent(scene, *original);  // the originals come back
  if (!values_ || psiAfter == psiBefore_) return false;
  scene.parameters().values() = psiAfter;
  document_.undoStack().push(new SetParametersCommand(document_, label, psiBefore_, psiAfter, true));
  document_.notifyValuesEdited();
  return true;
}

}  // namespace flexure::app
