// Issue 19, drag modes: which entries of Ψ a drag may move (drag_space.h). Move changes only
// placement above the picked part, Shape only the part's own and its deformers' parameters,
// Free every unfrozen one; constraints still move other parts as far as they need.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "flexure/core/param_access.h"
#include "flexure/energy/drag.h"
#include "flexure/energy/energy_solver.h"
#include "flexure/energy/scenes/pipefitting_scene.h"

using namespace flexure;

namespace {

// Ψ indices (of `nodes`) whose value differs between a and b.
std::set<std::string> changedSlots(const Scene& scene, const Eigen::VectorXd& a, const Eigen::VectorXd& b) {
  std::set<std::string> out;
  for (int i = 0; i < scene.parameters().size(); ++i)
    if (std::abs(a[i] - b[i]) > 1e-9) out.insert(scene.parameters().info(i).qualifiedName());
  return out;
}

bool allOf(const std::set<std::string>& names, std::initializer_list<const char*> prefixes) {
  for (const std::string& n : names) {
    bool ok = false;
    for (const char* p : prefixes) ok = ok || n.rfind(p, 0) == 0;
    if (!ok) return false;
  }
  return true;
}

// The bent pipe Trans(Rot(Bend(Tube))) on its own (no joins): every parameter free.
std::unique_ptr<Scene> loosePipe() {
  auto scene = buildPipefittingScene();
  scene->constraints.clear();
  scene->resolveReferences();
  return scene;
}

}  // namespace

TEST_CASE("the rigid operators above a part are its placement, the others its shape", "[drag][modes]") {
  auto scene = loosePipe();
  const Primitive& pipe = static_cast<const Primitive&>(*scene->find("pipe"));
  const Path path = scene->pathTo(pipe);
  const DragSpace move = dragSpace(*scene, path, DragMode::Move, {}, {{0.3, 0.2, 0.1}, {-0.9, 0.3, 0}, {1.0, 0, 0.3}});
  const DragSpace shape = dragSpace(*scene, path, DragMode::Shape, {}, {{0.3, 0.2, 0.1}, {-0.9, 0.3, 0}, {1.0, 0, 0.3}});
  const DragSpace free = dragSpace(*scene, path, DragMode::Free, {}, {{0.3, 0.2, 0.1}, {-0.9, 0.3, 0}, {1.0, 0, 0.3}});
  CHECK(move.preferred.size() == 7);   // translate (3) and quaternion rotate (4)
  CHECK(shape.preferred.size() == 6);  // bend (start, stop, amount) and tube (length, radius, thickness)
  CHECK(free.preferred.size() == 13);
  for (int i : move.preferred) {
    const std::string& owner = scene->parameters().info(i).owner->name();
    CHECK((owner == "pipe-translate" || owner == "pipe-rotate"));
  }
  for (int i : shape.preferred) {
    const std::string& owner = scene->parameters().info(i).owner->name();
    CHECK((owner == "pipe-bend" || owner == "pipe"));
  }
}

TEST_CASE("a Move drag changes only the placement of the picked part", "[drag][modes]") {
  auto scene = loosePipe();
  const Eigen::VectorXd before = scene->parameters().values();
  DragSession drag(*scene);
  drag.setMode(DragMode::Move);
  const DragStatus s = drag.start("pipe", {0, 0.5, 0.5});
  REQUIRE_FALSE(s.pinned);
  const Vec3d target = s.point + Vec3d(0.3, -0.2, 0.1);
  const DragStatus m = drag.moveTo(target);
  drag.end();
  CHECK(norm(m.point - target) < 1e-3);  // a free placement reaches any target
  const auto changed = changedSlots(*scene, before, scene->parameters().values());
  INFO(changed.size() << " changed");
  CHECK_FALSE(changed.empty());
  CHECK(allOf(changed, {"pipe-translate.", "pipe-rotate."}));
}

TEST_CASE("a Shape drag changes only the part's own and its deformers' parameters", "[drag][modes]") {
  auto scene = loosePipe();
  const Eigen::VectorXd before = scene->parameters().values();
  DragSession drag(*scene);
  drag.setMode(DragMode::Shape);
  const DragStatus s = drag.start("pipe", {0, 0.9, 0.5});
  REQUIRE_FALSE(s.pinned);
  drag.moveTo(s.point + Vec3d(0.0, 0.15, 0.1));
  drag.end();
  const auto changed = changedSlots(*scene, before, scene->parameters().values());
  CHECK_FALSE(changed.empty());
  CHECK(allOf(changed, {"pipe-bend.", "pipe."}));
}

