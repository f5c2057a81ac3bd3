#pragma once
// A latest-value buffer: one writer publishes, any reader takes the newest value. Older values
// are overwritten, never queued (docs/solver-thread.md). The lock only guards the swap of one
// shared_ptr, so neither side ever waits for the other's work: a reader never waits for a
// solve, a writer never waits for a reader to draw.
#include <functional>
#include <memory>
#include <mutex>
#include <utility>

namespace flexure {

template <class T>
class LatestValue {
 public:
  // Replaces the held value; the previous one is dropped once no reader holds it. Then calls the
  // notifier, if any, on the writer's thread.
  void publish(std::shared_ptr<const T> value) {
    std::function<void()> notify;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      value_.swap(value);
      notify = notify_;
    }
    if (notify) notify();
  }
  // Called after every publish, on the writer's thread (a GUI posts itself an event there, so
  // that it takes the value as soon as it is free instead of at its next poll). Null: none.
  void setNotifier(std::function<void()> notify) {
    std::lock_guard<std::mutex> lock(mutex_);
    notify_ = std::move(notify);
  }
  // The newest value, or null before the first publish.
  std::shared_ptr<const T> latest() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return value_;
  }

 private:
  mutable std::mutex mutex_;
  std::shared_ptr<const T> value_;
  std::function<void()> notify_;
};

}  // namespace flexure
