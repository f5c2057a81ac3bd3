// A drag held still comes to rest: the published Ψ stops changing (the solver thread then sleeps
// instead of running flat out and the viewport redraws nothing), issue 17 item 3. Two ways it did
// not: a rigid drag toward a point the joints cannot reach, and a curve pulled into a concave
// mold's tooth.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <thread>

#include "flexure/session/solver_session.h"
#include "session_fixture.h"

using namespace flexure;
using namespace flexure::session;
using namespace flexure::session::test;

namespace {

// How far Ψ moved between two results, largest entry.
double largestChange(const SessionResult& a, const SessionResult& b) {
  if (a.psi.size() != b.psi.size()) return 1e300;
  return (a.psi - b.psi).cwiseAbs().maxCoeff();
}

}  // namespace

TEST_CASE("a rigid drag toward an unreachable point comes to rest with the mouse still", "[session][drag][rigid]") {
  const auto [scene, node] = GENERATE(std::pair<std::string, std::string>{"snake", "body1.shape1"},
                                      std::pair<std::string, std::string>{"otary", "head.shape1"});
  CAPTURE(scene, node);
  auto doc = exampleScene(scene + ".json");
  SolverSession session(*doc);
  auto start = waitFor(session, [](const SessionResult& s) { return s.converged; });
  REQUIRE(start->converged);
  const SurfacePoint mid{0, 0.5, 0.5};
  const Vec3d p0 = pointAt(*doc, start->psi, node, mid);
  session.send(DragStart{node, mid, p0});
  // Out of the plane and far away: the chain stretches toward it and stops at its limits.
  for (int k = 1; k <= 10; ++k) {
    session.send(DragMove{p0 + Vec3d(0.3 * k, 0.5 * k, 3.0 * k)});
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  // Give the chain time to reach its limits, then watch it with the mouse held still.
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  auto first = session.latest();
  REQUIRE(first->activity == SessionActivity::Dragging);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  auto later = session.latest();
  const double moved = largestChange(*first, *later);
  CAPTURE(first->sequence, later->sequence, moved);
  CHECK(moved < 1e-6);
  CHECK(later->sequence - first->sequence < 5);  // nothing new to publish
  // At rest because it got as near as its joints allow, with every joint met: the session
  // calls that converged.
  CHECK(later->converged);
  for (const auto& r : later->reports)
    if (r.family == "rigid") CHECK(r.maxViolation < 1e-6);
  const Vec3d target = p0 + Vec3d(3.0, 5.0, 30.0);
  CHECK(norm(pointAt(*doc, later->psi, node, mid) - target) < norm(p0 - target) - 0.1);
  session.send(DragEnd{});
}

TEST_CASE("a curve pulled into a concave mold's tooth comes to rest with the mouse still", "[session][drag][curves]") {
  auto doc = exampleScene("mold-concave.json");
  SolverSession session(*doc);
  auto start = waitFor(session, [](const SessionResult& s) { return s.converged; });
  REQUIRE(start->converged);
  // The middle of the curve, up into the ceiling tooth (tip at (2.6, 1.9)) and beyond: the curve
  // wraps the tip and rests on it.
  const SurfacePoint mid{0, 0.5, 0.0};
  const Vec3d p0 = pointAt(*doc, start->psi, "spline", mid);
  session.send(DragStart{"spline", mid, p0});
  for (int k = 1; k <= 12; ++k) {
    session.send(DragMove{p0 + Vec3d(0.02 * k, 0.12 * k, 0.0)});
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  auto first = session.latest();
  REQUIRE(first->activity == SessionActivity::Dragging);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  auto later = session.latest();
  const double moved = largestChange(*first, *later);
  CAPTURE(first->sequence, later->sequence, moved);
  CHECK(moved < 1e-9);
  CHECK(later->sequence - first->sequence < 5);
  CHECK(later->converged);
  for (const auto& r : later->reports)
    if (r.family == "curves") CHECK(r.maxViolation == 0.0);
  session.send(DragEnd{});
}
