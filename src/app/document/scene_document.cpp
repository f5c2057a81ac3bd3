#include "document/scene_document.h"

#include <QFileInfo>
#include <exception>
#include <utility>

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
    result = fileReader_ ? fileReader_(path) : openSceneFile(path.toStdString());
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
  adopt(std::move(result.scene), QFileInfo(path).absoluteFilePath(), false);
  return true;
}

bool SceneDocument::revert(QString& error) {
  if (filePath_.isEmpty()) {
    error = "the document has never been saved; there is nothing to revert to";
    return false;
  }
  const QString path = filePath_;  // open() may change filePath_ only on success
  return open(path, error);
}

bool SceneDocument::openRecovered(const QString& copyPath, const QString& originalPath, QString& error) {
  LoadResult result;
  try {
    const std::string text = readWholeFile(copyPath.toStdString());
    const QString base = originalPath.isEmpty() ? QString() : QFileInfo(originalPath).absolutePath();
    result = readSceneString(text, copyPath.toStdString(), base.toStdString());
  } catch (const std::exception& e) {
    error = QString::fromStdString(e.what());
    return false;
  }
  if (!result.scene) {
    error = copyPath + ": could not be read";
    return false;
  }
  adopt(std::move(result.scene), originalPath.isEmpty() ? QString() : QFileInfo(originalPath).absoluteFilePath(), true);
  return true;
}

void SceneDocument::adopt(std::unique_ptr<Scene> scene, const QString& path, bool modified) {
  emit sceneAboutToBeReplaced();
  undoStack_.clear();  // its commands refer to the old scene
  scene_ = std::move(scene);
  setFilePath(path);
  setModified(modified);
  emit sceneReplaced();
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
  // An edit made by a slot of a values-only edit is not values-only itself.
  const bool outer = std::exchange(valuesOnlyEdit_, false);
  setModified(true);
  emit sceneEdited();
  valuesOnlyEdit_ = outer;
}

void SceneDocument::notifyValuesEdited(bool markModified) {
  const bool outer = std::exchange(valuesOnlyEdit_, true);
  if (markModified) setModified(true);
  emit sceneEdited();
  valuesOnlyEdit_ = outer;
}

void SceneDocument::beginStructureChange() { emit structureAboutToChange(); }

void SceneDocument::endStructureChange() {
  emit structureChanged();
  notifySceneEdited();
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
