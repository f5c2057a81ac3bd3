#include "flexure/core/interleaved_timing.h"

#include "flexure/core/bench_clocks.h"
#include "flexure/core/bench_statistics.h"

namespace flexure::bench {

std::vector<std::vector<double>> interleavedWallSeconds(int rounds, const std::vector<std::function<void()>>& runs,
                                                         const std::function<void(std::size_t)>& before) {
  std::vector<std::vector<double>> times(runs.size());
  for (int r = 0; r < rounds; ++r)
    for (std::size_t k = 0; k < runs.size(); ++k) {
      if (before) before(k);
      const double t0 = wallSeconds();
      runs[k]();
      times[k].push_back(wallSeconds() - t0);
    }
  return times;
}

std::vector<double> interleavedMinimumSeconds(int rounds, const std::vector<std::function<void()>>& runs,
                                              const std::function<void(std::size_t)>& before) {
  const std::vector<std::vector<double>> times = interleavedWallSeconds(rounds, runs, before);
  std::vector<double> minima;
  minima.reserve(times.size());
  for (const std::vector<double>& t : times) minima.push_back(minimum(t));
  return minima;
}

}  // namespace flexure::bench
