#pragma once
// BenchmarkSuite "scaling" (`flexure-cli bench scaling [--quick]`, issue 29): how the per-step
// cost of each technique grows with the size of the problem. Each technique module registers a
// probe (energy: pipe chains; rigid: chains and rings; curves: MES curves; deform: metaball
// deformation of a grid); the suite runs every probe at its sizes and fits the exponent k of
// t ≈ c·nᵏ by least squares on (log n, log t). Linear growth is k ≈ 1; the goal is k ≤ 1.1.
//
// Each probe is called once per size in each of several rounds interleaved across the sizes and
// the probes (scaling_rounds.h), and a size's figure is its minimum over the rounds.
//
// Output, one object per probe:
//   {"size": "pipes", "clock": "thread_cpu", "sizes": [10, ...], "seconds_per_step": [...] (per
//    size, the minimum over the rounds of the probe's figure), "exponent": k over all sizes,
//    "exponent_from_1000": k over sizes ≥ 1000 (where fixed costs per step no longer hide the
//    growth; null with fewer than two such sizes), "note": "...",
//    "rounds": R, "median_seconds_per_step", "median_exponent_from_1000" (the median over the
//    rounds), "block_seconds_per_step", "block_exponent", "block_exponent_from_1000" (the first
//    round alone: each size once, in order, as the suite measured before the rounds),
//    "round_seconds_per_step": [round][size], "probe_wall_seconds"}
#include <functional>
#include <string>
#include <vector>

namespace flexure {

struct ScalingProbe {
  std::string technique;          // JSON key: "energy_pipe_chain"
  std::string size;               // what the size counts: "pipes", "links", "vertices", ...
  std::string clock;              // "thread_cpu" (one thread's processor time) or "wall"
  std::string note;               // what one step is
  std::vector<int> sizes;         // full run
  std::vector<int> quickSizes;    // --quick (CI runs it only to see that it runs)
  // Seconds of one step of the technique at this size: the probe's own median or best of a few
  // steps, called once per round (the size actually used may differ slightly, e.g. a square grid;
  // it is returned through `actualSize`).
  std::function<double(int size, bool quick, int& actualSize)> secondsPerStep;
};

// Adds a probe; the first call registers the "scaling" suite with the BenchmarkRegistry.
void addScalingProbe(ScalingProbe probe);

// Least-squares slope of log(seconds) against log(size); NaN with fewer than two points.
double fittedScalingExponent(const std::vector<double>& sizes, const std::vector<double>& seconds);

}  // namespace flexure
