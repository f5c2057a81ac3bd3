// Issue 26 at the session's level (no window): what snapping joins and with what, grips dragged
// through the solver thread, and drags free of jumps on every part of every example scene.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <random>


#include "flexure/core/grip.h"
#include "flexure/core/node_registry.h"
#include "flexure/core/param_access.h"
#include "flexure/core/snap.h"
#include "flexure/core/solve_summary.h"
#include "flexure/energy/drag_space.h"
#include "flexure/energy/energy_solver.h"
#include "flexure/rigid/rigid_joint.h"
#include "flexure/session/part_drag.h"
#include "flexure/modules.h"
#include "flexure/session/solver_session.h"
#include "session_fixture.h"

using namespace flexure;
using namespace flexure::session;
using namespace flexure::session::test;

namespace {

constexpr double kPi = 3.14159265358979323846;

const SnapFeature* featureNamed(const std::vector<SnapFeature>& features, const std::string& node,
                                const std::string& name) {
  for (const SnapFeature& f : features)
    if (f.node == node && f.name == name) return &f;
  return nullptr;
}

const Primitive& primitive(const Scene& scene, const std::string& name) {
  return static_cast<const Primitive&>(*scene.find(name));
}

}  // namespace

TEST_CASE("snap features of the core's primitives sit where their parts are", "[direct][snap]") {
  auto scene = pipefittingScene();
  const SnapRegistry& registry = SnapRegistry::instance();
  const std::vector<SnapFeature> pipe = registry.featuresOf(*scene, primitive(*scene, "pipe"));
  REQUIRE(pipe.size() == 2);
  // The pipe's ends are what attach-pipes joins: the solved scene has them on fixed-a's +x end
  // and fixed-b's -x end.
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  const std::vector<SnapFeature> all = registry.allFeatures(*scene);
  const SnapFeature* pipeMinus = featureNamed(all, "pipe", "end -x");
  const SnapFeature* fixedA = featureNamed(all, "fixed-a", "end +x");
  REQUIRE(pipeMinus);
  REQUIRE(fixedA);
  CHECK(norm(pipeMinus->world - fixedA->world) < 1e-6);
  CHECK(dot(pipeMinus->worldDirection, fixedA->worldDirection) == Approx(-1.0).margin(1e-6));
  // The pipe is left out of "every other part".
  const std::vector<SnapFeature> others = registry.allFeatures(*scene, &primitive(*scene, "pipe"));
  CHECK(std::none_of(others.begin(), others.end(), [](const SnapFeature& f) { return f.node == "pipe"; }));
}

TEST_CASE("a snap of two pipe ends makes attach-pipes, and the energy solver closes it", "[direct][snap]") {
  auto scene = pipefittingScene();
  // Without its joins, the pipe is loose: snap its -x end onto fixed-a's +x end.
  scene->constraints.clear();
  scene->resolveReferences();
  const SnapRegistry& registry = SnapRegistry::instance();
  const std::vector<SnapFeature> all = registry.allFeatures(*scene);
  const SnapFeature* moving = featureNamed(all, "pipe", "end -x");
  const SnapFeature* target = featureNamed(all, "fixed-a", "end +x");
  REQUIRE(moving);
  REQUIRE(target);
  const SnapRule* rule = registry.ruleFor(*scene, *moving, *target);
  REQUIRE(rule);
  CHECK(rule->name == "attach-pipes");
  std::unique_ptr<Constraint> joint = makeSnapConstraint(*scene, *moving, *target);
  REQUIRE(joint);
  CHECK(joint->kind() == "attach-pipes");
  CHECK(joint->name == "snap-attach-pipes");
  scene->constraints.push_back(std::move(joint));
  scene->resolveReferences();
  // A second snap of the same kind gets a name of its own.
  CHECK(makeSnapConstraint(*scene, *featureNamed(all, "pipe", "end +x"), *featureNamed(all, "fixed-b", "end -x"))->name ==
        "snap-attach-pipes-2");
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  const std::vector<SnapFeature> after = registry.allFeatures(*scene);
  CHECK(norm(featureNamed(after, "pipe", "end -x")->world - featureNamed(after, "fixed-a", "end +x")->world) < 1e-6);
  // Two pipe ends of the same pipe never snap; a pipe end and a block face make a floating contact.
  CHECK(registry.ruleFor(*scene, *featureNamed(all, "pipe", "end -x"), *featureNamed(all, "pipe", "end +x")) == nullptr);
}

