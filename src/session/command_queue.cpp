#include "flexure/session/command_queue.h"

namespace flexure::session {

void CommandQueue::push(SessionCommand command) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pending_.push_back(std::move(command));
  }
  arrived_.notify_one();
}

std::vector<SessionCommand> CommandQueue::drain() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::vector<SessionCommand> out;
  out.reserve(pending_.size());
  for (auto& c : pending_) out.push_back(std::move(c));
  pending_.clear();
  return out;
}

void CommandQueue::waitForCommand() {
  std::unique_lock<std::mutex> lock(mutex_);
  arrived_.wait(lock, [&] { return !pending_.empty(); });
}

void CommandQueue::waitForCommandUntil(std::chrono::steady_clock::time_point deadline) {
  std::unique_lock<std::mutex> lock(mutex_);
  arrived_.wait_until(lock, deadline, [&] { return !pending_.empty(); });
}

}  // namespace flexure::session
