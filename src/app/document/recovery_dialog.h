#pragma once
// Offered at startup when a previous session ended without a clean close and left autosaved
// copies (autosave_store.h): lists each with the original file and when it was saved. The user
// recovers one (it opens as a modified document bound to its original file), discards the
// selected copies, or leaves them for next time.
#include <QDialog>
#include <optional>
#include <vector>

#include "document/autosave_store.h"

class QPushButton;
class QTreeWidget;

namespace flexure::app {

class RecoveryDialog : public QDialog {
  Q_OBJECT

 public:
  explicit RecoveryDialog(std::vector<RecoveryEntry> entries, QWidget* parent = nullptr);

  // The copy to recover after the dialog was accepted.
  std::optional<RecoveryEntry> chosen() const { return chosen_; }
  // Copies still listed (not discarded).
  const std::vector<RecoveryEntry>& entries() const { return entries_; }
  QTreeWidget* list() const { return list_; }
  QPushButton* recoverButton() const { return recover_; }
  QPushButton* discardButton() const { return discard_; }

 private:
  void fillList();
  void recoverSelected();
  void discardSelected();

  std::vector<RecoveryEntry> entries_;
  std::optional<RecoveryEntry> chosen_;
  QTreeWidget* list_ = nullptr;
  QPushButton* recover_ = nullptr;
  QPushButton* discard_ = nullptr;
};

}  // namespace flexure::app
