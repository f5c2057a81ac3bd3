#include "scripting/script_session.h"

#include <QApplication>
#include <QFileInfo>
#include <QStatusBar>
#include <exception>

#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/core/scene.h"
#include "scripting/script_edit_recorder.h"
#include "scripting/script_input_guard.h"
#include "scripting/script_interrupt.h"
#include "timeline/timeline_panel.h"
#include "timeline/timeline_playback.h"
#include "window/main_window.h"

namespace flexure::app {
namespace {
// How long one pump may process events: short, so a script loses little time to repainting.
constexpr int kPumpBudgetMs = 15;

QString undoLabelOf(const QString& source) {
  QString first = source.trimmed().section('\n', 0, 0).trimmed();
  if (first.size() > 60) first = first.left(57) + QStringLiteral("…");
  return QObject::tr("Python: %1").arg(first);
}
}  // namespace

struct ScriptSession::Python {
  std::unique_ptr<ScriptEngine> engine;
  std::shared_ptr<ScriptEditRecorder> recorder;
};

ScriptSession::ScriptSession(MainWindow& window, QObject* parent) : QObject(parent), window_(window) {
  SceneDocument& document = window_.document();
  // The Scene object goes away: scripts' references to it must raise from now on.
  connect(&document, &SceneDocument::sceneAboutToBeReplaced, this, [this] {
    if (python_) python_->engine->unbindScene();
  });
  connect(&document, &SceneDocument::sceneReplaced, this, [this] {
    if (python_) bindDocument();
  });
}

ScriptSession::~ScriptSession() = default;

bool ScriptSession::ensureStarted() {
  if (python_) return true;
  if (startFailed_) return false;
  try {
    auto p = std::make_unique<Python>();
    p->engine = std::make_unique<ScriptEngine>([this](OutputStream stream, const QString& text) { emit output(stream, text); });
    p->recorder = std::make_shared<ScriptEditRecorder>(window_.document());
    python_ = std::move(p);
  } catch (const std::exception& e) {
    startFailed_ = true;
    emit output(OutputStream::Stderr, QString::fromStdString(std::string(e.what()) + "\n"));
    return false;
  }
  bindDocument();
  return true;
}

void ScriptSession::bindDocument() {
  python_->engine->bindScene(window_.document().scene(), python_->recorder);
}

BlockStatus ScriptSession::status(const QString& source) {
  if (!ensureStarted()) return BlockStatus::Complete;
  return python_->engine->status(source);
}

RunStatus ScriptSession::runBlock(const QString& source) {
  return run(undoLabelOf(source), [&] { return python_->engine->runBlock(source); });
}

RunStatus ScriptSession::runFile(const QString& path) {
  return run(tr("Python: %1").arg(QFileInfo(path).fileName()), [&] { return python_->engine->runFile(path); });
}

void ScriptSession::interrupt() {
  if (running_) ScriptInterrupt::request();
}

void ScriptSession::addInterruptWidget(QWidget* widget) { interruptWidgets_.emplace_back(widget); }

template <class Run>
RunStatus ScriptSession::run(const QString& label, Run&& body) {
  if (running_ || !ensureStarted()) return RunStatus::Error;
  running_ = true;
  emit runningChanged(true);
  // The timeline writes frames into Ψ while it plays: not during a script.
  if (auto* timeline = window_.findChild<TimelinePanel*>())
    if (timeline->playback().isPlaying()) timeline->playback().pause();
  const Node* selected = window_.selection().current();
  const std::string selectedName = selected ? selected->name() : std::string();
  window_.statusBar()->showMessage(tr("Running script… Esc or Stop to interrupt"));
  window_.holdLiveUpdates(true);
  python_->recorder->begin();
  RunStatus status = RunStatus::Error;
  {
    std::vector<QWidget*> allowed;
    for (const QPointer<QWidget>& w : interruptWidgets_)
      if (w) allowed.push_back(w);
    ScriptInputGuard guard(allowed, [] { ScriptInterrupt::request(); });
    ScriptInterrupt watch([] { QCoreApplication::processEvents(QEventLoop::AllEvents, kPumpBudgetMs); });
    status = body();
  }
  const bool structure = python_->recorder->structureChanged();
  const bool changed = python_->recorder->end(status == RunStatus::Interrupted ? label + tr(" (interrupted)") : label);
  window_.holdLiveUpdates(false, /*redeliverLatest=*/!changed);
  if (structure && !selectedName.empty())
    if (const Node* again = window_.document().scene().find(selectedName)) window_.selection().select(again);
  window_.statusBar()->showMessage(status == RunStatus::Interrupted ? tr("Script interrupted")
                                   : status == RunStatus::Error     ? tr("Script failed: see the Python console")
                                                                    : tr("Script finished"),
                                   4000);
  running_ = false;
  emit runningChanged(false);
  emit finished(status, changed);
  return status;
}

}  // namespace flexure::app
