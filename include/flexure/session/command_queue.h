#pragma once
// The one-way command channel from the GUI thread to the solver thread: push() never waits for
// the solver (it only takes a short lock), the solver drains everything pending between steps
// and sleeps on a condition variable when it has nothing to do (no busy loop).
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <vector>

#include "flexure/session/session_command.h"

namespace flexure::session {

class CommandQueue {
 public:
  void push(SessionCommand command);
  // Everything pending, oldest first (empty when nothing was sent).
  std::vector<SessionCommand> drain();
  // Blocks until a command arrives (returns immediately if one is pending).
  void waitForCommand();
  // The same, but no later than `deadline`.
  void waitForCommandUntil(std::chrono::steady_clock::time_point deadline);

 private:
  std::mutex mutex_;
  std::condition_variable arrived_;
  std::deque<SessionCommand> pending_;
};

}  // namespace flexure::session
