#include "flexure/energy/scenes/pipefitting_scene.h"

#include <cmath>
#include <utility>
#include <vector>

#include "flexure/core/operators/bend.h"
#include "flexure/core/operators/rotate.h"
#include "flexure/core/operators/translate.h"
#include "flexure/core/primitives/tube.h"
#include "flexure/energy/scenes/scene_building.h"
#include "flexure/energy/terms/attach_pipes.h"

namespace flexure {

namespace {

// Trans(Rot(Tube)) with everything frozen: an already assembled pipe.
void addFixedPipe(Scene& scene, const std::string& name, const Vec3d& at, const Quatd& q) {
  Node& t = addNamed(scene, std::make_unique<TranslateOperator>(), name + "-translate");
  Node& r = addNamed(scene, std::make_unique<RotateOperator>(), name + "-rotate", &t);
  Node& tube = addNamed(scene, std::make_unique<TubePrimitive>(), name, &r);
  setParam(scene, t, "x", at.x); setParam(scene, t, "y", at.y); setParam(scene, t, "z", at.z);
  setParam(scene, r, "qw", q.w); setParam(scene, r, "qx", q.x); setParam(scene, r, "qy", q.y); setParam(scene, r, "qz", q.z);
  setParam(scene, tube, "length", 2.0); setParam(scene, tube, "radius", 0.5); setParam(scene, tube, "thickness", 0.1);
  freezeSubtree(scene, t);
}

// Trans(Rot(Bend(Tube))), all 13 parameters free.
void addMovingPipe(Scene& scene, const std::string& name, const PipefittingStart& s, Node* parent = nullptr) {
  Node& t = addNamed(scene, std::make_unique<TranslateOperator>(), name + "-translate", parent);
  Node& r = addNamed(scene, std::make_unique<RotateOperator>(), name + "-rotate", &t);
  Node& b = addNamed(scene, std::make_unique<BendOperator>(), name + "-bend", &r);
  Node& tube = addNamed(scene, std::make_unique<TubePrimitive>(), name, &b);
  setParam(scene, tube, "length", s.length); setParam(scene, tube, "radius", s.radius);
  setParam(scene, tube, "thickness", s.thickness);
  setParam(scene, b, "start", s.start); setParam(scene, b, "stop", s.stop); setParam(scene, b, "amount", s.amount);
  setParam(scene, r, "qw", s.qw); setParam(scene, r, "qx", s.qx); setParam(scene, r, "qy", s.qy); setParam(scene, r, "qz", s.qz);
  setParam(scene, t, "x", s.x); setParam(scene, t, "y", s.y); setParam(scene, t, "z", s.z);
}

// The same sub-tree as addMovingPipe, detached: a chain of thousands of pipes is built by
// adding every sub-tree first and laying out Ψ once (Scene::add re-lays Ψ on every call, which
// made a chain of 1,000 pipes take 14 s to build), then setting the values.
std::unique_ptr<Node> detachedMovingPipe(const std::string& name) {
  auto t = std::make_unique<TranslateOperator>();
  t->setName(name + "-translate");
  auto r = std::make_unique<RotateOperator>();
  r->setName(name + "-rotate");
  auto b = std::make_unique<BendOperator>();
  b->setName(name + "-bend");
  auto tube = std::make_unique<TubePrimitive>();
  tube->setName(name);
  b->addChild(std::move(tube));
  r->addChild(std::move(b));
  t->addChild(std::move(r));
  return t;
}

void setMovingPipe(Scene& scene, const Node& translate, const PipefittingStart& s) {
  const Node& r = *translate.children().front();
  const Node& b = *r.children().front();
  const Node& tube = *b.children().front();
  setParam(scene, tube, "length", s.length); setParam(scene, tube, "radius", s.radius);
  setParam(scene, tube, "thickness", s.thickness);
  setParam(scene, b, "start", s.start); setParam(scene, b, "stop", s.stop); setParam(scene, b, "amount", s.amount);
  setParam(scene, r, "qw", s.qw); setParam(scene, r, "qx", s.qx); setParam(scene, r, "qy", s.qy); setParam(scene, r, "qz", s.qz);
  setParam(scene, translate, "x", s.x); setParam(scene, translate, "y", s.y); setParam(scene, translate, "z", s.z);
}

void addAttachPipes(Scene& scene, const std::string& name, const std::string& a, int endA, const std::string& b,
                    int endB) {
  auto c = std::make_unique<AttachPipesTerm>();
  c->name = name;
  c->a.node = a;
  c->endA = endA;
  c->b.node = b;
  c->endB = endB;
  scene.constraints.push_back(std::move(c));
}

}  // namespace

std::unique_ptr<Scene> buildPipefittingScene(const PipefittingStart& start) {
  auto scene = std::make_unique<Scene>();
  scene->description = "Pipefitting (Witkin, Fleischer & Barr 1987, Figure 1)";
  // fixed-a: axis along +x, +x end at (-2, 0, 0). fixed-b: rotated so +x becomes +z, -x end at (0, 0, 2).
  addFixedPipe(*scene, "fixed-a", {-3.0, 0.0, 0.0}, Quatd{});
  addFixedPipe(*scene, "fixed-b", {0.0, 0.0, 3.0}, Quatd::fromAxisAngle({0, 1, 0}, -M_PI / 2));
  addMovingPipe(*scene, "pipe", start);
  addAttachPipes(*scene, "join-a", "pipe", -1, "fixed-a", +1);
  addAttachPipes(*scene, "join-b", "pipe", +1, "fixed-b", -1);
  scene->resolveReferences();
  return scene;
}

PipefittingStart perturbedPipefittingStart(std::mt19937& rng, double scale) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  PipefittingStart s;
  s.length += scale * u(rng); s.radius += 0.2 * scale * u(rng); s.thickness += 0.05 * scale * u(rng);
  s.start += 0.5 * scale * u(rng); s.stop += 0.5 * scale * u(rng); s.amount += scale * u(rng);
  s.qw += 0.5 * scale * u(rng); s.qx += 0.5 * scale * u(rng); s.qy += 0.5 * scale * u(rng); s.qz += 0.5 * scale * u(rng);
  s.x += scale * u(rng); s.y += scale * u(rng); s.z += scale * u(rng);
  return s;
}