TEST_CASE("a Free drag may change every unfrozen parameter on the path", "[drag][modes]") {
  auto scene = loosePipe();
  const Eigen::VectorXd before = scene->parameters().values();
  DragSession drag(*scene);
  const DragStatus s = drag.start("pipe", {0, 0.9, 0.5});
  REQUIRE_FALSE(s.pinned);
  drag.moveTo(s.point + Vec3d(0.0, 0.15, 0.1));
  drag.end();
  const auto changed = changedSlots(*scene, before, scene->parameters().values());
  bool placement = false, shape = false;
  for (const std::string& n : changed) {
    placement = placement || n.rfind("pipe-translate.", 0) == 0 || n.rfind("pipe-rotate.", 0) == 0;
    shape = shape || n.rfind("pipe-bend.", 0) == 0 || n.rfind("pipe.", 0) == 0;
  }
  CHECK(placement);
  CHECK(shape);
}

TEST_CASE("in Move mode the constraints still move the other parts as far as they need", "[drag][modes]") {
  // Pipefitting with fixed-b's x and z freed: moving fixed-b by its placement bends the pipe.
  auto scene = buildPipefittingScene();
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  const Node* t = scene->find("fixed-b-translate");
  for (const char* slot : {"x", "z"}) scene->parameters().setFrozen(t->paramIndex(slot), false);
  const Eigen::VectorXd before = scene->parameters().values();
  DragSession drag(*scene);
  drag.setMode(DragMode::Move);
  const DragStatus s = drag.start("fixed-b", {0, 0.0, 0.5});
  REQUIRE_FALSE(s.pinned);
  const Vec3d target = s.point + Vec3d(0.2, 0.0, -0.15);
  const DragStatus m = drag.moveTo(target);
  const DragStatus e = drag.end();
  CHECK(norm(m.point - target) < 0.02);
  CHECK(e.constraintEnergy < 1e-10);
  const auto changed = changedSlots(*scene, before, scene->parameters().values());
  CHECK(changed.count("fixed-b-translate.x"));
  CHECK(allOf(changed, {"fixed-b-translate.", "pipe"}));  // the bent pipe follows
  bool pipeMoved = false;
  for (const std::string& n : changed) pipeMoved = pipeMoved || n.rfind("pipe", 0) == 0;
  CHECK(pipeMoved);
}

TEST_CASE("a mode with nothing to move on the path is pinned and says which mode", "[drag][modes]") {
  auto scene = buildPipefittingScene();
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  const Eigen::VectorXd solved = scene->parameters().values();
  SECTION("Shape on a pipe whose shape is frozen") {
    for (const char* node : {"pipe", "pipe-bend"}) {
      const Node* n = scene->find(node);
      for (int k = 0; k < n->paramCount(); ++k) scene->parameters().setFrozen(n->paramOffset() + k, true);
    }
    DragSession drag(*scene);
    drag.setMode(DragMode::Shape);
    const DragStatus s = drag.start("pipe", {0, 0.5, 0.5});
    CHECK(s.pinned);
    CHECK(s.reason.find("Shape") != std::string::npos);
  }
  SECTION("Move on the fitted pipe: its placement alone would break the joins") {
    DragSession drag(*scene);
    drag.setMode(DragMode::Move);
    const DragStatus s = drag.start("pipe", {0, 0.5, 0.5});
    CHECK(s.pinned);
    CHECK(s.reason.find("Move") != std::string::npos);
  }
  CHECK(scene->parameters().values() == solved);
}

namespace {

// The rotation of the rotate node `name` as a normalized quaternion.
Quatd rotationOf(const Scene& scene, const std::string& name) {
  const int o = scene.find(name)->paramOffset();
  const ParameterTable& t = scene.parameters();
  return normalized(Quatd(t.value(o), t.value(o + 1), t.value(o + 2), t.value(o + 3)));
}

// `world` in the picked primitive's own space (the operators' inverses, root first).
Vec3d toLeafSpace(const Scene& scene, const std::string& leaf, const Vec3d& world) {
  const Path path = scene.pathTo(static_cast<const Primitive&>(*scene.find(leaf)));
  const ValueAccess values(scene.parameters().values());
  Vec3d x = world;
  for (auto op = path.operators.rbegin(); op != path.operators.rend(); ++op) x = (*op)->inverse(values, x);
  return x;
}

}  // namespace

