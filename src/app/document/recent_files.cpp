#include "document/recent_files.h"

#include <QFileInfo>
#include <QSettings>
#include <algorithm>

namespace flexure::app {
namespace {
const char* const kKey = "recentFiles";
}

QStringList RecentFiles::paths() const { return QSettings().value(kKey).toStringList(); }

void RecentFiles::store(const QStringList& paths) const { QSettings().setValue(kKey, paths); }

void RecentFiles::add(const QString& path) {
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList list = paths();
  list.removeAll(absolute);
  list.prepend(absolute);
  while (list.size() > capacity_) list.removeLast();
  store(list);
}

void RecentFiles::remove(const QString& path) {
  QStringList list = paths();
  list.removeAll(QFileInfo(path).absoluteFilePath());
  store(list);
}

void RecentFiles::clear() { store({}); }

void RecentFiles::setCapacity(int capacity) {
  capacity_ = std::max(1, capacity);
  QStringList list = paths();
  if (list.size() <= capacity_) return;
  while (list.size() > capacity_) list.removeLast();
  store(list);
}

}  // namespace flexure::app