void moveFixedPipe(Scene& scene, double dx, double dy, double dz) {
  const Node* t = scene.find("fixed-b-translate");
  if (!t) throw std::invalid_argument("moveFixedPipe: the scene has no fixed-b-translate");
  ParameterTable& p = scene.parameters();
  p.setValue(t->paramIndex("x"), p.value(t->paramIndex("x")) + dx);
  p.setValue(t->paramIndex("y"), p.value(t->paramIndex("y")) + dy);
  p.setValue(t->paramIndex("z"), p.value(t->paramIndex("z")) + dz);
}

std::unique_ptr<Scene> buildPipeChainScene(int n, double perturbation, unsigned seed) {
  auto scene = std::make_unique<Scene>();
  scene->description = "A chain of " + std::to_string(n) + " bent pipes joined by attach-pipes";
  addFixedPipe(*scene, "anchor", {-1.0, 0.0, 0.0}, Quatd{});
  // The solved chain: each pipe (length 1, bent by 0.3 rad about its own frame's y) continues
  // from the previous end. Frames: position p and rotation R of the pipe's -x end.
  Vec3d p{0.0, 0.0, 0.0};
  Quatd frame{};
  const double length = 1.0, amount = 0.3, start = -0.25, stop = 0.25;
  const Quatd roll = Quatd::fromAxisAngle({1, 0, 0}, 0.4);  // twist between pipes: a helix
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  std::vector<std::pair<const Node*, PipefittingStart>> pipes;
  for (int i = 0; i < n; ++i) {
    const std::string name = "pipe" + std::to_string(i);
    // In the pipe's own (unbent) frame the -x end is at (-L/2, 0, 0): the bend leaves x < start
    // in place, so the translation puts that end at p.
    const Vec3d centre = p + rotate(frame, Vec3d(length / 2, 0, 0));
    PipefittingStart s;
    s.length = length; s.radius = 0.1; s.thickness = 0.02;
    s.start = start; s.stop = stop; s.amount = amount;
    s.qw = frame.w; s.qx = frame.x; s.qy = frame.y; s.qz = frame.z;
    s.x = centre.x; s.y = centre.y; s.z = centre.z;
    // End of this pipe in world: evaluated below from the scene (exact, whatever the bend does).
    s.length += perturbation * u(rng); s.amount += perturbation * u(rng);
    s.start += 0.5 * perturbation * u(rng); s.stop += 0.5 * perturbation * u(rng);
    s.qw += 0.5 * perturbation * u(rng); s.qx += 0.5 * perturbation * u(rng);
    s.qy += 0.5 * perturbation * u(rng); s.qz += 0.5 * perturbation * u(rng);
    s.x += perturbation * u(rng); s.y += perturbation * u(rng); s.z += perturbation * u(rng);
    s.radius += 0.02 * perturbation * u(rng); s.thickness += 0.005 * perturbation * u(rng);
    pipes.emplace_back(&scene->root().addChild(detachedMovingPipe(name)), s);
    addAttachPipes(*scene, "join" + std::to_string(i), name, -1, i == 0 ? "anchor" : "pipe" + std::to_string(i - 1),
                   +1);
    // Advance the solved frame: the unperturbed pipe's +x end and direction. The bend turns the
    // axis by `amount` about the local −y axis direction of positive z (x,z plane, toward +z).
    const double k = amount / (stop - start);
    const double arc = stop - start;
    const Vec3d endLocal{start + std::sin(amount) / k + (length / 2 - stop) * std::cos(amount), 0.0,
                         (1.0 - std::cos(amount)) / k + (length / 2 - stop) * std::sin(amount)};
    (void)arc;
    p = centre + rotate(frame, endLocal);
    frame = normalized(frame * Quatd::fromAxisAngle({0, 1, 0}, -amount) * roll);
  }
  scene->rebuildParameters();
  for (const auto& pipe : pipes) setMovingPipe(*scene, *pipe.first, pipe.second);
  scene->resolveReferences();
  return scene;
}

}  // namespace flexure
