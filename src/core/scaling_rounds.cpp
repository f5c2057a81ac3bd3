#include "flexure/core/scaling_rounds.h"

#include <algorithm>

#include "flexure/core/bench_statistics.h"

namespace flexure {

ScalingRounds interleavedScalingRounds(int rounds, const std::vector<int>& requested,
                                       const std::function<double(int requested, int& actual)>& measure) {
  const std::size_t n = requested.size();
  ScalingRounds out;
  out.sizes = requested;
  out.seconds.assign(static_cast<std::size_t>(std::max(rounds, 0)), std::vector<double>(n, 0.0));
  for (std::size_t round = 0; round < out.seconds.size(); ++round) {
    for (std::size_t step = 0; step < n; ++step) {
      const std::size_t i = round % 2 == 0 ? step : n - 1 - step;
      int actual = requested[i];
      out.seconds[round][i] = measure(requested[i], actual);
      if (round == 0) out.sizes[i] = actual;
    }
  }
  return out;
}

namespace {

std::vector<double> acrossRounds(const ScalingRounds& r, double (*summary)(std::vector<double>)) {
  std::vector<double> out(r.sizes.size(), 0.0);
  for (std::size_t i = 0; i < out.size(); ++i) {
    std::vector<double> column;
    for (const std::vector<double>& round : r.seconds) column.push_back(round[i]);
    out[i] = summary(std::move(column));
  }
  return out;
}

double minimumOf(std::vector<double> v) { return bench::minimum(v); }

}  // namespace

std::vector<double> roundMinimum(const ScalingRounds& r) { return acrossRounds(r, minimumOf); }

std::vector<double> roundMedian(const ScalingRounds& r) { return acrossRounds(r, bench::median); }

}  // namespace flexure
