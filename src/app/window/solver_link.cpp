#include "window/solver_link.h"

#include <QMetaObject>
#include <QTimer>

#include "flexure/session/solver_session.h"

namespace flexure::app {

namespace {
// Poll a little faster than a 60 Hz display so a new result is drawn in the next frame.
constexpr int kPollIntervalMs = 12;
}  // namespace

SolverLink::SolverLink(QObject* parent) : QObject(parent), timer_(new QTimer(this)) {
  timer_->setInterval(kPollIntervalMs);
  connect(timer_, &QTimer::timeout, this, &SolverLink::poll);
}

SolverLink::~SolverLink() { stop(); }

void SolverLink::start(const Scene& document, session::SessionOptions options) {
  stop();
  session_ = std::make_unique<session::SolverSession>(document, std::move(options));
  // A new result is taken as soon as the GUI thread is free, not at the next tick (the timer
  // stays, for results published before the notifier was set). Events queued for a link that
  // is gone are dropped by Qt; the session (and its thread) ends before the link.
  session_->setNotifier([this] { QMetaObject::invokeMethod(this, &SolverLink::poll, Qt::QueuedConnection); });
  timer_->start();
}

void SolverLink::stop() {
  timer_->stop();
  session_.reset();
  lastResult_.reset();
  lastDrag_.reset();
  shownResult_ = nullptr;
  shownDrag_ = nullptr;
}

void SolverLink::structureChanged(const Scene& document) {
  if (session_) session_->structureChanged(document);
}

void SolverLink::send(session::SessionCommand command) {
  if (session_) session_->send(std::move(command));
}

std::shared_ptr<const session::SessionResult> SolverLink::latest() const {
  return session_ ? session_->latest() : nullptr;
}

std::shared_ptr<const session::DragOutcome> SolverLink::lastDrag() const {
  return session_ ? session_->lastDrag() : nullptr;
}

void SolverLink::poll() {
  if (!session_) return;
  // Identity, not sequence numbers: the buffers hand out a new object per publish, and we hold
  // the last one so its address cannot be reused by a later result.
  if (auto result = session_->latest(); result && result.get() != shownResult_) {
    lastResult_ = result;
    shownResult_ = result.get();
    emit resultArrived(result);
  }
  if (auto drag = session_->lastDrag(); drag && drag.get() != shownDrag_) {
    lastDrag_ = drag;
    shownDrag_ = drag.get();
    emit dragFinished(drag);
  }
}

}  // namespace flexure::app
