#pragma once
// A latest-value buffer: one writer publishes, any reader takes the newest value. Older values
// are overwritten, never queued (docs/solver-thread.md). The lock only guards the swap of one
// shared_ptr, so neither side ever waits for the other's work: a reader never waits for a
// solve, a writer never waits for a reader to draw.
#include <memory>
#include <mutex>

namespace flexure {

template <class T>
class LatestValue {
 public:
  // Replaces the held value; the previous one is dropped once no reader holds it.
  void publish(std::shared_ptr<const T> value) {
    std::lock_guard<std::mutex> lock(mutex_);
    value_.swap(value);
  }
  // The newest value, or null before the first publish.
  std::shared_ptr<const T> latest() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return value_;
  }

 private:
  mutable std::mutex mutex_;
  std::shared_ptr<const T> value_;
};

}  // namespace flexure
