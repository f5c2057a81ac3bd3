#include "scripting/console_history.h"

#include <QSettings>

namespace flexure::app {
namespace {
const char* const kKey = "python/consoleHistory";
}

ConsoleHistory::ConsoleHistory() {
  entries_ = QSettings().value(kKey).toStringList();
  while (entries_.size() > kMaxEntries) entries_.removeFirst();
}

void ConsoleHistory::add(const QString& block) {
  position_ = -1;
  if (block.trimmed().isEmpty() || (!entries_.isEmpty() && entries_.last() == block)) return;
  entries_.append(block);
  while (entries_.size() > kMaxEntries) entries_.removeFirst();
  QSettings().setValue(kKey, entries_);
}

QString ConsoleHistory::older(const QString& current) {
  if (entries_.isEmpty()) return current;
  if (position_ < 0) {
    draft_ = current;
    position_ = static_cast<int>(entries_.size());
  }
  if (position_ > 0) --position_;
  return entries_[position_];
}

QString ConsoleHistory::newer() {
  if (position_ < 0) return QString();
  if (++position_ >= entries_.size()) {
    position_ = -1;
    return draft_;
  }
  return entries_[position_];
}

}  // namespace flexure::app
