#pragma once
// The interactive solving core under the GUI (DESIGN.md "Threads", docs/solver-thread.md).
// A SolverSession owns a working copy of the document and a solver thread. The GUI thread
// talks to it through two one-way channels:
//
//   SolverSession session(document);                    // clones, starts solving
//   session.send(session::ParameterEdited{i, 2.0});      // never waits
//   session.send(session::DragStart{"pipe", {0, .5, .5}, target});
//   if (auto r = session.latest(); r && r->sequence != seen) show(r->psi);   // never waits
//   if (auto d = session.lastDrag(); d && d->sequence != seenDrag) undoStack.push(d->psiAfter);
//
// The destructor sends Shutdown and joins; the solver thread checks for commands between
// bounded steps, so that is prompt. The solver thread sleeps on a condition variable when it
// has converged and nothing is pending.
#include <atomic>
#include <memory>
#include <thread>

#include "flexure/core/scene.h"
#include "flexure/session/command_queue.h"
#include "flexure/session/latest_value.h"
#include "flexure/session/session_options.h"
#include "flexure/session/session_result.h"

namespace flexure::session {

class SessionWorker;

class SolverSession {
 public:
  explicit SolverSession(const Scene& document, SessionOptions options = {});
  ~SolverSession();
  SolverSession(const SolverSession&) = delete;
  SolverSession& operator=(const SolverSession&) = delete;

  // Queues a command for the solver thread (returns at once).
  void send(SessionCommand command);
  // Convenience: the document's structure changed; the session works on a fresh clone.
  void structureChanged(const Scene& document);

  // The newest result (null before the first), and the newest finished drag (null before
  // the first). Both only copy a shared_ptr under a short lock.
  std::shared_ptr<const SessionResult> latest() const { return results_.latest(); }
  std::shared_ptr<const DragOutcome> lastDrag() const { return drags_.latest(); }
  // Called on the solver thread after each new result or finished drag (LatestValue::setNotifier).
  void setNotifier(const std::function<void()>& notify) {
    results_.setNotifier(notify);
    drags_.setNotifier(notify);
  }

 private:
  void threadMain();

  std::unique_ptr<SessionWorker> worker_;  // touched only by the solver thread after start
  CommandQueue commands_;
  LatestValue<SessionResult> results_;
  LatestValue<DragOutcome> drags_;
  std::thread thread_;
};

}  // namespace flexure::session
