#pragma once
// Where autosaved recovery copies live and how a crashed session's copies are told from those
// of a running instance. Each copy is three files in QStandardPaths::AppDataLocation/recovery/:
//   <base>.json  the scene, written atomically by io (never the user's file)
//   <base>.info  JSON: the original file (empty for an untitled document), pid, time saved
//   <base>.lock  a QLockFile held by the instance that writes the copy
// A copy whose lock can be taken (no lock file, or one left by a process that no longer runs)
// belongs to a session that ended without a clean close: it is offered for recovery.
#include <QDateTime>
#include <QString>
#include <vector>

namespace flexure::app {

struct RecoveryEntry {
  QString copyPath;      // <base>.json
  QString originalPath;  // the document's file; empty when it was never saved
  QDateTime savedAt;     // local time of the autosave
  qint64 pid = 0;        // the process that wrote it
  // "pipe.json" or "untitled".
  QString documentName() const;
};

// The recovery directory (created when missing).
QString recoveryDirectory();
// The copy's base name (without extension) for a document: "<file name>-<hash of its path>",
// or "untitled-<pid>-<serial>" for a document that was never saved.
QString recoveryBaseName(const QString& documentPath, int serial);
QString infoPathOf(const QString& copyPath);
QString lockPathOf(const QString& copyPath);

// Writes <base>.info next to a copy just written (atomically). Returns false on failure.
bool writeRecoveryInfo(const QString& copyPath, const QString& originalPath, QString* error = nullptr);
// Copies left by sessions that are not running any more, newest first.
std::vector<RecoveryEntry> findRecoverableCopies();
// Deletes a copy with its info and lock files.
void removeRecoveryCopy(const QString& copyPath);

}  // namespace flexure::app
