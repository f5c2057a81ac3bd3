#include "commands/structure_edit.h"

#include <QUndoStack>
#include <exception>
#include <memory>

#include "commands/scene_content_command.h"
#include "commands/scene_content_exchange.h"
#include "document/scene_document.h"
#include "flexure/core/scene.h"

namespace flexure::app {

bool editStructure(SceneDocument& document, const QString& label, const std::function<void(Scene&)>& edit,
                   QString& problem) {
  Scene& scene = document.scene();
  std::unique_ptr<Scene> original = scene.clone();
  document.beginStructureChange();
  exchangeSceneContent(scene, *original);  // the edit works on the copy
  try {
    edit(scene);
  } catch (const std::exception& e) {
    exchangeSceneContent(scene, *original);  // the originals come back, untouched
    document.endStructureChange();
    problem = QString::fromStdString(e.what());
    return false;
  }
  document.undoStack().push(new SceneContentCommand(document, label, std::move(original)));
  document.endStructureChange();
  return true;
}

}  // namespace flexure::app
