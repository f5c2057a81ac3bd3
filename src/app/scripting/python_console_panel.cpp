#include "scripting/python_console_panel.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QTextCursor>
#include <QVBoxLayout>

#include "scripting/console_input.h"
#include "scripting/script_session.h"
#include "window/main_window.h"

namespace flexure::app {
namespace {
const char* const kRecentKey = "python/recentScripts";
const QColor kStdoutColor(30, 30, 30);
const QColor kStderrColor(198, 40, 40);
const QColor kEchoColor(21, 101, 192);
const QColor kInfoColor(110, 110, 110);
}  // namespace

PythonConsolePanel::PythonConsolePanel(MainWindow& window)
    : QDockWidget(tr("Python Console"), &window), window_(window), session_(new ScriptSession(window, this)) {
  setObjectName("pythonConsole");
  auto* content = new QWidget(this);
  auto* layout = new QVBoxLayout(content);
  layout->setContentsMargins(4, 4, 4, 4);
  output_ = new QPlainTextEdit(content);
  output_->setObjectName("pythonConsoleOutput");
  output_->setReadOnly(true);
  output_->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  output_->setMaximumBlockCount(20000);
  output_->setUndoRedoEnabled(false);
  input_ = new ConsoleInput(content);
  input_->setObjectName("pythonConsoleInput");
  input_->setMaximumHeight(input_->fontMetrics().lineSpacing() * 8 + 12);
  auto* splitter = new QSplitter(Qt::Vertical, content);
  splitter->addWidget(output_);
  auto* inputRow = new QWidget(splitter);
  auto* inputLayout = new QHBoxLayout(inputRow);
  inputLayout->setContentsMargins(0, 0, 0, 0);
  prompt_ = new QLabel(QStringLiteral(">>>"), inputRow);
  prompt_->setFont(input_->font());
  prompt_->setAlignment(Qt::AlignTop);
  inputLayout->addWidget(prompt_);
  inputLayout->addWidget(input_, 1);
  auto* side = new QVBoxLayout();
  busy_ = new QProgressBar(inputRow);
  busy_->setRange(0, 0);  // busy, no percentage: a script does not say how far it is
  busy_->setTextVisible(false);
  busy_->setMaximumWidth(90);
  busy_->setVisible(false);
  stop_ = new QPushButton(tr("Stop"), inputRow);
  stop_->setObjectName("pythonConsoleStop");
  stop_->setToolTip(tr("Interrupt the running script (KeyboardInterrupt); also Esc or Ctrl+C"));
  stop_->setEnabled(false);
  side->addWidget(stop_);
  side->addWidget(busy_);
  side->addStretch(1);
  inputLayout->addLayout(side);
  splitter->addWidget(inputRow);
  splitter->setStretchFactor(0, 4);
  splitter->setStretchFactor(1, 1);
  const int line = input_->fontMetrics().lineSpacing();
  splitter->setSizes({line * 12, line * 3 + 12});  // the output gets the room, the input grows on demand
  layout->addWidget(splitter);
  setWidget(content);

  session_->addInterruptWidget(stop_);
  connect(stop_, &QPushButton::clicked, session_, &ScriptSession::interrupt);
  connect(session_, &ScriptSession::output, this, [this](OutputStream stream, const QString& text) {
    append(text, stream == OutputStream::Stderr ? kStderrColor : kStdoutColor);
  });
  connect(session_, &ScriptSession::runningChanged, this, &PythonConsolePanel::setRunning);
  connect(input_, &ConsoleInput::submitRequested, this, [this] { submit(); });
  connect(input_, &ConsoleInput::historyOlderRequested, this,
          [this] { input_->setBlockText(history_.older(input_->toPlainText())); });
  connect(input_, &ConsoleInput::historyNewerRequested, this, [this] {
    if (history_.browsing()) input_->setBlockText(history_.newer());
  });
  append(tr("Python console: `scene` is the open document, `flexure` the module (docs/python.md).\n"
            "Each block is one undo step. Enter runs, Shift+Enter adds a line; Esc, Ctrl+C or Stop interrupts.\n"),
         kInfoColor);
}

PythonConsolePanel::~PythonConsolePanel() = default;

QString PythonConsolePanel::outputText() const { return output_->toPlainText(); }

void PythonConsolePanel::append(const QString& text, const QColor& color) {
  QTextCursor cursor(output_->document());
  cursor.movePosition(QTextCursor::End);
  QTextCharFormat format;
  format.setForeground(color);
  cursor.insertText(text, format);
  output_->verticalScrollBar()->setValue(output_->verticalScrollBar()->maximum());
}

void PythonConsolePanel::echo(const QString& block) {
  QString shown;
  const QStringList lines = block.split('\n');
  for (int i = 0; i < lines.size(); ++i) shown += (i == 0 ? QStringLiteral(">>> ") : QStringLiteral("... ")) + lines[i] + '\n';
  append(shown, kEchoColor);
}

bool PythonConsolePanel::submit() {
  if (session_->isRunning()) return false;
  const QString block = input_->toPlainText();
  if (block.trimmed().isEmpty()) {
    input_->clear();
    return false;
  }
  if (session_->status(block) == BlockStatus::Incomplete) {
    input_->continueBlock();
    prompt_->setText(QStringLiteral("..."));
    return false;
  }
  // Trailing blank lines only ended the block.
  QString source = block;
  while (source.endsWith('\n') || source.endsWith(' ') || source.endsWith('\t')) source.chop(1);
  echo(source);
  history_.add(source);
  input_->clear();
  prompt_->setText(QStringLiteral(">>>"));
  session_->runBlock(source);
  return true;
}

RunStatus PythonConsolePanel::runScriptFile(const QString& path) {
  if (session_->isRunning()) return RunStatus::Error;
  show();
  raise();
  rememberScript(path);
  append(tr("# Run Script: %1\n").arg(QFileInfo(path).absoluteFilePath()), kInfoColor);
  const RunStatus status = session_->runFile(path);
  if (status == RunStatus::Ok) append(tr("# %1 finished\n").arg(QFileInfo(path).fileName()), kInfoColor);
  return status;
}

void PythonConsolePanel::runScriptWithDialog() {
  const QStringList recent = recentScripts();
  const QString folder = recent.isEmpty() ? QString() : QFileInfo(recent.first()).absolutePath();
  const QString path = QFileDialog::getOpenFileName(&window_, tr("Run Script"), folder, tr("Python scripts (*.py);;All files (*)"));
  if (!path.isEmpty()) runScriptFile(path);
}

QStringList PythonConsolePanel::recentScripts() { return QSettings().value(kRecentKey).toStringList(); }

void PythonConsolePanel::rememberScript(const QString& path) {
  QStringList recent = recentScripts();
  const QString absolute = QFileInfo(path).absoluteFilePath();
  recent.removeAll(absolute);
  recent.prepend(absolute);
  while (recent.size() > kMaxRecentScripts) recent.removeLast();
  QSettings().setValue(kRecentKey, recent);
}

void PythonConsolePanel::populateScriptsMenu(QMenu* menu) {
  QAction* run = menu->addAction(tr("&Run Script…"), this, &PythonConsolePanel::runScriptWithDialog);
  run->setShortcut(QKeySequence(tr("Ctrl+Shift+R")));
  recentMenu_ = menu->addMenu(tr("Recent &Scripts"));
  connect(recentMenu_, &QMenu::aboutToShow, this, &PythonConsolePanel::refreshRecentMenu);
  refreshRecentMenu();
  menu->addSeparator();
  QAction* toggle = toggleViewAction();
  toggle->setText(tr("&Python Console"));
  menu->addAction(toggle);
}

void PythonConsolePanel::refreshRecentMenu() {
  recentMenu_->clear();
  const QStringList recent = recentScripts();
  for (const QString& path : recent)
    recentMenu_->addAction(QFileInfo(path).fileName(), this, [this, path] { runScriptFile(path); })->setToolTip(path);
  recentMenu_->setEnabled(!recent.isEmpty());
}

void PythonConsolePanel::setRunning(bool running) {
  stop_->setEnabled(running);
  busy_->setVisible(running);
  input_->setReadOnly(running);
  if (running) stop_->setFocus();
  else input_->setFocus();
}

}  // namespace flexure::app
