#include "scripting/script_structure_command.h"

#include "document/scene_document.h"
#include "flexure/core/scene.h"
#include "scripting/scene_content_exchange.h"

namespace flexure::app {

ScriptStructureCommand::ScriptStructureCommand(SceneDocument& document, const QString& text,
                                               std::unique_ptr<Scene> other)
    : QUndoCommand(text), document_(document), other_(std::move(other)) {}

ScriptStructureCommand::~ScriptStructureCommand() = default;

void ScriptStructureCommand::undo() { exchange(); }

void ScriptStructureCommand::redo() {
  if (skipRedo_) {
    skipRedo_ = false;
    document_.setModified(true);
    return;
  }
  exchange();
}

void ScriptStructureCommand::exchange() {
  document_.beginStructureChange();
  exchangeSceneContent(document_.scene(), *other_);
  document_.endStructureChange();
}

}  // namespace flexure::app
