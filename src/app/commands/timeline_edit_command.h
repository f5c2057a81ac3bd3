#pragma once
// One undoable edit of the scene's "timeline" block (keys added, moved or deleted; frame rate,
// frame range, loop flag): the block before and after. Redo and undo write the block into the
// document and announce the edit (SceneDocument::notifySceneEdited); the timeline's playback
// controller then compares the block with what it baked and invalidates the frames after the
// earliest change (anim/invalidation.h), so undoing a key edit invalidates exactly like making it.
#include <QUndoCommand>

#include "flexure/anim/timeline_settings.h"

namespace flexure::app {

class SceneDocument;

class TimelineEditCommand : public QUndoCommand {
 public:
  TimelineEditCommand(SceneDocument& document, const QString& text, TimelineSettings before, TimelineSettings after);
  void redo() override;
  void undo() override;

 private:
  void write(const TimelineSettings& block);
  SceneDocument& document_;
  TimelineSettings before_, after_;
};

// Pushes a TimelineEditCommand from the document's current block to `after` (nothing when equal).
void pushTimelineEdit(SceneDocument& document, const QString& text, TimelineSettings after);

}  // namespace flexure::app
