#pragma once
// The File → Open Recent list, kept in QSettings (most recent first, at most `capacity`).
#include <QString>
#include <QStringList>

namespace flexure::app {

class RecentFiles {
 public:
  explicit RecentFiles(int capacity = 10) : capacity_(capacity) {}
  QStringList paths() const;
  int capacity() const { return capacity_; }
  // Shrinking drops the oldest entries.
  void setCapacity(int capacity);
  // Moves `path` (made absolute) to the front.
  void add(const QString& path);
  void remove(const QString& path);
  void clear();

 private:
  void store(const QStringList& paths) const;
  int capacity_;
};

}  // namespace flexure::app
