#include "flexure/core/scaling_benchmark.h"

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

#include "flexure/core/benchmark_registry.h"

namespace flexure {

namespace {

std::vector<ScalingProbe>& scalingProbes() {
  static std::vector<ScalingProbe> probes;
  return probes;
}

nlohmann::json exponentOrNull(double k) { return std::isfinite(k) ? nlohmann::json(k) : nlohmann::json(nullptr); }

nlohmann::json runScalingProbe(const ScalingProbe& probe, bool quick) {
  std::vector<double> sizes, seconds, largeSizes, largeSeconds;
  std::vector<int> actualSizes;
  for (int requested : quick ? probe.quickSizes : probe.sizes) {
    int actual = requested;
    const double t = probe.secondsPerStep(requested, quick, actual);
    actualSizes.push_back(actual);
    sizes.push_back(double(actual));
    seconds.push_back(t);
    if (actual >= 1000) {
      largeSizes.push_back(double(actual));
      largeSeconds.push_back(t);
    }
  }
  return {{"size", probe.size},
          {"clock", probe.clock},
          {"note", probe.note},
          {"sizes", actualSizes},
          {"seconds_per_step", seconds},
          {"exponent", exponentOrNull(fittedScalingExponent(sizes, seconds))},
          {"exponent_from_1000", exponentOrNull(fittedScalingExponent(largeSizes, largeSeconds))}};
}

nlohmann::json runScalingBenchmark(bool quick) {
  nlohmann::json out = nlohmann::json::object();
  for (const ScalingProbe& probe : scalingProbes()) out[probe.technique] = runScalingProbe(probe, quick);
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
