#pragma once
// While a script runs, the window processes its events (script_interrupt.h) but must not let
// the user change what the script is changing: this application-wide event filter swallows
// mouse, keyboard, wheel, drop and context-menu events, except those for the allowed widgets
// (the Stop button). Esc or Ctrl+C anywhere, and closing the window, ask for an interrupt
// instead. Paint, resize and timer events pass, so the window repaints and shows progress.
#include <QObject>
#include <QPointer>
#include <functional>
#include <vector>

class QWidget;

namespace flexure::app {

class ScriptInputGuard : public QObject {
 public:
  // Installs itself on the application until destroyed; `interrupt` is called for Esc, Ctrl+C
  // and close requests.
  ScriptInputGuard(std::vector<QWidget*> allowed, std::function<void()> interrupt);
  ~ScriptInputGuard() override;

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  bool allowed(QObject* watched) const;
  std::vector<QPointer<QWidget>> allowed_;
  std::function<void()> interrupt_;
};

}  // namespace flexure::app
