// Issue 17 item 2: dragging along any path and back along it returns the model to where it
// started (drag.h). A wiggled random walk used to leave the bent pipe of pipefitting up to 0.056
// away from its start. Two things make it so: each target's solve is a function of the target
// on the branch being followed (checked by walking back along targets moved by 1e-7, which the
// trail does not recognise), and the drag's trail unwinds a retraced path, folds included
// (checked by walking back along the very targets).
#include <catch2/catch.hpp>

#include <random>

#include "flexure/core/param_access.h"
#include "flexure/energy/drag.h"
#include "flexure/energy/energy_solver.h"
#include "flexure/energy/scenes/oldham_scene.h"
#include "flexure/energy/scenes/pipefitting_scene.h"

#include "distance_test_support.h"

using namespace flexure;
using flexure::test::largestDistance;

namespace {

// Surface samples of every primitive of the scene, in world space: what the user sees.
std::vector<Vec3d> surfaceSamples(const Scene& scene) {
  const ValueAccess values(scene.parameters().values());
  std::vector<Vec3d> out;
  for (const Node* n : scene.nodes())
    if (const auto* leaf = dynamic_cast<const Primitive*>(n)) {
      const Path path = scene.pathTo(*leaf);
      for (int patch = 0; patch < leaf->patchCount(); ++patch)
        for (double u : {0.1, 0.5, 0.9})
          for (double v : {0.1, 0.5, 0.9}) out.push_back(pathPosition(path, values, patch, u, v));
    }
  return out;
}

struct WalkResult {
  double returnError = 0.0;    // largest surface-sample distance from the start after returning
  double travelled = 0.0;      // largest surface-sample distance from the start along the walk
  double worstConstraint = 0.0;
};

enum class Return {
  Retrace,  // back along the very targets: the trail unwinds
  Solve,    // back along targets 1e-7 off the way out, then to the start: every move solves
};

// Drags `node` at `point` along a random walk of `steps` steps of `stepLength`, then back along
// the same targets to the start.
WalkResult randomWalk(Scene& scene, const std::string& node, const SurfacePoint& point, unsigned seed,
                      Return way, DragMode mode, int steps = 20, double stepLength = 0.05) {
  const std::vector<Vec3d> start = surfaceSamples(scene);
  DragOptions options;
  options.mode = mode;
  DragSession drag(scene, EnergySettings{}, options);
  const DragStatus s = drag.start(node, point);
  REQUIRE_FALSE(s.pinned);
  std::mt19937 rng(seed);
  std::normal_distribution<double> gauss;
  std::vector<Vec3d> targets{s.point};
  for (int k = 0; k < steps; ++k) {
    Vec3d d{gauss(rng), gauss(rng), gauss(rng)};
    targets.push_back(targets.back() + d * (stepLength / norm(d)));
  }
  WalkResult result;
  auto visit = [&](const Vec3d& target) {
    const DragStatus st = drag.moveTo(target);
    result.worstConstraint = std::max(result.worstConstraint, st.constraintEnergy);
    result.travelled = std::max(result.travelled, largestDistance(surfaceSamples(scene), start));
  };
  for (std::size_t k = 1; k < targets.size(); ++k) visit(targets[k]);
  const Vec3d offset = way == Return::Solve ? Vec3d{0.6e-7, -0.5e-7, 0.62e-7} : Vec3d{0, 0, 0};
  for (std::size_t k = targets.size() - 1; k-- > 0;) visit(k == 0 ? targets[0] : targets[k] + offset);
  drag.end();
  result.returnError = largestDistance(surfaceSamples(scene), start);
  return result;
}

void checkWalks(Scene& scene, const std::string& node, const SurfacePoint& point, int seeds, double tolerance,
                Return way = Return::Solve, double constraintTolerance = 1e-10, DragMode mode = DragMode::Free) {
  const Eigen::VectorXd solved = scene.parameters().values();
  double worst = 0.0, travelled = 0.0, worstConstraint = 0.0;
  for (int seed = 1; seed <= seeds; ++seed) {
    scene.parameters().values() = solved;
    const WalkResult r = randomWalk(scene, node, point, static_cast<unsigned>(seed), way, mode);
    worst = std::max(worst, r.returnError);
    travelled = std::max(travelled, r.travelled);
    worstConstraint = std::max(worstConstraint, r.worstConstraint);
  }
  INFO(node << (way == Return::Retrace ? " retraced" : " solved back") << (mode == DragMode::Auto ? " in Auto" : "")
            << ": largest return error " << worst
            << " over " << seeds << " random walks (largest excursion "
            << travelled << ", worst constraint energy " << worstConstraint << ")");
  CHECK(travelled > 0.05);  // the walks moved the model
  CHECK(worst < tolerance);
  CHECK(worstConstraint < constraintTolerance);
}

}  // namespace

TEST_CASE("a wiggled drag of the bent pipe comes back to where it started", "[drag][paths]") {
  auto scene = buildPipefittingScene();
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  const Eigen::VectorXd solved0 = scene->parameters().values();
  checkWalks(*scene, "pipe", {0, 0.5, 0.5}, 12, 1e-6);
  // Before the fix these two picks came back 3.1e-6 and 1.3e-5 away, the chain below 8.1e-5.
  for (SurfacePoint p : {SurfacePoint{0, 0.1, 0.25}, SurfacePoint{0, 0.3, 0.95}}) {
    scene->parameters().values() = solved0;
    checkWalks(*scene, "pipe", p, 12, 1e-6);
  }
  // Retraced, the walks come back to the start's state, including at {0, 0.9, 0.75}, where one
  // of the twelve crosses a fold of the solution family (excursion 0.54) and, solved back, stays
  // 0.25 away on the other branch. (What is left, 1.3e-8, is drag.end() meeting the start's own
  // residual, E ≈ 1e-14, exactly.)
  for (SurfacePoint p : {SurfacePoint{0, 0.5, 0.5}, SurfacePoint{0, 0.9, 0.75}}) {
    scene->parameters().values() = solved0;
    checkWalks(*scene, "pipe", p, 12, 1e-7, Return::Retrace);
  }
}

