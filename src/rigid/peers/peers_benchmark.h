#pragma once
// The "peers" BenchmarkSuite (flexure-cli bench peers [--quick]), built when Debian's
// libbullet-dev is found (src/rigid/CMakeLists.txt): the chains and the ring of issue 29 run in
// Bullet and in Flexure in the same process, frame by frame in turn (a Bullet frame, then a
// Flexure frame), so that whatever else the machine does falls on both. Both engines get the
// same links (boxes 1 × 0.2 × 0.2, mass 1), joints at the link ends, one end anchored, released
// horizontal under gravity, frames of 1/60 s; Bullet steps with its sequential impulse solver at
// 10 iterations, Flexure with its default (direct) scheme to a joint tolerance of 1e-6.
//
// Keys per case (chain1000, ring1000, chain10000): "bullet" and "flexure", each with
// seconds_per_frame (median wall seconds of a frame, the figure),
// min_seconds_per_frame, cpu_seconds_per_frame (median thread CPU) and max_joint_error (the
// largest gap between joined points after any frame; Flexure adds median_iterations); "ratio"
// (Flexure's median over Bullet's: at or under 1 is the goal), "ratio_min" (of the minima),
// "links", "closed", "frames".
#include <nlohmann/json.hpp>

namespace flexure::peers {

nlohmann::json runPeersBenchmark(bool quick);

}  // namespace flexure::peers
