#pragma once
// The console's input: a multi-line editor in which Enter asks to run the block (the console
// decides whether it is complete, script_engine.h), Shift+Enter always starts a new line, a new
// line keeps the indentation (one more level after a colon), Tab indents by four spaces, and Up
// on the first line / Down on the last line walk the history.
#include <QPlainTextEdit>

namespace flexure::app {

class ConsoleInput : public QPlainTextEdit {
  Q_OBJECT

 public:
  explicit ConsoleInput(QWidget* parent = nullptr);
  // Ends the current line and indents the next one like a Python editor.
  void continueBlock();
  // Replaces the text (history) and puts the cursor at its end.
  void setBlockText(const QString& text);

 signals:
  void submitRequested();
  void historyOlderRequested();
  void historyNewerRequested();

 protected:
  void keyPressEvent(QKeyEvent* event) override;
};

}  // namespace flexure::app
