// parallelFor: every index exactly once, whatever the thread count, grain, concurrent callers
// or nesting; one thread wanted means the calling thread alone.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

#include "flexure/core/parallel_for.h"

using flexure::parallelFor;

namespace {

// Runs a loop over `count` indices and returns how often each was visited.
std::vector<int> visits(long count, long grain, int threads) {
  std::vector<std::atomic<int>> seen(static_cast<std::size_t>(count));
  parallelFor(count, grain, threads, [&](long begin, long end) {
    for (long i = begin; i < end; ++i) seen[static_cast<std::size_t>(i)].fetch_add(1, std::memory_order_relaxed);
  });
  std::vector<int> out;
  for (const auto& s : seen) out.push_back(s.load());
  return out;
}

bool eachOnce(const std::vector<int>& v) {
  for (int x : v)
    if (x != 1) return false;
  return true;
}

}  // namespace

TEST_CASE("parallelFor visits every index exactly once", "[parallel]") {
  for (long count : {0L, 1L, 7L, 1000L, 100003L})
    for (long grain : {1L, 8L, 4096L})
      for (int threads : {1, 2, 8}) {
        INFO("count " << count << ", grain " << grain << ", threads " << threads);
        CHECK(eachOnce(visits(count, grain, threads)));
      }
}

TEST_CASE("parallelFor with one thread runs on the caller", "[parallel]") {
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<int> elsewhere{0};
  parallelFor(10000, 16, 1, [&](long, long) {
    if (std::this_thread::get_id() != caller) elsewhere.fetch_add(1);
  });
  CHECK(elsewhere.load() == 0);
}

TEST_CASE("parallelFor from several threads at once and nested loops stay exact", "[parallel]") {
  // One loop at a time has the helpers; the others run on their callers. A nested loop (a
  // body that loops again) runs on the thread of the outer chunk.
  std::atomic<int> failures{0};
  std::vector<std::thread> callers;
  for (int t = 0; t < 4; ++t)
    callers.emplace_back([&failures, t] {
      for (int r = 0; r < 50; ++r) {
        if (!eachOnce(visits(5000 + 37 * r + t, 3 + t, 2))) failures.fetch_add(1);
        std::atomic<long> inner{0};
        parallelFor(40, 1, 2, [&](long begin, long end) {
          for (long i = begin; i < end; ++i) parallelFor(100, 7, 2, [&](long b, long e) { inner.fetch_add(e - b); });
        });
        if (inner.load() != 4000) failures.fetch_add(1);
      }
    });
  for (std::thread& c : callers) c.join();
  CHECK(failures.load() == 0);
  CHECK(flexure::parallelHelperCount() == static_cast<int>(std::max(1u, std::thread::hardware_concurrency())) - 1);
}
