#pragma once
// The console's history of executed blocks: Up and Down walk it, it is kept in QSettings
// ("python/consoleHistory") across sessions and bounded to the newest kMaxEntries blocks.
#include <QString>
#include <QStringList>

namespace flexure::app {

class ConsoleHistory {
 public:
  static constexpr int kMaxEntries = 500;

  // Reads the stored history.
  ConsoleHistory();
  const QStringList& entries() const { return entries_; }
  // Appends a block (not a repeat of the newest one), stores the history, ends browsing.
  void add(const QString& block);

  // Browsing: older()/newer() return the entry to show; `current` is the text being typed when
  // browsing starts, given back when newer() walks past the newest entry.
  QString older(const QString& current);
  QString newer();
  bool browsing() const { return position_ >= 0; }
  void stopBrowsing() { position_ = -1; }

 private:
  QStringList entries_;
  int position_ = -1;  // index into entries_ while browsing
  QString draft_;
};

}  // namespace flexure::app