TEST_CASE("a drag unwinds only a retraced path", "[drag][paths][trail]") {
  auto scene = buildPipefittingScene();
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  const Eigen::VectorXd start = scene->parameters().values();
  DragSession drag(*scene);
  const DragStatus s = drag.start("pipe", {0, 0.5, 0.5});
  REQUIRE_FALSE(s.pinned);
  const Vec3d t0 = s.point, t1 = t0 + Vec3d{0.05, 0, 0}, t2 = t1 + Vec3d{0, 0.05, 0}, t3 = t2 + Vec3d{0, 0, 0.05};
  REQUIRE(drag.moveTo(t1).iterations > 0);
  const Eigen::VectorXd at1 = scene->parameters().values();
  REQUIRE(drag.moveTo(t2).iterations > 0);
  // Back to t1 retraces: the state recorded there, not a new solve.
  DragStatus back = drag.moveTo(t1);
  CHECK(back.iterations == 0);
  CHECK(scene->parameters().values() == at1);
  CHECK(drag.moveTo(t0).iterations == 0);
  CHECK(scene->parameters().values() == start);
  // Out again, then to t1 by way of t3: not a retrace (t2 is before the last), so it solves,
  // and lands where the solve lands, near the recorded state.
  drag.moveTo(t1);
  drag.moveTo(t2);
  drag.moveTo(t3);
  back = drag.moveTo(t1);
  CHECK(back.iterations > 0);
  CHECK((scene->parameters().values() - at1).lpNorm<Eigen::Infinity>() < 1e-6);
  // The trail is now t0 t1 t2 t3 t1: a move to t3 retraces that last step.
  CHECK(drag.moveTo(t3).iterations == 0);
  drag.end();
}

TEST_CASE("a wiggled drag of a pipe chain comes back to where it started", "[drag][paths]") {
  auto scene = buildPipeChainScene(3, 0.0);
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  checkWalks(*scene, "pipe2", {0, 0.25, 1.0}, 8, 1e-6);
}

TEST_CASE("a wiggled drag of the Oldham coupling's disc comes back to where it started", "[drag][paths][oldham]") {
  auto scene = buildOldhamScene();
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  checkWalks(*scene, "disc", {1, 0.3, 0.4}, 8, 1e-6);
}

TEST_CASE("a wiggled drag of the refitted pipe (pipefitting-moved) comes back to where it started", "[drag][paths]") {
  auto scene = buildPipefittingScene();
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  moveFixedPipe(*scene, 0.4, 0.0, -0.3);
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  checkWalks(*scene, "pipe", {0, 0.3, 0.5}, 8, 1e-6);
}

// Issue 26: Auto's stiffness ladder (placement translations cheapest, turns dearer, the part's own
// sizes dearest) is a metric of the same minimal-change drag, so it stays reversible: the bent
// pipe (its placement held: it bends), a pipe of a chain (it moves and turns) and the Oldham
// coupling's disc (held in place: it turns) come back along any path.
TEST_CASE("a wiggled drag in Auto comes back to where it started", "[drag][paths][ladder]") {
  auto pipefitting = buildPipefittingScene();
  REQUIRE(EnergySolver(*pipefitting, EnergySettings{}).run().converged);
  checkWalks(*pipefitting, "pipe", {0, 0.5, 0.5}, 4, 1e-6, Return::Solve, 1e-10, DragMode::Auto);
  auto chain = buildPipeChainScene(3, 0.0);
  REQUIRE(EnergySolver(*chain, EnergySettings{}).run().converged);
  checkWalks(*chain, "pipe2", {0, 0.25, 1.0}, 4, 1e-6, Return::Solve, 1e-10, DragMode::Auto);
  auto oldham = buildOldhamScene();
  REQUIRE(EnergySolver(*oldham, EnergySettings{}).run().converged);
  checkWalks(*oldham, "disc", {1, 0.3, 0.4}, 4, 1e-6, Return::Solve, 1e-10, DragMode::Auto);
}

// A drag that reaches the end of its reach and gets a move that leaves the point in place (the
// hand pulling on at the same far target) goes on following the hand afterwards. It used to
// take that move for "the constraints hold the point" and refuse every later move of the
// gesture: the window's pipefitting drag froze after about three seconds of circling.
TEST_CASE("a drag at the end of its reach goes on following the hand", "[drag][paths][reach]") {
  auto scene = buildPipefittingScene();
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  DragSession drag(*scene);
  const DragStatus s = drag.start("pipe", {0, 0.5, 0.5});
  REQUIRE_FALSE(s.pinned);
  const Vec3d start = s.point, far = start + Vec3d{3, 0, 0};
  const DragStatus out = drag.moveTo(far);
  REQUIRE_FALSE(out.pinned);
  REQUIRE(norm(out.point - start) > 0.01);
  const DragStatus again = drag.moveTo(far);  // solved already: the point stays
  CHECK(norm(again.point - out.point) < 1e-9);
  CHECK_FALSE(again.pinned);
  const DragStatus back = drag.moveTo(start);
  CHECK_FALSE(back.pinned);
  CHECK(norm(back.point - start) < 1e-6);
  drag.end();
}
