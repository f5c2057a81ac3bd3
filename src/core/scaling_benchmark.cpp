#include "flexure/core/scaling_benchmark.h"

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "flexure/core/benchmark_registry.h"
#include "flexure/core/scaling_rounds.h"

namespace flexure {

namespace {

std::vector<ScalingProbe>& scalingProbes() {
  static std::vector<ScalingProbe> probes;
  return probes;
}

nlohmann::json exponentOrNull(double k) { return std::isfinite(k) ? nlohmann::json(k) : nlohmann::json(nullptr); }

// Rounds per size: enough that at every size one repetition falls in a quiet moment of the shared
// machine (5 rounds keep the full suite to about half a minute); two with --quick, which CI runs
// only to see that it runs.
int scalingRounds(bool quick) { return quick ? 2 : 5; }

// The fitted exponents of one summary of the rounds: over all sizes, and over sizes ≥ 1000.
struct FittedExponents {
  double all, from1000;
};

FittedExponents fitExponents(const std::vector<int>& sizes, const std::vector<double>& seconds) {
  std::vector<double> x, largeX, largeSeconds;
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    x.push_back(double(sizes[i]));
    if (sizes[i] >= 1000) {
      largeX.push_back(double(sizes[i]));
      largeSeconds.push_back(seconds[i]);
    }
  }
  return {fittedScalingExponent(x, seconds), fittedScalingExponent(largeX, largeSeconds)};
}

// `seconds_per_step` and the exponents are the per-size minima over the interleaved rounds
// (scaling_rounds.h); `block_*` is the first round alone, i.e. the measurement before issue 29's
// fourth stop (each size once, in order), kept beside it so the two methods compare in one run.
nlohmann::json probeJson(const ScalingProbe& probe, const ScalingRounds& r) {
  const std::vector<double> minimum = roundMinimum(r), median = roundMedian(r);
  const std::vector<double> block = r.seconds.empty() ? minimum : r.seconds.front();
  const FittedExponents k = fitExponents(r.sizes, minimum), kMedian = fitExponents(r.sizes, median),
                        kBlock = fitExponents(r.sizes, block);
  return {{"size", probe.size},
          {"clock", probe.clock},
          {"note", probe.note},
          {"sizes", r.sizes},
          {"seconds_per_step", minimum},
          {"exponent", exponentOrNull(k.all)},
          {"exponent_from_1000", exponentOrNull(k.from1000)},
          {"rounds", r.seconds.size()},
          {"summary", "seconds_per_step: minimum over the rounds, interleaved across the sizes and the probes"},
          {"median_seconds_per_step", median},
          {"median_exponent_from_1000", exponentOrNull(kMedian.from1000)},
          {"block_seconds_per_step", block},
          {"block_exponent", exponentOrNull(kBlock.all)},
          {"block_exponent_from_1000", exponentOrNull(kBlock.from1000)},
          {"round_seconds_per_step", r.seconds},
          {"probe_wall_seconds", r.wallSeconds}};
}

nlohmann::json runScalingBenchmark(bool quick) {
  std::vector<ScalingSeries> series;
  for (const ScalingProbe& probe : scalingProbes())
    series.push_back({quick ? probe.quickSizes : probe.sizes, [&probe, quick](int requested, int& actual) {
                        return probe.secondsPerStep(requested, quick, actual);
                      }});
  const std::vector<ScalingRounds> rounds = interleavedScalingRounds(scalingRounds(quick), series);
  nlohmann::json out = nlohmann::json::object();
  for (std::size_t i = 0; i < rounds.size(); ++i) out[scalingProbes()[i].technique] = probeJson(scalingProbes()[i], rounds[i]);
  return out;
}

}  // namespace

void addScalingProbe(ScalingProbe probe) {
  if (scalingProbes().empty()) BenchmarkRegistry::instance().add({"scaling", runScalingBenchmark});
  for (const ScalingProbe& p : scalingProbes())
    if (p.technique == probe.technique) return;
  scalingProbes().push_back(std::move(probe));
}

double fittedScalingExponent(const std::vector<double>& sizes, const std::vector<double>& seconds) {
  const std::size_t n = std::min(sizes.size(), seconds.size());
  if (n < 2) return std::numeric_limits<double>::quiet_NaN();
  double mx = 0.0, my = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    mx += std::log(sizes[i]);
    my += std::log(std::max(seconds[i], 1e-12));
  }
  mx /= double(n);
  my /= double(n);
  double sxy = 0.0, sxx = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double dx = std::log(sizes[i]) - mx;
    sxy += dx * (std::log(std::max(seconds[i], 1e-12)) - my);
    sxx += dx * dx;
  }
  return sxx > 0.0 ? sxy / sxx : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace flexure
