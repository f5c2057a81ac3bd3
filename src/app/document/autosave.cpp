#include "document/autosave.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QTimer>
#include <algorithm>
#include <atomic>
#include <exception>

#include "document/scene_document.h"
#include "flexure/io/scene_file.h"

namespace flexure::app {

namespace {
std::atomic<int> nextSerial{1};
}

Autosave::Autosave(SceneDocument& document, QObject* parent)
    : QObject(parent), document_(document), timer_(new QTimer(this)), serial_(nextSerial++) {
  timer_->setInterval(intervalSeconds_ * 1000);
  connect(timer_, &QTimer::timeout, this, [this] {
    QString error;
    if (!writeNow(&error)) emit autosaveFailed(error);
  });
  timer_->start();
  connect(&document_, &SceneDocument::sceneEdited, this, &Autosave::markChanged);
  connect(&document_, &SceneDocument::sceneReplaced, this, &Autosave::documentReplaced);
  connect(&document_, &SceneDocument::modifiedChanged, this, &Autosave::documentModifiedChanged);
  connect(&document_.undoStack(), &QUndoStack::indexChanged, this, &Autosave::markChanged);
}

Autosave::~Autosave() = default;  // QLockFile's destructor releases the lock, the copy stays

void Autosave::setIntervalSeconds(int seconds) {
  intervalSeconds_ = std::max(1, seconds);
  timer_->setInterval(intervalSeconds_ * 1000);
}

void Autosave::markChanged() { pending_ = true; }

void Autosave::documentModifiedChanged(bool modified) {
  if (modified)
    pending_ = true;
  else
    releaseCopy();  // saved, or the changes were discarded
}

void Autosave::documentReplaced() {
  // A recovered document arrives modified and must be autosaved under this session.
  pending_ = document_.isModified();
  if (!pending_) releaseCopy();
}

bool Autosave::claimCopy(const QString& baseName) {
  const QString path = QDir(recoveryDirectory()).filePath(baseName + ".json");
  if (path == copyPath_) return true;
  auto lock = std::make_unique<QLockFile>(lockPathOf(path));
  lock->setStaleLockTime(0);  // a long session's lock is not stale; a dead owner's is
  if (!lock->tryLock(0)) return false;  // another running instance autosaves that document
  releaseCopy();
  copyPath_ = path;
  lock_ = std::move(lock);
  return true;
}

void Autosave::releaseCopy() {
  if (copyPath_.isEmpty()) return;
  QFile::remove(copyPath_);
  QFile::remove(infoPathOf(copyPath_));
  lock_.reset();  // unlocks and deletes the lock file
  copyPath_.clear();
}

bool Autosave::writeNow(QString* error) {
  if (!document_.isModified() || !pending_) return true;
  const QString original = document_.filePath();
  // The same file open in two instances: the second autosaves under a name of its own.
  if (!claimCopy(recoveryBaseName(original, serial_)) &&
      !claimCopy(recoveryBaseName(QString(), serial_) + "-" + QFileInfo(original).completeBaseName())) {
    if (error) *error = tr("no recovery file could be reserved in %1").arg(recoveryDirectory());
    return false;
  }
  if (beforeWrite_) beforeWrite_();
  try {
    saveScene(document_.scene(), copyPath_.toStdString());
  } catch (const std::exception& e) {
    if (error) *error = tr("autosave failed: %1").arg(QString::fromStdString(e.what()));
    return false;
  }
  if (!writeRecoveryInfo(copyPath_, original, error)) return false;
  pending_ = false;
  emit autosaved(copyPath_);
  return true;
}

void Autosave::discard() {
  releaseCopy();
  pending_ = false;
}

bool Autosave::recover(const RecoveryEntry& entry, QString& error) {
  if (!document_.openRecovered(entry.copyPath, entry.originalPath, error)) return false;
  pending_ = true;
  if (!writeNow(&error)) return false;  // keep the old copy until this session holds the changes
  // The same document autosaves under the same name: then the old copy is already replaced.
  if (QFileInfo(entry.copyPath).absoluteFilePath() != QFileInfo(copyPath_).absoluteFilePath())
    removeRecoveryCopy(entry.copyPath);
  return true;
}

}  // namespace flexure::app