TEST_CASE("a snap between parts of two solids makes a point-to-point joint", "[direct][snap][rigid]") {
  auto scene = exampleScene("snake.json");
  std::vector<std::string> underSolids;
  for (const Node* n : scene->nodes())
    if (n->isPrimitive() && !SnapRegistry::instance().featuresOf(*scene, static_cast<const Primitive&>(*n)).empty())
      underSolids.push_back(n->name());
  REQUIRE(underSolids.size() >= 2);
  const auto a = SnapRegistry::instance().featuresOf(*scene, primitive(*scene, underSolids[0]));
  const auto b = SnapRegistry::instance().featuresOf(*scene, primitive(*scene, underSolids[1]));
  const SnapRule* rule = SnapRegistry::instance().ruleFor(*scene, b.front(), a.front());
  REQUIRE(rule);
  CHECK(rule->name == "point-to-point joint");
  const std::unique_ptr<Constraint> joint = makeSnapConstraint(*scene, b.front(), a.front());
  const auto* rigid = dynamic_cast<const RigidJoint*>(joint.get());
  REQUIRE(rigid);
  CHECK(rigid->translation == TranslationKind::Point);
  CHECK_FALSE(rigid->object1.empty());
  CHECK_FALSE(rigid->object2.empty());
  CHECK(rigid->object1 != rigid->object2);
}

TEST_CASE("a block's face grip through the solver thread moves that face only, the opposite face held",
          "[direct][grip]") {
  registerAllModules();  // the energy drag (a scene built here loads no module)
  auto scene = std::make_unique<Scene>();
  Node& place = scene->add(NodeRegistry::instance().create("translate"));
  place.setName("table-translate");
  Node& table = scene->add(NodeRegistry::instance().create("block"), &place);
  table.setName("table");
  const std::vector<PlacedGrip> grips = placedGrips(*scene, primitive(*scene, "table"));
  REQUIRE(grips.size() == 6);
  const auto grip = std::find_if(grips.begin(), grips.end(), [](const PlacedGrip& g) { return g.grip.name == "face +x"; });
  REQUIRE(grip != grips.end());
  const Vec3d opposite = pickedPointPosition(*scene, "table", *grip->pinned);
  auto structure = scene->clone();
  SolverSession session(*scene);
  session.send(DragStart{"table", grip->surface, grip->world, DragMode::Auto, {}, std::nullopt, grip->parameters, grip->pinned});
  session.send(DragMove{grip->world + grip->worldDirection * 0.8});
  session.send(DragEnd{});
  const int sx = structure->parameters().find("table.sx");
  const auto result = waitFor(session, [&](const SessionResult& r) {
    return r.activity == SessionActivity::Idle && r.psi.size() > sx && r.psi[sx] != 1.0;
  });
  REQUIRE(result);
  CHECK(result->psi[sx] == Approx(1.8).margin(1e-3));
  CHECK(norm(pointAt(*structure, result->psi, "table", *grip->pinned) - opposite) < 1e-6);
  CHECK(result->psi[structure->parameters().find("table.sy")] == 1.0);
  CHECK(result->psi[structure->parameters().find("table.sz")] == 1.0);
  // The face moved by 0.8 along +x: the placement moved half of it, the size the whole.
  CHECK(result->psi[structure->parameters().find("table-translate.x")] == Approx(0.4).margin(1e-3));
}

TEST_CASE("the deformers' grips sit on the part at the end they affect and change their amount",
          "[direct][grip]") {
  auto scene = pipefittingScene();
  const std::vector<PlacedGrip> grips = placedGrips(*scene, primitive(*scene, "pipe"));
  const auto bend = std::find_if(grips.begin(), grips.end(), [](const PlacedGrip& g) { return g.node == "pipe-bend"; });
  REQUIRE(bend != grips.end());
  CHECK(bend->parameters == std::vector<std::string>{"pipe-bend.amount"});
  // On the pipe's surface (the point the drag pulls), at its +x end.
  CHECK(norm(pickedPointPosition(*scene, "pipe", bend->surface) - bend->world) < 1e-9);
  CHECK(bend->surface.patch == 0);
  CHECK(bend->surface.v > 0.8);
  // The fixed tubes are frozen: no grips.
  CHECK(placedGrips(*scene, primitive(*scene, "fixed-a")).empty());
}

