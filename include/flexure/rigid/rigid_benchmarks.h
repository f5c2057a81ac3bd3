#pragma once
// The "rigid" BenchmarkSuite (flexure-cli bench rigid [--quick]): chains of 1,000 and 10,000
// solids joined point-to-point (links of length 1, one end fixed to the world, falling under
// gravity from horizontal) and a closed ring of 1,000 hanging from one joint, each measured
// with the default (direct) scheme and with the paper's scheme (Eqs. 18-19 with the section
// 3.2 weights) under "paper_scheme": median seconds per frame and the largest joint gap after
// any frame. Plus the monocycle of Appendix A: median constraint iterations per frame.
#include <nlohmann/json.hpp>

#include "flexure/rigid/constraint_processing.h"
#include "flexure/rigid/rigid_dynamics.h"

namespace flexure {

// A chain of `links` rods of length 1 along x, the first one's start hinged to the world at
// the origin; closed = true joins the last back to the first as a ring (a regular polygon,
// hanging from the world joint). Each link is a block 1 × width × width of mass 1 (the rigid
// suite's rods: width 0.05; the peers suite's boxes, as in Bullet: 0.2).
RigidSystem makeRodChain(int links, bool closed, double width = 0.05);

// Such a chain stepped one frame (1/60 s, one dynamics step) at a time, as measureChain steps it
// and the peers suite steps it beside Bullet: tolerance 1e-6, the given scheme and iteration
// limit (α/2 for the paper's schemes), the solver's workspace kept between frames.
class RodChainSimulation {
 public:
  RodChainSimulation(int links, bool closed, ProcessingScheme scheme, int maxIterations, double width = 0.05);
  DynamicsReport frame();
  // The one-time work of the first frame made before it (prepareDynamics: the direct scheme's
  // analysis of the chain, its layout and buffers, and the dynamics' velocity buffer), which the
  // first frame otherwise builds and first touches. The frames that follow move the links
  // exactly as without it.
  bool prepareSolver();
  double largestGap() const;  // the largest joint gap now
  const RigidSystem& system() const { return system_; }

 private:
  RigidSystem system_;
  DirectJointSolver workspace_;
  DynamicsWorkspace dynamicsWorkspace_;
  DynamicsOptions options_;
  int frames_ = 0;
};

struct ChainMeasurement {
  double secondsPerFrame = 0.0;      // median thread CPU seconds
  double wallSecondsPerFrame = 0.0;  // median wall-clock seconds
  double minSecondsPerFrame = 0.0;   // least thread CPU seconds of a frame (the figure that holds still)
  double maxJointError = 0.0;    // largest gap after any frame
  double medianIterations = 0.0;
  int frames = 0;
};
// prepared: the solver's one-time analysis (RodChainSimulation::prepareSolver) before the
// timed frames rather than inside the first one.
ChainMeasurement measureChain(int links, bool closed, ProcessingScheme scheme, int frames, int maxIterations,
                              bool prepared = false);

nlohmann::json runRigidBenchmarks(bool quick);
// The "scaling" suite's probes (core/scaling_benchmark.h): CPU seconds per frame of hanging
// chains and rings of 10 … 100,000 links (the direct joint solver).
void registerRigidScalingProbes();

}  // namespace flexure
