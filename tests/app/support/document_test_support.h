#pragma once
// Helpers for the document tests (tests/app/document/test_document*.cpp): answering modal message boxes,
// editing Ψ as an undoable command, comparing documents exactly.
#include <QMessageBox>
#include <QObject>
#include <QStringList>
#include <QTimer>
#include <QUndoCommand>
#include <string>
#include <vector>

#include "flexure/core/scene.h"

namespace flexure::app {
class SceneDocument;
}

namespace flexure::app::testing {

// Answers the next modal QMessageBoxes in order with `answers`, recording their texts. Lives as
// long as the test needs it; polls from the event loops the boxes run.
class MessageBoxAnswerer : public QObject {
 public:
  explicit MessageBoxAnswerer(std::vector<QMessageBox::StandardButton> answers);
  const QStringList& texts() const { return texts_; }
  bool done() const { return next_ >= answers_.size(); }

 private:
  void poll();
  std::vector<QMessageBox::StandardButton> answers_;
  std::size_t next_ = 0;
  QStringList texts_;
  QTimer timer_;
};

// Sets one Ψ entry (undo restores the old value bit for bit).
class SetValueCommand : public QUndoCommand {
 public:
  SetValueCommand(SceneDocument& document, int index, double value);
  void redo() override;
  void undo() override;

 private:
  SceneDocument& document_;
  int index_;
  double before_, after_;
};

// The scene as its file text: equal texts mean equal structure, fields and bit-exact doubles.
std::string documentText(const Scene& scene);
// Empties the recovery folder (copies left by other tests or runs).
void clearRecoveryDirectory();

}  // namespace flexure::app::testing