namespace {

// What a drag must never do between two moves: turn a part by more than 30°, or turn a surface
// over. A part turns with the rigid operators above it (translates, rotates, solids: their
// Jacobian is the rotation they apply), so the turn is measured on them; a surface turns over when
// most of its normals at fixed surface points reverse. Curve-built surfaces (MES curves and the
// sweeps and lofts over them) are left out of the second: their points slide along the surface as
// the curve's control points move at rest, so a fixed (u, v) is not a fixed point of the part.
struct SceneState {
  std::vector<Mat3d> rotations;            // of each rigid operator, in scene order
  std::vector<std::vector<Vec3d>> normals;  // of each primitive with a material parameterization
};

bool curveBuilt(const Primitive& leaf) {
  const std::string_view type = leaf.type();
  return type == "mes-curve" || type == "sweep" || type == "loft" || type == "extrude";
}

SceneState sceneState(const Scene& scene) {
  SceneState out;
  const ValueAccess values(scene.parameters().values());
  for (const Node* node : scene.nodes())
    if (const auto* op = dynamic_cast<const Operator*>(node); op && op->paramCount() > 0 && !op->isIdentity())
      if (operatorIsRigid(scene, *op, {{0, 0, 0}, {1, 0.3, -0.2}, {-0.4, 1, 0.5}}))
        out.rotations.push_back(op->jacobian(values, Vec3d(0, 0, 0)));
  for (const Path& path : scene.paths()) {
    if (curveBuilt(*path.leaf)) continue;
    std::vector<Vec3d> normals;
    for (int patch = 0; patch < std::min(path.leaf->patchCount(), 6); ++patch)
      for (double u : {0.15, 0.55, 0.85})
        for (double v : {0.25, 0.65}) {
          const Vec3d n = pathNormal(path, values, patch, u, v);
          const double length = norm(n);
          normals.push_back(std::isfinite(length) && length > 0.0 ? n / length : Vec3d(0, 0, 0));
        }
    out.normals.push_back(std::move(normals));
  }
  return out;
}

// The largest turn of a rigid operator between the states, and how many surfaces turned over.
std::pair<double, int> turnsBetween(const SceneState& a, const SceneState& b) {
  double largest = 0.0;
  for (std::size_t k = 0; k < a.rotations.size() && k < b.rotations.size(); ++k) {
    const Mat3d& ra = a.rotations[k];
    const Mat3d& rb = b.rotations[k];
    double trace = 0.0;  // trace(rbᵀ ra): the relative rotation's
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) trace += rb.m[r][c] * ra.m[r][c];
    largest = std::max(largest, std::acos(std::clamp((trace - 1.0) / 2.0, -1.0, 1.0)));
  }
  int turnedOver = 0;
  for (std::size_t p = 0; p < a.normals.size() && p < b.normals.size(); ++p) {
    int counted = 0, reversed = 0;
    for (std::size_t k = 0; k < a.normals[p].size() && k < b.normals[p].size(); ++k) {
      if (dot(a.normals[p][k], a.normals[p][k]) == 0.0 || dot(b.normals[p][k], b.normals[p][k]) == 0.0) continue;
      ++counted;
      reversed += dot(a.normals[p][k], b.normals[p][k]) < 0.0;
    }
    turnedOver += counted > 0 && 2 * reversed > counted;
  }
  return {largest, turnedOver};
}

struct PathReport {
  double worstTurn = 0.0;  // radians, of any part between two consecutive moves
  int turnedOver = 0;      // times a part's surface turned over between two moves
  int moves = 0;
};

