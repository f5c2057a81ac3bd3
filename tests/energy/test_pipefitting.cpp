#include <catch2/catch.hpp>

#include <random>

#include "flexure/core/param_access.h"
#include "flexure/energy/energy_solver.h"
#include "flexure/energy/scenes/pipefitting_scene.h"
#include "flexure/energy/terms/attach_pipes.h"

#include "distance_test_support.h"

using namespace flexure;
using flexure::test::largestDistance;

namespace {
// World positions of a few surface samples of the moving pipe: compares configurations
// independently of the quaternion's free scale.
std::vector<Vec3d> pipeSamples(const Scene& scene) {
  const Path path = scene.pathTo(static_cast<const Primitive&>(*scene.find("pipe")));
  const ValueAccess values(scene.parameters().values());
  std::vector<Vec3d> out;
  for (double u : {0.0, 0.25, 0.6})
    for (double v : {0.0, 0.3, 0.7, 1.0}) out.push_back(pathPosition(path, values, 0, u, v));
  return out;
}

Vec3d pipeEndPoint(const Scene& scene, const char* pipe, int end) {
  const auto* leaf = static_cast<const Primitive*>(scene.find(pipe));
  LeafRef ref;
  ref.node = pipe;
  ref.leaf = leaf;
  ref.path = scene.pathTo(*leaf);
  Vec3d p, n;
  pipeEnd(ref, leaf->paramIndex("length") - leaf->paramOffset(), end, ValueAccess(scene.parameters().values()), p, n);
  return p;
}
}  // namespace

TEST_CASE("pipefitting assembles from its stored start", "[pipefitting]") {
  auto scene = buildPipefittingScene();
  const Eigen::VectorXd start = scene->parameters().values();
  EnergySolver solver(*scene, EnergySettings{});
  solver.init();
  CHECK(solver.problem().freeCount() == 13);
  const double e0 = solver.state().energy;
  CHECK(e0 > 0.1);
  const SolveReport r = solver.run();
  INFO(r.toJson().dump(2));
  CHECK(r.converged);
  CHECK(r.energy < 1e-10);
  CHECK(r.stopReason == "energy below tolerance");
  CHECK(r.iterations < 40);
  // The joined ends coincide with the fixed pipes' ends; radius and thickness were adopted.
  CHECK(norm(pipeEndPoint(*scene, "pipe", -1) - Vec3d(-2, 0, 0)) < 1e-5);
  CHECK(norm(pipeEndPoint(*scene, "pipe", +1) - Vec3d(0, 0, 2)) < 1e-5);
  const Node* tube = scene->find("pipe");
  CHECK(scene->parameters().value(tube->paramIndex("radius")) == Approx(0.5).margin(1e-5));
  CHECK(scene->parameters().value(tube->paramIndex("thickness")) == Approx(0.1).margin(1e-5));
  // Frozen parameters (the fixed pipes) never moved.
  for (int i = 0; i < scene->parameters().size(); ++i)
    if (scene->parameters().isFrozen(i)) CHECK(scene->parameters().value(i) == start[i]);
}

TEST_CASE("pipefitting re-solves after a fixed pipe is moved", "[pipefitting]") {
  auto scene = buildPipefittingScene();
  EnergySolver(*scene, EnergySettings{}).run();
  // In the bend's plane: a single planar bend cannot join ends whose axes are not coplanar.
  moveFixedPipe(*scene, 0.4, 0.0, -0.3);
  EnergySolver second(*scene, EnergySettings{});
  second.init();
  CHECK(second.state().energy > 0.01);
  const SolveReport r = second.run();
  CHECK(r.converged);
  CHECK(norm(pipeEndPoint(*scene, "pipe", +1) - Vec3d(0.4, 0.0, 1.7)) < 1e-5);
}

