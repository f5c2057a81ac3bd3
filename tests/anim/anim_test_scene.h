#pragma once
// Small node, constraint and solver types for the animation tests, so the timeline, frame
// solver and bake cache are tested without depending on the other modules' solvers.
//
// A "test-mass" is a point on a line: its position x is in Ψ, its velocity is a node field
// (solver state that is not in Ψ, like a rigid solid's velocity). A "test-spring" constraint
// pulls the mass towards the keyed "anchor.x" with stiffness `stiffness` · weight while active.
// The "test" family solver integrates it with fixed substeps (semi-implicit Euler, damping), so
// its result depends on history and never on wall-clock time.
#include <atomic>
#include <cmath>
#include <memory>
#include <string>

#include "flexure/core/constraint.h"
#include "flexure/core/node.h"
#include "flexure/core/scene.h"
#include "flexure/core/solver_registry.h"

namespace flexure::test {

class TestAnchor final : public Node {
 public:
  std::string_view type() const override { return "test-anchor"; }
  NodeRole role() const override { return NodeRole::Operator; }
  std::vector<ParamSpec> parameterSpecs() const override {
    return {{"x", 0.0}, {"qw", 1.0}, {"qx", 0.0}, {"qy", 0.0}, {"qz", 0.0}};
  }
  std::unique_ptr<Node> cloneNode() const override { return std::make_unique<TestAnchor>(); }
};

class TestMass final : public Node {
 public:
  std::string_view type() const override { return "test-mass"; }
  NodeRole role() const override { return NodeRole::Operator; }
  std::vector<ParamSpec> parameterSpecs() const override { return {{"x", 0.0}, {"mass", 1.0, 0.01}}; }
  void visitFields(FieldVisitor& v) override {
    v.field("velocity", velocity);
    v.field("label", label);
    if (v.isReading()) ++reads;  // how often the fields were re-read (a rebuild, in a real node)
  }
  std::unique_ptr<Node> cloneNode() const override {
    auto c = std::make_unique<TestMass>();
    c->velocity = velocity;
    c->label = label;
    return c;
  }
  double velocity = 0.0;
  std::string label = "a mass whose label never changes";
  int reads = 0;
};

class TestSpring final : public Constraint {
 public:
  std::string_view kind() const override { return "test-spring"; }
  std::string_view family() const override { return "test"; }
  std::unique_ptr<Constraint> clone() const override { return std::make_unique<TestSpring>(*this); }
  void visitFields(FieldVisitor& v) override {
    v.field("mass", mass);
    v.field("anchor", anchor);
    v.field("stiffness", stiffness);
    v.field("substeps", substeps);
    v.field("damped", damped);
    v.field("offset", offset);
  }
  std::vector<std::string> referencedNodes() const override { return {mass, anchor}; }
  std::string mass = "mass", anchor = "anchor";
  double stiffness = 40.0;
  int substeps = 8;
  bool damped = true;
  Vec3d offset{0, 0, 0};  // the spring's rest point is anchor.x + offset.x
};

// Integrates every active test-spring from t0 to t1 with a fixed number of substeps.
class TestSpringSolver final : public FamilySolver {
 public:
  std::string_view family() const override { return "test"; }
  bool appliesTo(const Scene& scene) const override {
    for (const auto& c : scene.constraints)
      if (c->family() == "test") return true;
    return false;
  }
  SolveReport solve(Scene& scene, const SolveOptions& options) const override {
    ++solveCalls;
    return step(scene, 0.0, 0.0, options, true);
  }
  SolveReport advance(Scene& scene, double t0, double t1, const SolveOptions& options) const override {
    ++advanceCalls;
    return step(scene, t0, t1, options, false);
  }
  mutable int solveCalls = 0, advanceCalls = 0;
  // When set, each advance spins for this many iterations checking `cancel` (a slow solver).
  int slowIterations = 0;

 private:
  SolveReport step(Scene& scene, double t0, double t1, const SolveOptions& options, bool assemble) const {
    SolveReport r;
    r.family = "test";
    r.converged = true;
    for (const auto& c : scene.constraints) {
      auto* s = dynamic_cast<TestSpring*>(c.get());
      if (!s || !s->enabled || (!assemble && !s->active.contains(t1))) continue;
      auto* m = dynamic_cast<TestMass*>(scene.find(s->mass));
      const Node* a = scene.find(s->anchor);
      const int xi = m->paramIndex("x"), mi = m->paramIndex("mass"), ai = a->paramIndex("x");
      ParameterTable& psi = scene.parameters();
      const double rest = psi.value(ai) + s->offset.x;
      if (assemble) {  // assembly: put the mass at rest on its anchor
        if (!psi.isFrozen(xi)) psi.setValue(xi, rest);
        m->velocity = 0.0;
      } else {
        const double h = (t1 - t0) / s->substeps, k = s->stiffness * s->weight / psi.value(mi);
        for (int i = 0; i < s->substeps; ++i) {
          const double force = -k * (psi.value(xi) - rest) - (s->damped ? 2.0 * m->velocity : 0.0);
          m->velocity += h * force;
          if (!psi.isFrozen(xi)) psi.setValue(xi, psi.value(xi) + h * m->velocity);
          ++r.iterations;
        }
      }
      const double d = psi.value(xi) - rest;
      r.energy += 0.5 * s->stiffness * d * d;
      r.maxViolation = std::max(r.maxViolation, std::abs(d));
    }
    for (int i = 0; i < slowIterations; ++i) {
      if (options.cancel && options.cancel->load()) {
        r.converged = false;
        r.stopReason = "cancelled";
        return r;
      }
      volatile double sink = std::sin(double(i));
      (void)sink;
    }
    r.stopReason = "integrated";
    return r;
  }
};

// anchor (keyable x and quaternion) and one mass tied to it by a spring.
inline std::unique_ptr<Scene> makeSpringScene() {
  auto scene = std::make_unique<Scene>();
  auto anchor = std::make_unique<TestAnchor>();
  anchor->setName("anchor");
  scene->add(std::move(anchor));
  auto mass = std::make_unique<TestMass>();
  mass->setName("mass");
  scene->add(std::move(mass));
  auto spring = std::make_unique<TestSpring>();
  spring->name = "spring";
  scene->constraints.push_back(std::move(spring));
  return scene;
}

}  // namespace flexure::test
