#pragma once
// A small scene with one primitive of each kind the terms need, under free operators, and
// one constraint of every energy kind; shared by the gradient and registry tests.
#include <memory>
#include <random>

#include "flexure/core/scene.h"

namespace flexure::test {

// Builds the scene; every constraint is in scene.constraints, named after its kind.
std::unique_ptr<Scene> buildTermFixture();
// Moves every free parameter by a random amount (quaternions stay well away from zero).
void randomizeFreeParameters(Scene& scene, std::mt19937& rng, double scale);

}  // namespace flexure::test
