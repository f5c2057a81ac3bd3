#include "commands/scene_content_command.h"

#include "document/scene_document.h"
#include "flexure/core/scene.h"
#include "commands/scene_content_exchange.h"

namespace flexure::app {

SceneContentCommand::SceneContentCommand(SceneDocument& document, const QString& text,
                                               std::unique_ptr<Scene> other)
    : QUndoCommand(text), document_(document), other_(std::move(other)) {}

SceneContentCommand::~SceneContentCommand() = default;

void SceneContentCommand::undo() { exchange(); }

void SceneContentCommand::redo() {
  if (skipRedo_) {
    skipRedo_ = false;
    document_.setModified(true);
    return;
  }
  exchange();
}

void SceneContentCommand::exchange() {
  document_.beginStructureChange();
  exchangeSceneContent(document_.scene(), *other_);
  document_.endStructureChange();
}

}  // namespace flexure::app