// Drags `node` in Auto from a visible surface point along a seeded random path of `moves` moves
// of `step` (a few pixels of the default view), the session's settles in between as the window
// runs them (at most three per move), and measures the largest turn of any part's normals.
PathReport randomDrag(Scene& scene, const std::string& node, const SurfacePoint& picked, unsigned seed, int moves,
                      double step) {
  PathReport report;
  std::unique_ptr<PartDrag> drag = makePartDrag(scene, node, 0.0);
  if (!drag) return report;
  drag->setMode(DragMode::Auto);
  const Vec3d start = pickedPointPosition(scene, node, picked);
  PartDragStatus status = drag->begin(node, picked, start);
  if (status.pinned) return report;
  std::mt19937 rng(seed);
  std::normal_distribution<double> gauss;
  Vec3d target = start;
  auto after = [&](const SceneState& before) {
    if (drag->needsSolverSteps()) {
      SolveOptions options;
      options.maxIterations = 20;  // a few frames of the window's solver thread
      solveScene(scene, options);
    }
    const auto [turn, over] = turnsBetween(before, sceneState(scene));
    report.worstTurn = std::max(report.worstTurn, turn);
    report.turnedOver += over;
  };
  for (int k = 0; k < moves; ++k) {
    Vec3d d{gauss(rng), gauss(rng), gauss(rng)};
    target = target + d * (step / norm(d));
    SceneState before = sceneState(scene);
    status = drag->move(target);
    after(before);
    for (int s = 0; s < 3 && status.settling; ++s) {
      before = sceneState(scene);
      status = drag->settle();
      after(before);
    }
    ++report.moves;
  }
  drag->end();
  return report;
}

}  // namespace

TEST_CASE("a drag in Auto never turns a part by more than 30° between two moves, on every example scene",
          "[direct][ladder][scenes]") {
  // Issue 26: no jumps — between two consecutive moves of a few pixels no part turns by more
  // than 30° and no surface turns over, on every part of every example scene (up to four parts
  // of each, the Oldham coupling's tongue-b among them with more paths).
  const std::filesystem::path folder = std::filesystem::path(FLEXURE_SOURCE_DIR) / "scenes";
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(folder))
    if (entry.path().extension() == ".json") files.push_back(entry.path().filename().string());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 20);
  int dragged = 0;
  for (const std::string& file : files) {
    auto scene = exampleScene(file);
    solveScene(*scene, SolveOptions{});  // at rest, as the window has it before the hand drags
    std::vector<std::string> parts;
    for (const Node* n : scene->nodes())
      if (n->isPrimitive()) parts.push_back(n->name());
    if (parts.size() > 4) {  // spread over the scene
      std::vector<std::string> spread;
      for (std::size_t k = 0; k < 4; ++k) spread.push_back(parts[k * parts.size() / 4]);
      parts = spread;
    }
    if (file == "oldham.json") parts.push_back("tongue-b");
    const Bounds3 bounds = [&] {
      Bounds3 b;
      const ValueAccess values(scene->parameters().values());
      for (const Path& path : scene->paths())
        for (int patch = 0; patch < std::min(path.leaf->patchCount(), 6); ++patch)
          b.extend(pathPosition(path, values, patch, 0.5, 0.5));
      return b;
    }();
    const double step = std::max(0.01, 0.01 * norm(bounds.extent()));  // a few pixels of the view
    const Eigen::VectorXd solved = scene->parameters().values();
    for (const std::string& part : parts) {
      // tongue-b is picked just off its shaft's axis, where a small pull asks for a large turn.
      const bool nearAxis = part == "tongue-b";
      const SurfacePoint picked = nearAxis ? SurfacePoint{0, 0.5, 0.56} : SurfacePoint{0, 0.3, 0.6};
      for (unsigned seed = 1; seed <= (nearAxis ? 4u : 1u); ++seed) {
        scene->parameters().values() = solved;
        const PathReport r = randomDrag(*scene, part, picked, seed, 20, step);
        INFO(file << ": " << part << " seed " << seed << ": largest turn " << r.worstTurn * 180.0 / kPi << "° over "
                  << r.moves << " moves, " << r.turnedOver << " surfaces turned over");
        CHECK(r.worstTurn < 30.0 * kPi / 180.0);
        CHECK(r.turnedOver == 0);
        dragged += r.moves > 0;
      }
    }
  }
  CHECK(dragged >= 40);
}
