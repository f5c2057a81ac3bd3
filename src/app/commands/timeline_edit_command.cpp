#include "commands/timeline_edit_command.h"

#include <utility>

#include "document/scene_document.h"

namespace flexure::app {

namespace {

bool sameBlock(const TimelineSettings& a, const TimelineSettings& b) {
  if (a.fps != b.fps || a.startFrame != b.startFrame || a.endFrame != b.endFrame || a.loop != b.loop) return false;
  if (a.tracks.size() != b.tracks.size()) return false;
  for (std::size_t i = 0; i < a.tracks.size(); ++i) {
    const Track &x = a.tracks[i], &y = b.tracks[i];
    if (x.target != y.target || x.kind != y.kind || x.channels != y.channels || !(x.keys == y.keys)) return false;
  }
  return true;
}

}  // namespace

TimelineEditCommand::TimelineEditCommand(SceneDocument& document, const QString& text, TimelineSettings before,
                                         TimelineSettings after)
    : QUndoCommand(text), document_(document), before_(std::move(before)), after_(std::move(after)) {}

void TimelineEditCommand::redo() { write(after_); }
void TimelineEditCommand::undo() { write(before_); }

void TimelineEditCommand::write(const TimelineSettings& block) {
  timelineOf(document_.scene()) = block;
  document_.notifySceneEdited();
}

void pushTimelineEdit(SceneDocument& document, const QString& text, TimelineSettings after) {
  const TimelineSettings before = timelineOf(std::as_const(document.scene()));
  if (sameBlock(before, after)) return;
  document.undoStack().push(new TimelineEditCommand(document, text, before, std::move(after)));
}

}  // namespace flexure::app
