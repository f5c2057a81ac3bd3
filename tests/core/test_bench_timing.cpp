// The benchmark suites' shared timing helpers (core/bench_*.h, interleaved_timing.h,
// streaming_copy.h): what they compute, not how fast anything is.
#include <catch2/catch.hpp>
#include <string>

#include "flexure/core/bench_statistics.h"
#include "flexure/core/interleaved_timing.h"
#include "flexure/core/scaling_rounds.h"
#include "flexure/core/streaming_copy.h"

using namespace flexure;

TEST_CASE("bench statistics: median and minimum of repeated timings", "[core][bench]") {
  CHECK(bench::median({}) == 0.0);
  CHECK(bench::median({3.0, 1.0, 2.0}) == 2.0);
  CHECK(bench::median({4.0, 1.0, 3.0, 2.0}) == 2.5);
  CHECK(bench::minimum({}) == 0.0);
  CHECK(bench::minimum({3.0, 0.5, 2.0}) == 0.5);
}

TEST_CASE("interleaved timing runs a figure and its baselines in turn, each round", "[core][bench]") {
  std::string order;
  const std::vector<std::function<void()>> runs = {[&order] { order += 'a'; }, [&order] { order += 'b'; },
                                                   [&order] { order += 'c'; }};
  const auto times = bench::interleavedWallSeconds(3, runs, [&order](std::size_t run) { order += static_cast<char>('0' + run); });
  CHECK(order == "0a1b2c0a1b2c0a1b2c");  // the untimed reset before each timed call
  REQUIRE(times.size() == 3);
  for (const auto& t : times) {
    REQUIRE(t.size() == 3);
    for (double s : t) CHECK(s >= 0.0);
  }
  const std::vector<double> minima = bench::interleavedMinimumSeconds(2, runs);
  REQUIRE(minima.size() == 3);
}

TEST_CASE("scaling rounds measure every size once per round, interleaved, and keep the minimum", "[core][bench]") {
  // Fake probes: the size actually used is one more than asked (as a square grid rounds), and the
  // "seconds" encode the call's order so that minima and medians are known.
  std::vector<int> calls;
  const auto measure = [&calls](int requested, int& actual) {
    calls.push_back(requested);
    actual = requested + 1;
    return double(calls.size());
  };
  const std::vector<ScalingRounds> r = interleavedScalingRounds(4, {{{10, 100, 1000}, measure}, {{20, 200}, measure}});
  // Each round runs every probe's sizes in turn, ascending, then descending, ...: the first round
  // of each probe is the old block measurement.
  CHECK(calls == std::vector<int>{10, 100, 1000, 20, 200, 1000, 100, 10, 200, 20,
                                  10, 100, 1000, 20, 200, 1000, 100, 10, 200, 20});
  REQUIRE(r.size() == 2);
  CHECK(r[0].sizes == std::vector<int>{11, 101, 1001});
  CHECK(r[1].sizes == std::vector<int>{21, 201});
  REQUIRE(r[0].seconds.size() == 4);
  CHECK(r[0].seconds[0] == std::vector<double>{1, 2, 3});
  CHECK(r[0].seconds[1] == std::vector<double>{8, 7, 6});
  CHECK(r[1].seconds[1] == std::vector<double>{10, 9});
  CHECK(roundMinimum(r[0]) == std::vector<double>{1, 2, 3});
  CHECK(roundMedian(r[0]) == std::vector<double>{9.5, 9.5, 9.5});  // {1,8,11,18}, {2,7,12,17}, {3,6,13,16}
  CHECK(roundMinimum(r[1]) == std::vector<double>{4, 5});
  CHECK(r[0].wallSeconds >= 0.0);
}

TEST_CASE("the streaming copy moves every byte, over chunk boundaries", "[core][bench]") {
  const std::size_t bytes = (std::size_t(1) << 20) * 3 + 12345;  // three whole chunks and a part
  bench::StreamingCopy copy(bytes, 2);
  CHECK(copy.bytes() == bytes);
  CHECK(copy.threads() == 2);
  CHECK(copy.pairs() == 1);
  CHECK(copy.run() == 0);
  CHECK(copy.copiedCorrectly());
}

TEST_CASE("the streaming copy takes its buffer pairs in turn, and the median of their minima", "[core][bench]") {
  bench::StreamingCopy copy((std::size_t(1) << 20) + 7, 2, 3);
  CHECK(copy.pairs() == 3);
  for (int k = 0; k < 7; ++k) {
    CHECK(copy.run() == k % 3);  // each pair in turn, every byte of it
    CHECK(copy.copiedCorrectly());
  }
  // Pair 0 timed 5, 1, 4; pair 1 timed 3, 9; pair 2 timed 8: minima 1, 3, 8, median 3 — not
  // the fastest single timing (1), which one lucky pair gave.
  CHECK(bench::medianOfPairMinima({5, 3, 8, 1, 9, 4}, {0, 1, 2, 0, 1, 0}, 3) == 3.0);
  CHECK(bench::medianOfPairMinima({2}, {0}, 3) == 2.0);  // pairs without a timing are left out
  CHECK(bench::medianOfPairMinima({}, {}, 3) == 0.0);
}
