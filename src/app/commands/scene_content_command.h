#pragma once
// The undo step of an edit that changed more than Ψ values (nodes, constraints, fields, frozen
// flags, bounds, keys, settings) — a script block, or a structure edit of the window (duplicate,
// paste, group, delete several: structure_edit.h): the document's content before the edit and
// after it, swapped in and out whole with exchangeSceneContent, so the node objects of each side
// keep their identity and the undo steps before and after this one stay valid.
#include <QUndoCommand>
#include <memory>

namespace flexure {
class Scene;
}

namespace flexure::app {

class SceneDocument;

class SceneContentCommand : public QUndoCommand {
 public:
  // `other` holds the content before the block; the document already shows the content after
  // it, so the first redo() only marks the document modified.
  SceneContentCommand(SceneDocument& document, const QString& text, std::unique_ptr<Scene> other);
  ~SceneContentCommand() override;
  void undo() override;
  void redo() override;

 private:
  void exchange();
  SceneDocument& document_;
  std::unique_ptr<Scene> other_;
  bool skipRedo_ = true;
};

}  // namespace flexure::app
