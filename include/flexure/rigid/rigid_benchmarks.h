#pragma once
// The "rigid" BenchmarkSuite (flexure-cli bench rigid [--quick]): chains of 1,000 and 10,000
// solids joined point-to-point (links of length 1, one end fixed to the world, falling under
// gravity from horizontal) and a closed ring of 1,000 hanging from one joint, each measured
// with the default (direct) scheme and with the paper's scheme (Eqs. 18-19 with the section
// 3.2 weights) under "paper_scheme": median seconds per frame and the largest joint gap after
// any frame. Plus the monocycle of Appendix A: median constraint iterations per frame.
#include <nlohmann/json.hpp>

#include "flexure/rigid/constraint_processing.h"

namespace flexure {

// A chain of `links` rods of length 1 along x, the first one's start hinged to the world at
// the origin; closed = true joins the last back to the first as a ring (a regular polygon,
// hanging from the world joint).
RigidSystem makeRodChain(int links, bool closed);

struct ChainMeasurement {
  double secondsPerFrame = 0.0;      // median thread CPU seconds
  double wallSecondsPerFrame = 0.0;  // median wall-clock seconds
  double maxJointError = 0.0;    // largest gap after any frame
  double medianIterations = 0.0;
  int frames = 0;
};
ChainMeasurement measureChain(int links, bool closed, ProcessingScheme scheme, int frames, int maxIterations);

nlohmann::json runRigidBenchmarks(bool quick);
// The "scaling" suite's probes (core/scaling_benchmark.h): CPU seconds per frame of hanging
// chains and rings of 10 … 100,000 links (the direct joint solver).
void registerRigidScalingProbes();

}  // namespace flexure
