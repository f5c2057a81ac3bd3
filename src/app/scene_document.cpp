#include "scene_document.h"

#include <QFileInfo>
#include <exception>

#include "flexure/io/open_scene.h"
#include "flexure/io/scene_file.h"

namespace flexure::app {

SceneDocument::SceneDocument(QObject* parent) : QObject(parent), scene_(std::make_unique<Scene>()) {}

SceneDocument::~SceneDocument() = default;

QString SceneDocument::displayName() const {
  return filePath_.isEmpty() ? QStringLiteral("untitled") : QFileInfo(filePath_).fileName();
}

void SceneDocument::newScene() {
  emit sceneAboutToBeReplaced();
  undoStack_.clear();  // its commands refer to the old scene
  scene_ = std::make_unique<Scene>();
  setFilePath(QString());
  setModified(false);
  emit sceneReplaced();
}

bool SceneDocument::open(const QString& path, QString& error, QStringList* warnings) {
  LoadResult result;
  try {
    result = openSceneFile(path.toStdString());
  } catch (const std::exception& e) {
    error = QString::fromStdString(e.what());
    return false;
  }
  if (!result.scene) {
    error = path + ": could not be read";
    return false;
  }
  if (warnings)
    for (const LoadWarning& w : result.warnings) warnings->push_back(QString::fromStdString(w.toString()));
  emit sceneAboutToBeReplaced();
  undoStack_.clear();
  scene_ = std::move(result.scene);
  setFilePath(QFileInfo(path).absoluteFilePath());
  setModified(false);
  emit sceneReplaced();
  return true;
}

bool SceneDocument::save(QString& error) {
  if (filePath_.isEmpty()) {
    error = "the document has no file yet; use Save As";
    return false;
  }
  return saveAs(filePath_, error);
}

bool SceneDocument::saveAs(const QString& path, QString& error) {
  try {
    saveScene(*scene_, path.toStdString());
  } catch (const std::exception& e) {
    error = QString::fromStdString(e.what());
    return false;
  }
  setFilePath(QFileInfo(path).absoluteFilePath());
  setModified(false);
  return true;
}

void SceneDocument::notifySceneEdited() {
  setModified(true);
  emit sceneEdited();
}

void SceneDocument::setModified(bool modified) {
  if (modified_ == modified) return;
  modified_ = modified;
  emit modifiedChanged(modified_);
}

void SceneDocument::setFilePath(const QString& path) {
  if (filePath_ == path) return;
  filePath_ = path;
  emit filePathChanged(filePath_);
}

}  // namespace flexure::app
