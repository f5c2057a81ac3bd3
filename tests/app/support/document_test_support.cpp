#include "support/document_test_support.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>

#include "document/autosave_store.h"
#include "document/scene_document.h"
#include "flexure/io/scene_file.h"

namespace flexure::app::testing {

MessageBoxAnswerer::MessageBoxAnswerer(std::vector<QMessageBox::StandardButton> answers) : answers_(std::move(answers)) {
  connect(&timer_, &QTimer::timeout, this, &MessageBoxAnswerer::poll);
  timer_.start(20);
}

void MessageBoxAnswerer::poll() {
  if (done()) return;
  auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
  if (!box || !box->isVisible()) return;
  QAbstractButton* button = box->button(answers_[next_]);
  if (!button) return;
  texts_ << box->text();
  ++next_;
  button->click();
}

SetValueCommand::SetValueCommand(SceneDocument& document, int index, double value)
    : document_(document), index_(index), before_(document.scene().parameters().value(index)), after_(value) {
  setText("set value");
}

void SetValueCommand::redo() {
  document_.scene().parameters().setValue(index_, after_);
  document_.notifySceneEdited();
}

void SetValueCommand::undo() {
  document_.scene().parameters().setValue(index_, before_);
  document_.notifySceneEdited();
}

std::string documentText(const Scene& scene) { return sceneToString(scene); }

void clearRecoveryDirectory() {
  QDir dir(recoveryDirectory());
  for (const QString& name : dir.entryList(QDir::Files)) dir.remove(name);
}

}  // namespace flexure::app::testing
