#pragma once
// View ▸ Panels ▸ Python Console (docs/python.md "The console"): the output of every block
// (stdout plain, stderr and tracebacks in red, the blocks themselves echoed after ">>> "), an
// input for multi-line blocks with a persisted history, a busy bar and a Stop button while a
// script runs. It also fills the Scripts menu: Run Script…, recent scripts, the console itself.
#include <QColor>
#include <QDockWidget>
#include <QStringList>

#include "scripting/console_history.h"
#include "scripting/script_engine.h"

class QLabel;
class QMenu;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;

namespace flexure::app {

class ConsoleInput;
class MainWindow;
class ScriptSession;

class PythonConsolePanel : public QDockWidget {
  Q_OBJECT

 public:
  explicit PythonConsolePanel(MainWindow& window);
  ~PythonConsolePanel() override;

  ScriptSession& session() { return *session_; }
  ConsoleInput* input() const { return input_; }
  QPushButton* stopButton() const { return stop_; }
  QProgressBar* busyBar() const { return busy_; }
  QString outputText() const;

  // What Enter does: runs the typed block when it is complete (or invalid: the syntax error is
  // shown), otherwise continues it on a new line. Returns true when it ran.
  bool submit();
  // Scripts ▸ Run Script…: runs a .py file (the console opens if it was hidden).
  RunStatus runScriptFile(const QString& path);
  void runScriptWithDialog();
  // Run Script…, Recent Scripts and the console's own toggle.
  void populateScriptsMenu(QMenu* menu);
  static constexpr int kMaxRecentScripts = 8;
  static QStringList recentScripts();

 private:
  void append(const QString& text, const QColor& color);
  void echo(const QString& block);
  void rememberScript(const QString& path);
  void refreshRecentMenu();
  void setRunning(bool running);

  MainWindow& window_;
  ScriptSession* session_ = nullptr;
  QPlainTextEdit* output_ = nullptr;
  ConsoleInput* input_ = nullptr;
  QLabel* prompt_ = nullptr;
  QProgressBar* busy_ = nullptr;
  QPushButton* stop_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  ConsoleHistory history_;
};

}  // namespace flexure::app
