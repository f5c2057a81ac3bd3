#pragma once
// The BenchmarkSuite "energy" (`flexure-cli bench energy`): the default method against the
// paper's method on pipefitting (stored start and random perturbations), and the time per
// solver step on a chain of 100 pipes. Keys (nested objects):
//   pipefitting.default / pipefitting.paper: {"evaluations", "seconds", "energy", "iterations"}
//   pipefitting.evaluation_ratio, pipefitting.time_ratio (paper / default)
//   pipefitting.perturbations: how many random starts converge with each method
//   chain100.seconds_per_step, chain1000.seconds_per_step (13,000 free parameters)
// "seconds" are the median CPU time of the solving thread over repeated runs (equal to
// wall-clock time on an idle core); "wall_seconds" the median wall-clock time, which on a
// shared machine also counts time given to other jobs.
#include <nlohmann/json.hpp>

namespace flexure {
nlohmann::json runEnergyBenchmarks(bool quick);
// The "scaling" suite's probe (core/scaling_benchmark.h): CPU seconds per solver step on
// chains of 10 … 10,000 pipes.
void registerEnergyScalingProbe();
}  // namespace flexure