TEST_CASE("a drag narrowed to the rotate turns the part purely about an axis through its origin",
          "[drag][modes][only]") {
  // What a ring of the transform handle sends: only the placement's rotate may move, and the
  // spring pulls a point of the ring (in the plane through the origin normal to the axis).
  auto scene = loosePipe();
  const Eigen::VectorXd before = scene->parameters().values();
  const Node* t = scene->find("pipe-translate");
  const Vec3d origin(before[t->paramOffset()], before[t->paramOffset() + 1], before[t->paramOffset() + 2]);
  const Quatd q0 = rotationOf(*scene, "pipe-rotate");
  const Vec3d axis = GENERATE(Vec3d(0, 0, 1), Vec3d(0, 1, 0), Vec3d(1, 0, 0));
  const Vec3d radial = normalized(cross(axis, Vec3d(0.3, 0.5, 0.8)));
  const Vec3d grabbed = origin + radial * 0.8;
  DragSession drag(*scene);
  drag.setMode(DragMode::Move);
  drag.setOnly("pipe-rotate");
  const DragStatus s = drag.startLocal("pipe", toLeafSpace(*scene, "pipe", grabbed));
  REQUIRE_FALSE(s.pinned);
  CHECK(norm(s.point - grabbed) < 1e-12);
  const double angle = 40.0 * M_PI / 180.0;
  for (int k = 1; k <= 8; ++k) drag.moveTo(origin + rotate(Quatd::fromAxisAngle(axis, angle * k / 8), radial * 0.8));
  drag.end();
  const auto changed = changedSlots(*scene, before, scene->parameters().values());
  CHECK_FALSE(changed.empty());
  CHECK(allOf(changed, {"pipe-rotate."}));
  // The turn that happened, q q0⁻¹: about `axis`, by about the mouse's angle.
  const Quatd turn = rotationOf(*scene, "pipe-rotate") * conjugate(q0);
  const Vec3d v(turn.x, turn.y, turn.z);
  INFO("turn axis " << v.x << " " << v.y << " " << v.z);
  CHECK(norm(v - axis * dot(v, axis)) < 1e-7 * norm(v));
  const double turned = 2.0 * std::atan2(dot(v, axis), turn.w);
  CHECK(turned == Approx(angle).margin(1e-3));
}

TEST_CASE("a drag narrowed to the translate moves the part along the pull only", "[drag][modes][only]") {
  auto scene = loosePipe();
  const Eigen::VectorXd before = scene->parameters().values();
  DragSession drag(*scene);
  drag.setMode(DragMode::Move);
  drag.setOnly("pipe-translate");
  const DragStatus s = drag.start("pipe", {0, 0.25, 0.5});
  REQUIRE_FALSE(s.pinned);
  for (int k = 1; k <= 4; ++k) drag.moveTo(s.point + Vec3d(0.1 * k, 0, 0));
  drag.end();
  const auto changed = changedSlots(*scene, before, scene->parameters().values());
  CHECK(allOf(changed, {"pipe-translate."}));
  const int o = scene->find("pipe-translate")->paramOffset();
  const Eigen::VectorXd& psi = scene->parameters().values();
  CHECK(psi[o] - before[o] == Approx(0.4).margin(1e-3));
  CHECK(std::abs(psi[o + 1] - before[o + 1]) < 1e-9);
  CHECK(std::abs(psi[o + 2] - before[o + 2]) < 1e-9);
}

TEST_CASE("a narrowed drag is refused, with the reason, when its node cannot move the part", "[drag][modes][only]") {
  auto scene = buildPipefittingScene();
  REQUIRE(EnergySolver(*scene, EnergySettings{}).run().converged);
  const Eigen::VectorXd solved = scene->parameters().values();
  SECTION("a node not above the part") {
    DragSession drag(*scene);
    drag.setOnly("fixed-a-translate");
    const DragStatus s = drag.start("pipe", {0, 0.5, 0.5});
    CHECK(s.pinned);
    CHECK(s.reason.find("not above") != std::string::npos);
  }
  SECTION("the joined pipe's rotate alone would break the joins") {
    DragSession drag(*scene);
    drag.setMode(DragMode::Move);
    drag.setOnly("pipe-rotate");
    const DragStatus s = drag.start("pipe", {0, 0.5, 0.5});
    CHECK(s.pinned);
  }
  CHECK(scene->parameters().values() == solved);
}
