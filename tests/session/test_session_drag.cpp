// Drags through the session: the pipe follows the mouse with its attachments met, drags survive
// structure changes, and a drag ends in exactly one outcome (one undo step).
#include <catch2/catch.hpp>

#include <cmath>
#include <thread>

#include "flexure/core/param_access.h"
#include "flexure/core/path.h"

#include "flexure/session/part_drag.h"
#include "flexure/session/solver_session.h"
#include "session_fixture.h"

using namespace flexure;
using namespace flexure::session;
using namespace flexure::session::test;

namespace {
const SurfacePoint kMid{0, 0.5, 0.5};
}  // namespace

TEST_CASE("dragging the pipe moves the picked point toward the target with the attachments met", "[session][drag]") {
  auto doc = pipefittingScene();
  SolverSession session(*doc);
  auto start = waitFor(session, solved);
  REQUIRE(solved(*start));
  const Vec3d p0 = pointAt(*doc, start->psi, "pipe", kMid);
  const Vec3d target = p0 + Vec3d(0.4, 0.0, 0.0);
  session.send(DragStart{"pipe", kMid, p0});
  for (int k = 1; k <= 8; ++k) {
    session.send(DragMove{p0 + Vec3d(0.05 * k, 0.0, 0.0)});
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  auto during = waitFor(session, [](const SessionResult& s) { return s.activity == SessionActivity::Dragging; });
  CHECK_FALSE(during->dragPinned);
  session.send(DragEnd{});
  auto waitDrag = [&] {
    for (int i = 0; i < 5000 && !session.lastDrag(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    return session.lastDrag();
  };
  auto outcome = waitDrag();
  REQUIRE(outcome);
  CHECK(outcome->sequence == 1);
  CHECK_FALSE(outcome->pinned);
  CHECK(outcome->psiBefore == start->psi);
  const Vec3d p1 = pointAt(*doc, outcome->psiAfter, "pipe", kMid);
  // The point followed the mouse part of the way (the joins limit how far it can go) ...
  CHECK(flexure::norm(p1 - target) < flexure::norm(p0 - target) - 0.1);
  // ... and the attachments still hold once the session has settled.
  auto settled = waitFor(session, [&](const SessionResult& s) { return solved(s) && s.activity == SessionActivity::Idle; });
  REQUIRE(solved(*settled));
  CHECK(flexure::norm(pointAt(*doc, settled->psi, "pipe", kMid) - p1) < 1e-3);
  CHECK(session.lastDrag()->sequence == 1);  // one drag, one undo step
}

TEST_CASE("drags survive structure changes interleaved with drag moves", "[session][drag]") {
  auto doc = pipefittingScene();
  SolverSession session(*doc);
  auto start = waitFor(session, solved);
  REQUIRE(solved(*start));
  const Vec3d p0 = pointAt(*doc, start->psi, "pipe", kMid);
  session.send(DragStart{"pipe", kMid, p0});
  for (int k = 1; k <= 6; ++k) {
    session.send(DragMove{p0 + Vec3d(0.0, 0.04 * k, 0.0)});
    session.structureChanged(*doc);  // e.g. the user renamed or added something meanwhile
    std::this_thread::sleep_for(std::chrono::milliseconds(3));
  }
  session.send(DragEnd{});
  auto r = waitFor(session, [](const SessionResult& s) { return s.structureVersion == 6 && s.activity == SessionActivity::Idle; });
  CHECK(r->structureVersion == 6);
  CHECK(r->psi.allFinite());
  REQUIRE(session.lastDrag());
  CHECK(session.lastDrag()->sequence == 1);
  auto settled = waitFor(session, solved);
  CHECK(solved(*settled));
}

TEST_CASE("a drag of a node removed by a structure change ends with a message", "[session][drag]") {
  auto doc = pipefittingScene();
  SolverSession session(*doc);
  REQUIRE(solved(*waitFor(session, solved)));
  session.send(DragStart{"pipe", kMid, Vec3d(0, 0, 0)});
  auto changed = doc->clone();
  changed->constraints.clear();
  changed->remove(*changed->find("pipe-translate"));
  session.send(StructureChanged{std::move(changed)});
  for (int i = 0; i < 5000 && !session.lastDrag(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  REQUIRE(session.lastDrag());
  CHECK(session.lastDrag()->message.find("no longer exists") != std::string::npos);
}

TEST_CASE("dragging a fixed pipe is refused with a reason", "[session][drag]") {
  auto doc = pipefittingScene();
  SolverSession session(*doc);
  auto start = waitFor(session, solved);
  REQUIRE(solved(*start));
  session.send(DragStart{"fixed-a", kMid, Vec3d(0, 1, 0)});
  auto r = waitFor(session, [](const SessionResult& s) { return s.dragPinned; });
  CHECK(r->dragPinned);
  CHECK(r->dragMessage.find("pinned") != std::string::npos);
  CHECK((r->psi - start->psi).norm() < 1e-4);  // only the settling solver may still creep
}

TEST_CASE("an energy drag publishes E_user: it grows as the target moves out of reach and is 0 after the drag",
          "[session][drag]") {
  auto doc = pipefittingScene();
  SolverSession session(*doc);
  auto start = waitFor(session, solved);
  REQUIRE(solved(*start));
  const Vec3d p0 = pointAt(*doc, start->psi, "pipe", kMid);
  session.send(DragStart{"pipe", kMid, p0});
  std::vector<double> dragEnergies;
  // Steps of 0.05 along x: the pipe follows part of each (its joints allow about 0.4 in all;
  // at its reach limit a move no longer moves the point and the drag says it is pinned).
  for (int k = 1; k <= 8; ++k) {
    const Vec3d target = p0 + Vec3d(0.05 * k, 0.0, 0.0);
    const std::uint64_t before = session.latest() ? session.latest()->sequence : 0;
    session.send(DragMove{target});
    // The move has been solved when a result shows the picked point's spring to this target.
    auto r = waitFor(session, [&](const SessionResult& s) {
      if (s.sequence <= before || s.activity != SessionActivity::Dragging) return false;
      const Vec3d d = pointAt(*doc, s.psi, "pipe", kMid) - target;
      return std::abs(s.dragEnergy - flexure::dot(d, d)) < 1e-9;
    });
    INFO(r->dragMessage << " at step " << k);
    REQUIRE_FALSE(r->dragPinned);
    const Vec3d d = pointAt(*doc, r->psi, "pipe", kMid) - target;
    REQUIRE(r->dragEnergy == Approx(flexure::dot(d, d)).margin(1e-9));  // E_user = |P − X|², weight 1
    REQUIRE(!r->history.empty());
    CHECK(r->history.back().dragEnergy == Approx(r->dragEnergy).margin(1e-9));
    CHECK(r->history.back().energy < 1e-6);  // the projection keeps the joints met while dragging
    if (k % 3 == 2) dragEnergies.push_back(r->dragEnergy);  // at 0.1, 0.25 and 0.4
  }
  // The joints keep the pipe from reaching the target, more so the farther it is.
  REQUIRE(dragEnergies.size() == 3);
  CHECK(dragEnergies[0] > 1e-4);
  CHECK(dragEnergies[1] > dragEnergies[0]);
  CHECK(dragEnergies[2] > dragEnergies[1]);
  session.send(DragEnd{});
  auto settled = waitFor(session, [&](const SessionResult& s) {
    return s.activity == SessionActivity::Idle && solved(s) && session.lastDrag() != nullptr;
  });
  CHECK(settled->dragEnergy == 0.0);
  REQUIRE(!settled->history.empty());
  CHECK(settled->history.back().dragEnergy == 0.0);
  REQUIRE(energyReport(*settled));
  CHECK(energyReport(*settled)->energy < 1e-8);
}

TEST_CASE("a drag that prefers Move falls back to Free when the joints hold the placement", "[session][drag][modes]") {
  // pipefitting's pipe sits under translate/rotate operators that both joints hold: in Move mode
  // nothing can move it (pinned); PreferMove (the window's Auto for a placed part) then drags it
  // in the whole of Ψ, as the paper's drag does, and the pipe follows.
  auto doc = pipefittingScene();
  SolverSession session(*doc);
  auto start = waitFor(session, solved);
  REQUIRE(solved(*start));
  const Vec3d p0 = pointAt(*doc, start->psi, "pipe", kMid);
  auto dragOnce = [&](DragMode mode, std::uint64_t sequence) {
    session.send(DragStart{"pipe", kMid, p0, mode});
    for (int k = 1; k <= 4; ++k) session.send(DragMove{p0 + Vec3d(0.05 * k, 0.0, 0.0)});
    session.send(DragEnd{});
    for (int i = 0; i < 5000; ++i) {
      if (auto d = session.lastDrag(); d && d->sequence == sequence) return d;
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return session.lastDrag();
  };
  const auto move = dragOnce(DragMode::Move, 1);
  REQUIRE(move);
  CHECK(move->pinned);  // the fixture's premise: Move alone cannot move this pipe
  const auto preferMove = dragOnce(DragMode::PreferMove, 2);
  REQUIRE(preferMove);
  REQUIRE(preferMove->sequence == 2);
  CHECK_FALSE(preferMove->pinned);
  CHECK(flexure::norm(pointAt(*doc, preferMove->psiAfter, "pipe", kMid) - p0) > 0.05);
}

TEST_CASE("a drag narrowed to a node pulls its local point, also after a structure change", "[session][drag][only]") {
  // What a ring of the window's transform handle sends: only the pipe's rotate may move, and the
  // spring pulls a point of the ring (fixed in the pipe's frame, in the plane through the
  // placement's origin normal to z).
  auto doc = pipefittingScene();
  doc->constraints.clear();
  doc->resolveReferences();
  const Node* t = doc->find("pipe-translate");
  const Eigen::VectorXd& psi0 = doc->parameters().values();
  const Vec3d origin(psi0[t->paramOffset()], psi0[t->paramOffset() + 1], psi0[t->paramOffset() + 2]);
  const Vec3d grabbed = origin + Vec3d(0.8, 0, 0);
  const Path path = doc->pathTo(static_cast<const Primitive&>(*doc->find("pipe")));
  Vec3d local = grabbed;
  for (auto op = path.operators.rbegin(); op != path.operators.rend(); ++op)
    local = (*op)->inverse(ValueAccess(psi0), local);
  SolverSession session(*doc);
  auto start = waitFor(session, [](const SessionResult& s) { return s.activity == SessionActivity::Idle; });
  session.send(DragStart{"pipe", kMid, grabbed, DragMode::Move, "pipe-rotate", local});
  for (int k = 1; k <= 6; ++k) {
    const double a = 0.1 * k;
    session.send(DragMove{origin + Vec3d(0.8 * std::cos(a), 0.8 * std::sin(a), 0)});
    if (k == 3) session.structureChanged(*doc);  // the drag restarts, narrowed, at the same point
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  session.send(DragEnd{});
  for (int i = 0; i < 5000 && !session.lastDrag(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
  auto outcome = session.lastDrag();
  REQUIRE(outcome);
  CHECK_FALSE(outcome->pinned);
  const Node* r = doc->find("pipe-rotate");
  bool turned = false;
  for (int i = 0; i < doc->parameters().size(); ++i) {
    const bool ofRotate = i >= r->paramOffset() && i < r->paramOffset() + r->paramCount();
    if (!ofRotate) CHECK(outcome->psiAfter[i] == outcome->psiBefore[i]);
    turned = turned || (ofRotate && outcome->psiAfter[i] != outcome->psiBefore[i]);
  }
  CHECK(turned);
  // The ring's point went round to the last target.
  const Vec3d last = origin + Vec3d(0.8 * std::cos(0.6), 0.8 * std::sin(0.6), 0);
  Vec3d reached = local;
  for (const Operator* op : path.operators) reached = op->apply(ValueAccess(outcome->psiAfter), reached);
  CHECK(flexure::norm(reached - last) < 1e-3);
}


TEST_CASE("results during a drag carry when the move they answer was sent; none outside a drag",
          "[session][drag]") {
  // The window measures its geometry's lag behind the mouse from this (issue 29).
  auto doc = pipefittingScene();
  SolverSession session(*doc);
  auto start = waitFor(session, solved);
  REQUIRE(start->dragMoveSentAt == std::chrono::steady_clock::time_point{});
  const Vec3d p0 = pointAt(*doc, start->psi, "pipe", kMid);
  session.send(DragStart{"pipe", kMid, p0});
  const auto base = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last{};
  for (int k = 1; k <= 4; ++k) {
    DragMove move{p0 + Vec3d(0.03 * k, 0.0, 0.0)};
    move.sentAt = last = base + std::chrono::milliseconds(k);  // distinct stamps, the last one newest
    session.send(move);
  }
  auto answered = waitFor(session, [&](const SessionResult& s) { return s.dragMoveSentAt == last; });
  REQUIRE(answered->dragMoveSentAt == last);
  CHECK(answered->activity == SessionActivity::Dragging);
  session.send(DragEnd{});
  auto idle = waitFor(session, [](const SessionResult& s) { return s.activity == SessionActivity::Idle; });
  CHECK(idle->dragMoveSentAt == std::chrono::steady_clock::time_point{});
}
