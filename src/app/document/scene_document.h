#pragma once
// The open document: the authoritative Scene, the file it came from and whether it has unsaved
// changes. Loading and saving go through the io module (flexure/io/open_scene.h,
// flexure/io/scene_file.h); this class only adds the Qt signals the window listens to.
#include <QObject>
#include <QUndoStack>
#include <QString>
#include <QStringList>
#include <functional>
#include <memory>

#include "flexure/core/scene.h"
#include "flexure/io/open_scene.h"

namespace flexure::app {

class SceneDocument : public QObject {
  Q_OBJECT

 public:
  explicit SceneDocument(QObject* parent = nullptr);
  ~SceneDocument() override;

  Scene& scene() { return *scene_; }
  const Scene& scene() const { return *scene_; }
  // Absolute path of the file, empty for a new document.
  const QString& filePath() const { return filePath_; }
  // File name for titles ("untitled" for a new document).
  QString displayName() const;
  bool isModified() const { return modified_; }

  // Every edit of the document goes through this stack (a whole drag is one command). Cleared
  // when another scene replaces this one.
  QUndoStack& undoStack() { return undoStack_; }

  // How open() and revert() read a file: openSceneFile by default. The window reads through the
  // import progress (document/import_progress.h), so that a mesh file assimp runs away on shows
  // its progress and can be cancelled; the reader runs to completion before the document changes.
  using FileReader = std::function<LoadResult(const QString& path)>;
  void setFileReader(FileReader reader) { fileReader_ = std::move(reader); }

  // Replaces the document by an empty scene.
  void newScene();
  // All-or-nothing: on failure the current document is untouched and `error` holds the
  // loader's message (file:line:column: JSON path: what). Warnings are returned, not fatal.
  bool open(const QString& path, QString& error, QStringList* warnings = nullptr);
  // Atomic save to the current file / to `path` (which becomes the current file).
  bool save(QString& error);
  bool saveAs(const QString& path, QString& error);
  // Reloads the current file from disk, dropping unsaved changes and the undo history; like
  // open(), all-or-nothing. Fails for a document that has no file yet.
  bool revert(QString& error);
  // Opens an autosaved recovery copy as a modified document bound to `originalPath` (empty for
  // a document that was never saved): saving writes the original file, never the copy. Mesh
  // sources are resolved relative to the original file's directory. All-or-nothing.
  bool openRecovered(const QString& copyPath, const QString& originalPath, QString& error);

  // Edits made through the document's users: geometry or Ψ changed (after the edit).
  void notifySceneEdited();
  // An edit that changed Ψ values only — no node, field, frozen flag, bound, constraint or
  // setting: the window forwards it without re-deriving the scene's structure, which costs
  // ~30 ms on a 10,000-node scene (docs/app.md). `markModified` false for values that are shown,
  // not edited (the timeline showing a frame).
  void notifyValuesEdited(bool markModified = true);
  // True while the sceneEdited of a notifyValuesEdited() is being delivered.
  bool valuesOnlyEdit() const { return valuesOnlyEdit_; }
  // Nodes or constraints are about to be added, removed or moved in the same Scene: call
  // begin before touching the tree and end after (end marks the document modified and also
  // emits sceneEdited). Models holding node pointers reset in between.
  void beginStructureChange();
  void endStructureChange();
  void setModified(bool modified);

 signals:
  // The Scene object is about to be destroyed and replaced (models drop their node pointers).
  void sceneAboutToBeReplaced();
  // A different Scene object now backs the document (new, open).
  void sceneReplaced();
  // The same Scene changed (parameters, structure, solver step).
  void sceneEdited();
  // Brackets a change of the node tree or the constraint list of the same Scene.
  void structureAboutToChange();
  void structureChanged();
  void modifiedChanged(bool modified);
  void filePathChanged(const QString& path);

 private:
  void setFilePath(const QString& path);
  void adopt(std::unique_ptr<Scene> scene, const QString& path, bool modified);
  std::unique_ptr<Scene> scene_;
  FileReader fileReader_;
  QUndoStack undoStack_;
  QString filePath_;
  bool modified_ = false;
  bool valuesOnlyEdit_ = false;
};

}  // namespace flexure::app
