#pragma once
// The GUI thread's end of the solver thread (DESIGN.md "Threads", docs/solver-thread.md): owns
// the Qt-free session::SolverSession, forwards commands to it (never waits) and polls its
// latest-value buffers from a timer on the GUI thread, emitting a signal only for results it has
// not shown yet. Panels connect to these signals; nothing else talks to the session directly.
#include <QObject>
#include <cstdint>
#include <memory>

#include "flexure/core/scene.h"
#include "flexure/session/session_command.h"
#include "flexure/session/session_options.h"
#include "flexure/session/session_result.h"

class QTimer;

namespace flexure::session {
class SolverSession;
}

namespace flexure::app {

class SolverLink : public QObject {
  Q_OBJECT

 public:
  explicit SolverLink(QObject* parent = nullptr);
  ~SolverLink() override;

  // Starts a session on a clone of `document` (ending any previous one).
  void start(const Scene& document, session::SessionOptions options = {});
  // Ends the session (joins the solver thread; prompt, it checks between bounded steps).
  void stop();
  bool isRunning() const { return session_ != nullptr; }

  // The document's structure changed: the session continues on a fresh clone.
  void structureChanged(const Scene& document);
  // Queues a command; ignored when no session runs. Never waits for the solver.
  void send(session::SessionCommand command);

  // The newest result / finished drag (null before the first of this session).
  std::shared_ptr<const session::SessionResult> latest() const;
  std::shared_ptr<const session::DragOutcome> lastDrag() const;

  // Polls once now instead of waiting for the timer (tests).
  void poll();

 signals:
  // A result not emitted before (at most one per poll: the newest; older ones are dropped).
  void resultArrived(std::shared_ptr<const flexure::session::SessionResult> result);
  // A drag ended on the solver thread: the GUI records its Ψ before/after as one undo step.
  void dragFinished(std::shared_ptr<const flexure::session::DragOutcome> outcome);

 private:
  std::unique_ptr<session::SolverSession> session_;
  QTimer* timer_ = nullptr;
  const session::SessionResult* shownResult_ = nullptr;
  const session::DragOutcome* shownDrag_ = nullptr;
  std::shared_ptr<const session::SessionResult> lastResult_;  // keeps shownResult_ alive
  std::shared_ptr<const session::DragOutcome> lastDrag_;
};

}  // namespace flexure::app

Q_DECLARE_METATYPE(std::shared_ptr<const flexure::session::SessionResult>)
Q_DECLARE_METATYPE(std::shared_ptr<const flexure::session::DragOutcome>)
