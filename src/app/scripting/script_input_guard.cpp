#include "scripting/script_input_guard.h"

#include <QApplication>
#include <QCloseEvent>
#include <QKeyEvent>
#include <QWidget>

namespace flexure::app {

ScriptInputGuard::ScriptInputGuard(std::vector<QWidget*> allowed, std::function<void()> interrupt)
    : interrupt_(std::move(interrupt)) {
  for (QWidget* w : allowed) allowed_.emplace_back(w);
  qApp->installEventFilter(this);
}

ScriptInputGuard::~ScriptInputGuard() { qApp->removeEventFilter(this); }

bool ScriptInputGuard::allowed(QObject* watched) const {
  for (const QPointer<QWidget>& w : allowed_)
    if (w && (watched == w || (watched->isWidgetType() && w->isAncestorOf(static_cast<QWidget*>(watched)))))
      return true;
  return false;
}

bool ScriptInputGuard::eventFilter(QObject* watched, QEvent* event) {
  switch (event->type()) {
    case QEvent::KeyPress: {
      const auto* key = static_cast<QKeyEvent*>(event);
      if (key->key() == Qt::Key_Escape ||
          (key->key() == Qt::Key_C && (key->modifiers() & Qt::ControlModifier)))
        interrupt_();
      return true;
    }
    case QEvent::ShortcutOverride:
    case QEvent::Shortcut:
    case QEvent::KeyRelease:
    case QEvent::Wheel:
    case QEvent::ContextMenu:
    case QEvent::DragEnter:
    case QEvent::DragMove:
    case QEvent::Drop:
    case QEvent::TabletPress:
    case QEvent::TouchBegin:
      return true;
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonRelease:
    case QEvent::MouseButtonDblClick:
    case QEvent::MouseMove:
      return !allowed(watched);
    case QEvent::Close:
      // Closing a window mid-script: interrupt, and let the user close it afterwards.
      if (watched->isWidgetType() && static_cast<QWidget*>(watched)->isWindow()) {
        interrupt_();
        event->ignore();
        return true;
      }
      return false;
    default:
      return false;
  }
}

}  // namespace flexure::app
