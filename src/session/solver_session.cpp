// The solver thread's loop (solver_session.h): drain commands, take one bounded step when there
// is work, publish; otherwise sleep until a command arrives.
#include "flexure/session/solver_session.h"

#include "session_worker.h"

namespace flexure::session {

SolverSession::SolverSession(const Scene& document, SessionOptions options)
    : worker_(std::make_unique<SessionWorker>(document.clone(), std::move(options))) {
  results_.publish(worker_->result());  // the GUI has a result (the document's Ψ) at once
  thread_ = std::thread([this] { threadMain(); });
}

SolverSession::~SolverSession() {
  commands_.push(Shutdown{});
  if (thread_.joinable()) thread_.join();
}

void SolverSession::send(SessionCommand command) { commands_.push(std::move(command)); }

void SolverSession::structureChanged(const Scene& document) { send(StructureChanged{document.clone()}); }

namespace {
// Consecutive drag moves collapse into the last one: the mouse is where it is now.
bool supersededMove(const std::vector<SessionCommand>& batch, std::size_t i) {
  return std::holds_alternative<DragMove>(batch[i]) && i + 1 < batch.size() &&
         std::holds_alternative<DragMove>(batch[i + 1]);
}
}  // namespace

void SolverSession::threadMain() {
  SessionWorker& worker = *worker_;
  for (;;) {
    std::vector<SessionCommand> batch = commands_.drain();
    for (std::size_t i = 0; i < batch.size(); ++i) {
      if (supersededMove(batch, i)) continue;
      if (!worker.apply(batch[i])) return;  // Shutdown
      if (auto outcome = worker.takeDragOutcome()) drags_.publish(std::move(outcome));
    }
    if (worker.hasWork()) {
      worker.step();
      results_.publish(worker.result());
      continue;
    }
    if (!batch.empty()) results_.publish(worker.result());
    if (const auto due = worker.nextWorkAt())
      commands_.waitForCommandUntil(*due);  // a settling drag's next bounded turn (session_worker.h)
    else
      commands_.waitForCommand();
  }
}

}  // namespace flexure::session
