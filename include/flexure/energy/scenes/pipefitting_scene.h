#pragma once
// The paper's pipefitting example (Witkin et al. 1987, section 4, Figure 1): a tube under
// Trans(Rot(Bend(Tube))) — 13 free parameters (length, radius, thickness; bend start, stop,
// amount; quaternion qw..qz; translation x, y, z) — is joined smoothly to two fixed, frozen
// pipes by two attach-pipes constraints. Fixed pipe "fixed-a" ends at (-2, 0, 0) heading +x;
// "fixed-b" starts at (0, 0, 2) heading +z; both have radius 0.5 and thickness 0.1, so the
// solution is a quarter bend. The stored start is a straight, thinner, shorter tube, tilted
// and displaced.
#include <memory>
#include <random>

#include "flexure/core/scene.h"

namespace flexure {

struct PipefittingStart {
  double length = 2.6, radius = 0.3, thickness = 0.05;
  double start = -0.4, stop = 0.4, amount = 0.3;
  double qw = 0.95, qx = 0.05, qy = -0.15, qz = 0.08;
  double x = -0.6, y = 0.35, z = 0.7;
};

std::unique_ptr<Scene> buildPipefittingScene(const PipefittingStart& start = {});
// The stored start perturbed: every free parameter moved by a uniform random amount of up to
// `scale` times its typical size (lengths and angles by `scale`, quaternion entries by `scale`/2).
PipefittingStart perturbedPipefittingStart(std::mt19937& rng, double scale);
// Moves fixed pipe "fixed-b" (the paper's final frame: a new solution after a fixed pipe moves).
void moveFixedPipe(Scene& scene, double dx, double dy, double dz);

// A chain of n pipes, each Trans(Rot(Bend(Tube))) with 13 free parameters, joined end to end
// by attach-pipes and anchored to a fixed pipe at the start. Built solved (a gentle helix),
// then every free parameter is perturbed by up to `perturbation`.
std::unique_ptr<Scene> buildPipeChainScene(int n, double perturbation, unsigned seed = 1);

}  // namespace flexure