TEST_CASE("the paper's method and the default method reach the same pipefitting solution", "[pipefitting][paper]") {
  auto a = buildPipefittingScene();
  auto b = buildPipefittingScene();
  EnergySettings paper;
  paper.method = "paper";
  paper.energyTolerance = 1e-10;
  const SolveReport rp = EnergySolver(*a, paper).run();
  const SolveReport rd = EnergySolver(*b, EnergySettings{}).run();
  CHECK(rp.converged);
  CHECK(rd.converged);
  CHECK(rp.extra["method"] == "paper");
  // The 13 parameters against 10 independent conditions leave a one-parameter family of
  // solutions (a tighter arc with longer straight ends, and the quaternion's scale): both
  // methods start from the same Ψ and follow nearly the same path, so they land close together
  // on that family, not at the same point.
  CHECK(largestDistance(pipeSamples(*a), pipeSamples(*b)) < 0.02);
  // Far fewer energy evaluations by the default method (the benchmark measures the ratio).
  CHECK(rp.evaluations > 50 * rd.evaluations);
}

TEST_CASE("the default method converges from perturbed starts where the paper's method does", "[pipefitting]") {
  std::mt19937 rng(11);
  for (int i = 0; i < 4; ++i) {
    const PipefittingStart s = perturbedPipefittingStart(rng, 0.3);
    auto scene = buildPipefittingScene(s);
    const SolveReport r = EnergySolver(*scene, EnergySettings{}).run();
    INFO("start " << i << ": " << r.toJson().dump());
    CHECK(r.converged);
  }
}

TEST_CASE("stepwise solving: one iteration per call, energy never increases", "[pipefitting][stepwise]") {
  auto scene = buildPipefittingScene();
  EnergySolver solver(*scene, EnergySettings{});
  solver.init();
  double last = solver.state().energy;
  int steps = 0;
  while (solver.step()) {
    ++steps;
    CHECK(solver.state().iterations == steps);
    CHECK(solver.state().energy <= last * (1 + 1e-12));
    CHECK(scene->parameters().values() == solver.state().psi);  // the scene sees every step
    last = solver.state().energy;
  }
  CHECK(solver.state().finished);
  CHECK(solver.state().stopReason == "energy below tolerance");
}

TEST_CASE("the default method stays in the flow's basin where a plain Levenberg-Marquardt does not", "[pipefitting][basin]") {
  // Starts 2 and 9 of a seeded sequence of large perturbations: an unbounded LM without the
  // cone test and flow fallback lands at a non-zero minimum (E ≈ 0.586) there, while the
  // paper's gradient flow reaches E = 0.
  std::mt19937 rng(99);
  std::vector<PipefittingStart> starts;
  for (int i = 0; i < 10; ++i) starts.push_back(perturbedPipefittingStart(rng, 1.0));
  for (int i : {2, 9}) {
    EnergySettings plain;
    plain.energyTolerance = 1e-10;
    plain.flowFallback = false;
    plain.minDescentCosine = -2.0;
    plain.trustRadius = plain.maxTrustRadius = 1e9;
    auto a = buildPipefittingScene(starts[static_cast<std::size_t>(i)]);
    const SolveReport rp = EnergySolver(*a, plain).run();
    CHECK(rp.energy > 0.1);
    CHECK(rp.extra["verdict"] == "compromise");  // reported as a non-zero minimum, not success

    EnergySettings paper;
    paper.method = "paper";
    paper.energyTolerance = 1e-10;
    auto b = buildPipefittingScene(starts[static_cast<std::size_t>(i)]);
    const SolveReport rf = EnergySolver(*b, paper).run();
    CHECK(rf.energy < 1e-10);

    auto c = buildPipefittingScene(starts[static_cast<std::size_t>(i)]);
    const SolveReport rd = EnergySolver(*c, EnergySettings{}).run();
    INFO(rd.toJson().dump());
    CHECK(rd.converged);
    CHECK(rd.evaluations * 100 <= rf.evaluations);  // the issue's ≥100x target, here too
  }
}
