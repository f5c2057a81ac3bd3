#pragma once
// Autosave: while the document has unsaved changes, a recovery copy of it is written every
// `interval` seconds (autosave_store.h says where and how a crash is recognised). The copy never
// replaces the user's file; it is removed when the document is saved, when its changes are
// discarded (New, Open, Revert) and on a clean close. After a crash the next session offers the
// copies left behind (recovery_dialog.h); recovering opens a copy as a modified document bound
// to the original file.
#include <QObject>
#include <QString>
#include <functional>
#include <memory>

#include "document/autosave_store.h"

class QLockFile;
class QTimer;

namespace flexure::app {

class SceneDocument;

class Autosave : public QObject {
  Q_OBJECT

 public:
  static constexpr int kDefaultIntervalSeconds = 60;

  explicit Autosave(SceneDocument& document, QObject* parent = nullptr);
  // Keeps the copy of a document that still has unsaved changes (only a clean close removes it):
  // a window destroyed without closing is what a crash looks like to the next session.
  ~Autosave() override;

  void setIntervalSeconds(int seconds);
  int intervalSeconds() const { return intervalSeconds_; }
  // Called right before each copy is written (the window stores its camera into the scene).
  void setBeforeWrite(std::function<void()> hook) { beforeWrite_ = std::move(hook); }

  // Writes the copy now if the document has changes not autosaved yet. Returns false (and the
  // message) only when writing failed.
  bool writeNow(QString* error = nullptr);
  // The current copy ("" when there is none).
  const QString& copyPath() const { return copyPath_; }
  // The session ends cleanly: the copy and its lock go.
  void discard();
  // Recovers a crashed session's copy into the document (modified, bound to the original file),
  // re-autosaves it under this session and only then deletes the old copy.
  bool recover(const RecoveryEntry& entry, QString& error);

 signals:
  void autosaved(const QString& copyPath);
  void autosaveFailed(const QString& message);

 private:
  void markChanged();
  void documentReplaced();
  void documentModifiedChanged(bool modified);
  bool claimCopy(const QString& baseName);
  void releaseCopy();

  SceneDocument& document_;
  QTimer* timer_ = nullptr;
  int intervalSeconds_ = kDefaultIntervalSeconds;
  int serial_ = 0;                     // distinguishes untitled documents of one process
  bool pending_ = false;               // changes since the last copy
  QString copyPath_;                   // the copy this instance owns
  std::unique_ptr<QLockFile> lock_;    // held while copyPath_ is ours
  std::function<void()> beforeWrite_;
};

}  // namespace flexure::app
