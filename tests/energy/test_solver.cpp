#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "flexure/core/operators/translate.h"
#include "flexure/core/primitives/sphere.h"
#include "flexure/energy/energy_family_solver.h"
#include "flexure/energy/energy_solver.h"
#include "flexure/energy/scenes/pipefitting_scene.h"
#include "flexure/energy/scenes/scene_building.h"
#include "flexure/energy/terms/attach_point.h"
#include "flexure/energy/terms/param_default.h"
#include "flexure/energy/terms/term_macros.h"

using namespace flexure;

namespace {
// A ball under a free translation.
std::unique_ptr<Scene> ballScene() {
  auto scene = std::make_unique<Scene>();
  Node& t = addNamed(*scene, std::make_unique<TranslateOperator>(), "move");
  Node& ball = addNamed(*scene, std::make_unique<SpherePrimitive>(), "ball", &t);
  setParam(*scene, ball, "radius", 0.5, true);
  return scene;
}

void attachCentre(Scene& scene, const std::string& name, const Vec3d& q, double weight) {
  auto c = std::make_unique<AttachPointTerm>();
  c->name = name;
  c->weight = weight;
  c->point.ref.node = "ball";
  c->point.at = "local";  // the ball's centre
  c->target = q;
  scene.constraints.push_back(std::move(c));
}

// Residual sqrt(1.2 − x)/1000, NaN for x > 1.2: a step past 1.2 must be rolled back.
class FragileTerm final : public ResidualTerm<FragileTerm> {
 public:
  static constexpr std::string_view kKind = "test-fragile";
  static constexpr int kResiduals = 1;
  std::string_view kind() const override { return kKind; }
  void visitFields(FieldVisitor&) override {}
  std::vector<std::string> referencedNodes() const override { return {"move"}; }
  void resolveReferences(const Scene& scene) override { param.resolve(scene, "fragile"); }
  std::vector<const Node*> nodesRead() const override { return {param.owner}; }
  template <class S> void residualsT(const ParamAccess<S>& p, S* out) const {
    out[0] = flexure::sqrt(S(1.2) - param.read(p)) * 1e-3;
  }
  ParamRef param{"move", "x"};
};
}  // namespace

TEST_CASE("an over-determined system returns the compromise and names the unmet constraints", "[solver][diagnosis]") {
  auto scene = ballScene();
  attachCentre(*scene, "anchor-left", {0, 0, 0}, 1.0);
  attachCentre(*scene, "pull-right", {2, 0, 0}, 0.01);  // conflicts with anchor-left, weakly
  auto h = std::make_unique<ParamDefaultTerm>();
  h->name = "height";
  h->param = {"move", "z"};
  h->target = 0.0;  // consistent with both
  scene->constraints.push_back(std::move(h));
  scene->resolveReferences();
  const SolveReport r = EnergySolver(*scene, EnergySettings{}).run();
  INFO(r.toJson().dump(2));
  CHECK_FALSE(r.converged);
  CHECK(r.extra["verdict"] == "compromise");
  // The least-squares compromise: x = 2·0.01/(1 + 0.01).
  CHECK(scene->parameters().value(scene->find("move")->paramIndex("x")) == Approx(0.02 / 1.01).epsilon(1e-6));
  const std::vector<std::string> unmet = r.extra["unmet"];
  REQUIRE(unmet.size() == 2);
  CHECK(unmet[0] == "pull-right");  // the most violated: the weak pull is the one that gives way
  CHECK(unmet[1] == "anchor-left");
  for (const ConstraintResidual& c : r.residuals)
    if (c.name == "height") CHECK(c.satisfied);
  CHECK_FALSE(r.warnings.empty());
}

TEST_CASE("frozen parameters never move and bounds hold", "[solver]") {
  auto scene = buildPipefittingScene();
  const Node* tube = scene->find("pipe");
  const int radius = tube->paramIndex("radius"), length = tube->paramIndex("length");
  scene->parameters().setFrozen(radius, true);  // 0.3 where the joins want 0.5: cannot be met
  scene->parameters().info(length).upper = 10.0;
  const Eigen::VectorXd start = scene->parameters().values();
  const SolveReport r = EnergySolver(*scene, EnergySettings{}).run();
  CHECK(scene->parameters().value(radius) == start[radius]);
  CHECK_FALSE(r.converged);
  const std::vector<std::string> unmet = r.extra["unmet"];
  CHECK(unmet.size() == 2);
  // Both joins fail by the radius mismatch only: 2 × (0.5 − 0.3)² in total.
  CHECK(r.energy == Approx(2 * 0.04).epsilon(1e-6));

  // A bound the solution would violate: length capped below what the fit needs.
  auto bounded = buildPipefittingScene();
  const int len = bounded->find("pipe")->paramIndex("length");
  bounded->parameters().info(len).upper = 2.0;
  const SolveReport rb = EnergySolver(*bounded, EnergySettings{}).run();
  CHECK(bounded->parameters().value(len) <= 2.0);
  CHECK_FALSE(rb.converged);
}

TEST_CASE("a step that produces NaN is rolled back and reported", "[solver]") {
  auto scene = ballScene();
  attachCentre(*scene, "far", {2, 0, 0}, 1.0);
  scene->constraints.push_back(std::make_unique<FragileTerm>());
  scene->resolveReferences();
  EnergySettings s;
  s.trustRadius = s.maxTrustRadius = 5.0;  // let the first step overshoot into NaN
  const SolveReport r = EnergySolver(*scene, s).run();
  CHECK(r.rolledBack);
  const double x = scene->parameters().value(scene->find("move")->paramIndex("x"));
  CHECK(std::isfinite(x));
  CHECK(x <= 1.2);
  CHECK(x > 1.1);
}

TEST_CASE("the energy FamilySolver reports the CLI's keys", "[solver]") {
  auto scene = buildPipefittingScene();
  EnergyFamilySolver family;
  CHECK(family.appliesTo(*scene));
  SolveOptions o;
  o.maxIterations = 3;
  const nlohmann::json limited = family.solve(*scene, o).toJson();
  CHECK(limited["stop_reason"] == "iteration limit");
  CHECK(limited["verdict"] == "not converged");
  const nlohmann::json j = family.solve(*scene, SolveOptions{}).toJson();
  for (const char* key : {"converged", "energy", "iterations", "evaluations", "seconds", "residuals", "stop_reason", "method"})
    CHECK(j.contains(key));
  CHECK(j["converged"] == true);
  CHECK(j["residuals"].size() == 2);
}
