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

struct HeldStill {
  std::shared_ptr<const SessionResult> first, later;  // 1.5 s after the last move, and 0.5 s later
};

// Starts a drag of `node` at `point` and moves the mouse `moves` times by `step` each, `interval`
// apart; then gives the solver time to get there and watches the mouse held still.
HeldStill dragThenHold(SolverSession& session, const Scene& doc, const SessionResult& start, const std::string& node,
                       const SurfacePoint& point, const Vec3d& step, int moves, std::chrono::milliseconds interval) {
  const Vec3d p0 = pointAt(doc, start.psi, node, point);
  session.send(DragStart{node, point, p0});
  for (int k = 1; k <= moves; ++k) {
    session.send(DragMove{p0 + step * static_cast<double>(k)});
    std::this_thread::sleep_for(interval);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  HeldStill held;
  held.first = session.latest();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  held.later = session.latest();
  return held;
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
  // Out of the plane and far away: the chain stretches toward it and stops at its limits.
  const auto [first, later] = dragThenHold(session, *doc, *start, node, mid, Vec3d(0.3, 0.5, 3.0), 10,
                                           std::chrono::milliseconds(10));
  REQUIRE(first->activity == SessionActivity::Dragging);
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
  const auto [first, later] = dragThenHold(session, *doc, *start, "spline", SurfacePoint{0, 0.5, 0.0},
                                           Vec3d(0.02, 0.12, 0.0), 12, std::chrono::milliseconds(20));
  REQUIRE(first->activity == SessionActivity::Dragging);
  const double moved = largestChange(*first, *later);
  CAPTURE(first->sequence, later->sequence, moved);
  CHECK(moved < 1e-9);
  CHECK(later->sequence - first->sequence < 5);
  CHECK(later->converged);
  for (const auto& r : later->reports)
    if (r.family == "curves") CHECK(r.maxViolation == 0.0);
  session.send(DragEnd{});
}

TEST_CASE("a rigid drag that asks for a large turn follows one bounded turn a frame, then rests",
          "[session][drag][rigid][bounded]") {
  // The snake's tail hangs on a slider at its +x end; pulled from near that end a quarter turn
  // round it, the solver thread turns it by at most 15° a step, publishing each step about a
  // display frame (16 ms) apart, until it gets there (issue 26: a drag never jumps).
  auto doc = exampleScene("snake.json");
  SolverSession session(*doc);
  auto start = waitFor(session, [](const SessionResult& s) { return s.converged; });
  REQUIRE(start->converged);
  const std::string node = "tail.shape1";
  const SurfacePoint picked{0, 0.3, 0.6};
  const Vec3d p0 = pointAt(*doc, start->psi, node, picked);
  const Vec3d pivot = pointAt(*doc, start->psi, node, {0, 0.3, 1.0});  // the +x end, on the slider
  const Vec3d arm = p0 - pivot;
  session.send(DragStart{node, picked, p0, DragMode::Auto});
  session.send(DragMove{pivot + Vec3d(-arm.y, arm.x, arm.z)});  // a quarter turn about z
  // Every published result until the drag rests.
  using Clock = std::chrono::steady_clock;
  std::vector<std::shared_ptr<const SessionResult>> seen{session.latest()};
  std::vector<Clock::time_point> pacedAt;  // when each result of a bounded turn was first seen
  const auto deadline = Clock::now() + std::chrono::seconds(10);
  while (Clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    auto r = session.latest();
    if (r->sequence == seen.back()->sequence) continue;
    seen.push_back(r);
    for (const auto& report : r->reports)
      if (report.family == "rigid" && report.paced) pacedAt.push_back(Clock::now());
    if (r->converged && r->activity == SessionActivity::Dragging) break;
  }
  REQUIRE(seen.back()->converged);
  CAPTURE(seen.size(), pacedAt.size());
  REQUIRE(pacedAt.size() >= 3);  // it took several bounded turns, each one published
  // A frame apart, not one burst (a result missed by the polling only widens the gaps).
  const double spanMs = std::chrono::duration<double, std::milli>(pacedAt.back() - pacedAt.front()).count();
  CHECK(spanMs >= 12.0 * static_cast<double>(pacedAt.size() - 1));
  // And it got there: the picked point a quarter turn round the pivot.
  CHECK(norm(pointAt(*doc, seen.back()->psi, node, picked) - (pivot + Vec3d(-arm.y, arm.x, arm.z))) < 0.05);
  session.send(DragEnd{});
}
