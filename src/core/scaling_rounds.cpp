#include "flexure/core/scaling_rounds.h"

#include <algorithm>
#include <chrono>

#include "flexure/core/bench_statistics.h"

namespace flexure {

namespace {

// One round of one series: each size once, ascending or descending.
void measureRound(const ScalingSeries& series, std::size_t round, ScalingRounds& out) {
  const std::size_t n = series.requested.size();
  const auto start = std::chrono::steady_clock::now();
  for (std::size_t step = 0; step < n; ++step) {
    const std::size_t i = round % 2 == 0 ? step : n - 1 - step;
    int actual = series.requested[i];
    out.seconds[round][i] = series.measure(series.requested[i], actual);
    if (round == 0) out.sizes[i] = actual;
  }
  out.wallSeconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

std::vector<ScalingRounds> interleavedScalingRounds(int rounds, const std::vector<ScalingSeries>& series) {
  const std::size_t roundCount = static_cast<std::size_t>(std::max(rounds, 0));
  std::vector<ScalingRounds> out(series.size());
  for (std::size_t s = 0; s < series.size(); ++s) {
    out[s].sizes = series[s].requested;
    out[s].seconds.assign(roundCount, std::vector<double>(series[s].requested.size(), 0.0));
  }
  for (std::size_t round = 0; round < roundCount; ++round)
    for (std::size_t s = 0; s < series.size(); ++s) measureRound(series[s], round, out[s]);
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
