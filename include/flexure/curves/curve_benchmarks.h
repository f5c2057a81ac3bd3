#pragma once
// BenchmarkSuite "curves" (flexure-cli bench curves [--quick]):
//   cp100, cp1000  equilibrium of an open curve (both ends nailed) after a point-load change:
//                  direct solve (factorization reused: only b changes) against the paper's
//                  Euler iteration (Eq. 8) to the same tolerance; keys direct_seconds,
//                  euler_seconds, ratio (+ euler_iterations, euler_capped, ...). When the
//                  Euler run hits its time cap the remaining iterations are extrapolated from
//                  the measured asymptotic error decay (said so by "euler_capped": true).
//   mold200        a complete mold solve with 200 halfspace constraints (50 control points in
//                  a convex 4-edge mold): key seconds (+ active contacts, clearance).
#include <nlohmann/json.hpp>

namespace flexure {
nlohmann::json runCurveBenchmarks(bool quick);
// The "scaling" suite's probe (core/scaling_benchmark.h): seconds of one cold equilibrium solve
// of an open MES curve of 10 … 100,000 control points.
void registerCurveScalingProbe();
}  // namespace flexure
