#include "document/autosave_store.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QStandardPaths>
#include <algorithm>
#include <exception>

#include "flexure/io/atomic_file.h"

namespace flexure::app {

QString RecoveryEntry::documentName() const {
  return originalPath.isEmpty() ? QStringLiteral("untitled") : QFileInfo(originalPath).fileName();
}

QString recoveryDirectory() {
  const QString dir = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath("recovery");
  QDir().mkpath(dir);
  return dir;
}

QString recoveryBaseName(const QString& documentPath, int serial) {
  if (documentPath.isEmpty())
    return QStringLiteral("untitled-%1-%2").arg(QCoreApplication::applicationPid()).arg(serial);
  // The hash keeps two "scene.json" from different folders apart.
  const QByteArray hash =
      QCryptographicHash::hash(QFileInfo(documentPath).absoluteFilePath().toUtf8(), QCryptographicHash::Sha1).toHex();
  return QStringLiteral("%1-%2").arg(QFileInfo(documentPath).completeBaseName(), QString::fromLatin1(hash.left(10)));
}

static QString siblingWithSuffix(const QString& copyPath, const char* suffix) {
  const QFileInfo info(copyPath);
  return info.dir().filePath(info.completeBaseName() + QLatin1String(suffix));
}

QString infoPathOf(const QString& copyPath) { return siblingWithSuffix(copyPath, ".info"); }
QString lockPathOf(const QString& copyPath) { return siblingWithSuffix(copyPath, ".lock"); }

bool writeRecoveryInfo(const QString& copyPath, const QString& originalPath, QString* error) {
  QJsonObject info;
  info["original"] = originalPath;
  info["pid"] = QCoreApplication::applicationPid();
  info["saved"] = QDateTime::currentDateTime().toString(Qt::ISODateWithMs);
  const QByteArray text = QJsonDocument(info).toJson();
  try {
    writeFileAtomically(infoPathOf(copyPath).toStdString(), std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
  } catch (const std::exception& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
  return true;
}

// True when no running process holds the copy's lock (QLockFile: a lock file whose pid is gone
// is stale; age alone never makes a lock stale here, a session may run for days).
static bool isAbandoned(const QString& copyPath) {
  QLockFile probe(lockPathOf(copyPath));
  probe.setStaleLockTime(0);
  if (!probe.tryLock(0)) return false;
  probe.unlock();
  return true;
}

std::vector<RecoveryEntry> findRecoverableCopies() {
  std::vector<RecoveryEntry> entries;
  const QDir dir(recoveryDirectory());
  for (const QFileInfo& copy : dir.entryInfoList({"*.json"}, QDir::Files)) {
    QFile infoFile(infoPathOf(copy.absoluteFilePath()));
    if (!infoFile.open(QIODevice::ReadOnly)) continue;  // the copy's info is written after it
    const QJsonObject info = QJsonDocument::fromJson(infoFile.readAll()).object();
    if (info.isEmpty() || !isAbandoned(copy.absoluteFilePath())) continue;
    RecoveryEntry entry;
    entry.copyPath = copy.absoluteFilePath();
    entry.originalPath = info["original"].toString();
    entry.pid = info["pid"].toInteger();
    entry.savedAt = QDateTime::fromString(info["saved"].toString(), Qt::ISODateWithMs);
    entries.push_back(entry);
  }
  std::sort(entries.begin(), entries.end(),
            [](const RecoveryEntry& a, const RecoveryEntry& b) { return a.savedAt > b.savedAt; });
  return entries;
}

void removeRecoveryCopy(const QString& copyPath) {
  QFile::remove(copyPath);
  QFile::remove(infoPathOf(copyPath));
  // The lock file is the owner's to remove (QLockFile::unlock); a stale one goes with its copy.
  QLockFile probe(lockPathOf(copyPath));
  probe.setStaleLockTime(0);
  if (probe.tryLock(0)) probe.unlock();
}

}  // namespace flexure::app
