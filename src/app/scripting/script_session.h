#pragma once
// The window's end of scripting (docs/python.md "The console"): runs console blocks and script
// files against the open document as one undo step each, keeps `scene` bound to whatever
// document is open (File ▸ New / Open / Revert re-bind it; the old binding is detached), holds
// the live solver's results and the geometry back while a script runs, keeps the window
// repainting and interruptible meanwhile (script_interrupt.h, script_input_guard.h), and says so
// in the status bar. One run at a time; runs are synchronous (they return when the script ends).
#include <QObject>
#include <QPointer>
#include <QString>
#include <memory>
#include <vector>

#include "scripting/script_engine.h"

class QWidget;

namespace flexure::app {

class MainWindow;

class ScriptSession : public QObject {
  Q_OBJECT

 public:
  explicit ScriptSession(MainWindow& window, QObject* parent = nullptr);
  ~ScriptSession() override;

  // Starts Python and binds `scene` (first use; later calls do nothing). False, with the
  // reason sent to output(), when Python cannot start.
  bool ensureStarted();
  BlockStatus status(const QString& source);
  // A console block: undo step "Python: <first line>".
  RunStatus runBlock(const QString& source);
  // A script file: undo step "Python: <file name>"; tracebacks name the file and line.
  RunStatus runFile(const QString& path);
  bool isRunning() const { return running_; }
  // Raises KeyboardInterrupt in the running script (the Stop button, Esc, Ctrl+C).
  void interrupt();
  // Widgets that stay clickable while a script runs (the Stop button).
  void addInterruptWidget(QWidget* widget);

 signals:
  void output(flexure::app::OutputStream stream, const QString& text);
  void runningChanged(bool running);
  // After each run: how it ended and whether it changed the document (one undo step).
  void finished(flexure::app::RunStatus status, bool changedDocument);

 private:
  template <class Run>
  RunStatus run(const QString& label, Run&& body);
  void bindDocument();

  MainWindow& window_;
  struct Python;  // the engine and the undo recorder (Python-side types stay out of this header)
  std::unique_ptr<Python> python_;
  bool startFailed_ = false;
  bool running_ = false;
  std::vector<QPointer<QWidget>> interruptWidgets_;
};

}  // namespace flexure::app
