#include "scripting/console_input.h"

#include <QFontDatabase>
#include <QKeyEvent>
#include <QTextBlock>

namespace flexure::app {

ConsoleInput::ConsoleInput(QWidget* parent) : QPlainTextEdit(parent) {
  setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  setTabChangesFocus(false);
  setLineWrapMode(QPlainTextEdit::NoWrap);
  setPlaceholderText(tr("Python: Enter runs, Shift+Enter adds a line, Up/Down: history"));
}

void ConsoleInput::continueBlock() {
  QTextCursor cursor = textCursor();
  const QString line = cursor.block().text();
  QString indent;
  for (const QChar c : line) {
    if (c != ' ' && c != '\t') break;
    indent += c;
  }
  if (line.trimmed().endsWith(':')) indent += QStringLiteral("    ");
  cursor.insertText("\n" + indent);
  setTextCursor(cursor);
  ensureCursorVisible();
}

void ConsoleInput::setBlockText(const QString& text) {
  setPlainText(text);
  QTextCursor cursor = textCursor();
  cursor.movePosition(QTextCursor::End);
  setTextCursor(cursor);
}

void ConsoleInput::keyPressEvent(QKeyEvent* event) {
  const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
  if (enter && (event->modifiers() & Qt::ShiftModifier)) {
    continueBlock();
    return;
  }
  if (enter && !(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier))) {
    emit submitRequested();
    return;
  }
  if (event->key() == Qt::Key_Tab && event->modifiers() == Qt::NoModifier) {
    insertPlainText(QStringLiteral("    "));
    return;
  }
  const QTextCursor cursor = textCursor();
  if (event->key() == Qt::Key_Up && event->modifiers() == Qt::NoModifier && cursor.blockNumber() == 0) {
    emit historyOlderRequested();
    return;
  }
  if (event->key() == Qt::Key_Down && event->modifiers() == Qt::NoModifier &&
      cursor.blockNumber() == document()->blockCount() - 1) {
    emit historyNewerRequested();
    return;
  }
  QPlainTextEdit::keyPressEvent(event);
}

}  // namespace flexure::app
