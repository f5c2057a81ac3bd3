#pragma once
// The "deform" BenchmarkSuite (`flexure-cli bench deform [--quick]`): a 1000 x 1000 vertex grid
// (300 x 300 with --quick) deformed in place by applyBatch, for the 12-point Z ("z12") and for
// one metaball of each skeleton type. Each key holds the median seconds per deformation, the
// median seconds of copying the same vertex array (the memory-bandwidth floor) and their ratio.
#include <nlohmann/json.hpp>

namespace flexure::deform {

nlohmann::json runDeformBenchmark(bool quick);
// The "scaling" suite's probe (core/scaling_benchmark.h): one thread's CPU seconds to deform a
// square grid of ~10 … 10⁶ vertices by the 12-point Z.
void registerDeformScalingProbe();

}  // namespace flexure::deform
