#include "flexure/core/parallel_for.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace flexure {

namespace {

struct Loop {
  std::atomic<long> next{0};
  long count = 0, grain = 1;
  const std::function<void(long, long)>* body = nullptr;
  int helpersWanted = 0;
};

void runChunks(Loop& loop) {
  for (;;) {
    const long begin = loop.next.fetch_add(loop.grain, std::memory_order_relaxed);
    if (begin >= loop.count) return;
    (*loop.body)(begin, std::min(begin + loop.grain, loop.count));
  }
}

// Helpers sleep on a condition variable between loops. A loop is "open" from its publication
// until its caller has found the chunk counter exhausted; a helper joins only an open loop (and
// only up to the number the caller wants), under the pool's mutex, so that after closing the
// loop the caller knows exactly whom to wait for.
class HelperPool {
 public:
  static HelperPool& instance() {
    static HelperPool pool;
    return pool;
  }
  int helperCount() const { return static_cast<int>(threads_.size()); }

  // Runs the loop with helpers; false (nothing run) when the pool serves another loop.
  bool run(Loop& loop) {
    {
      std::lock_guard lock(mutex_);
      if (open_ != nullptr || active_ > 0) return false;
      open_ = &loop;
      ++generation_;
    }
    wake_.notify_all();
    runChunks(loop);
    std::unique_lock lock(mutex_);
    open_ = nullptr;  // closed: helpers that wake from now on stay asleep
    done_.wait(lock, [&] { return active_ == 0; });
    return true;
  }

  HelperPool(const HelperPool&) = delete;
  HelperPool& operator=(const HelperPool&) = delete;

 private:
  HelperPool() {
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    for (unsigned i = 1; i < cores; ++i) threads_.emplace_back([this] { work(); });
  }
  ~HelperPool() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

  void work() {
    std::uint64_t seen = 0;
    std::unique_lock lock(mutex_);
    for (;;) {
      wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      Loop* loop = open_;
      if (loop == nullptr || active_ >= loop->helpersWanted) continue;
      ++active_;
      lock.unlock();
      runChunks(*loop);
      lock.lock();
      if (--active_ == 0) done_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_, done_;
  Loop* open_ = nullptr;
  int active_ = 0;  // helpers inside the open (or just closed) loop
  std::uint64_t generation_ = 0;
  bool stop_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace

void parallelFor(long count, long grain, int maxThreads, const std::function<void(long begin, long end)>& body) {
  if (count <= 0) return;
  Loop loop;
  loop.count = count;
  loop.grain = std::max(1L, grain);
  loop.body = &body;
  if (maxThreads > 1 && count > loop.grain) {
    HelperPool& pool = HelperPool::instance();
    loop.helpersWanted = std::min(maxThreads - 1, pool.helperCount());
    if (loop.helpersWanted > 0 && pool.run(loop)) return;
  }
  runChunks(loop);  // one thread wanted, nothing to share, or the pool is busy
}

int parallelHelperCount() { return HelperPool::instance().helperCount(); }

}  // namespace flexure
