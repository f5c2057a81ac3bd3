#include <catch2/catch.hpp>

#include "flexure/core/param_access.h"
#include "flexure/energy/energy_problem.h"
#include "flexure/energy/register.h"
#include "flexure/energy/terms/attach_surface.h"
#include "flexure/energy/terms/collision.h"
#include "term_fixture.h"

using namespace flexure;

namespace {
const EnergyConstraint& termNamed(const Scene& scene, const std::string& name) {
  for (const auto& c : scene.constraints)
    if (c->name == name) return dynamic_cast<const EnergyConstraint&>(*c);
  throw std::runtime_error("no constraint " + name);
}
}  // namespace

TEST_CASE("every term's exact gradient equals central differences at random Ψ", "[terms][gradient]") {
  auto scene = test::buildTermFixture();
  std::mt19937 rng(7);
  for (int trial = 0; trial < 3; ++trial) {
    test::randomizeFreeParameters(*scene, rng, 0.15);
    const Eigen::VectorXd psi = scene->parameters().values();
    for (const auto& c : scene->constraints) {
      const auto& term = dynamic_cast<const EnergyConstraint&>(*c);
      EnergyProblem problem(*scene, {&term});
      Eigen::VectorXd r;
      Eigen::SparseMatrix<double> J;
      const double e = problem.linearize(psi, r, J);
      const Eigen::VectorXd g = EnergyProblem::gradient(J, r);
      CHECK(e == Approx(problem.energy(psi)).epsilon(1e-12));
      REQUIRE(std::isfinite(e));
      // Central differences on every free parameter the term reads.
      const double h = 1e-6;
      for (int col = 0; col < problem.freeCount(); ++col) {
        Eigen::VectorXd plus = psi, minus = psi;
        plus[problem.freeIndices()[col]] += h;
        minus[problem.freeIndices()[col]] -= h;
        const double fd = (problem.energy(plus) - problem.energy(minus)) / (2 * h);
        INFO(c->name << " column " << col << " (" << scene->parameters().info(problem.freeIndices()[col]).qualifiedName()
                     << ") trial " << trial << " E=" << e);
        CHECK(g[col] == Approx(fd).margin(2e-6 * std::max(1.0, std::abs(fd))).epsilon(1e-5));
      }
    }
  }
}

TEST_CASE("terms evaluate the paper's formulas", "[terms]") {
  auto scene = test::buildTermFixture();
  const ValueAccess values(scene->parameters().values());
  SECTION("attach-surface: |Pa-Pb|² + Na·Nb + 1") {
    const auto& t = termNamed(*scene, "attach-surface");
    const auto& as = dynamic_cast<const AttachSurfaceTerm&>(t);
    Vec3d pa, na, pb, nb;
    pathPositionNormal(as.a.path, values, as.pointA.patch, as.pointA.u, as.pointA.v, pa, na);
    pathPositionNormal(as.b.path, values, as.pointB.patch, as.pointB.u, as.pointB.v, pb, nb);
    CHECK(t.scalarEnergy(values) == Approx(squaredNorm(pa - pb) + dot(na, nb) + 1.0).epsilon(1e-12));
  }
  SECTION("param-relation: (α − k1 β − k2)²") {
    const auto& t = termNamed(*scene, "param-relation");
    const double l1 = scene->parameters().value(scene->find("pipe")->paramIndex("length"));
    const double l2 = scene->parameters().value(scene->find("rod")->paramIndex("length"));
    CHECK(t.scalarEnergy(values) == Approx(std::pow(l1 - 2.0 * l2 - 0.1, 2)));
  }
  SECTION("collision: positive, and larger when the sampled surface is pushed into b") {
    auto& t = const_cast<CollisionTerm&>(dynamic_cast<const CollisionTerm&>(termNamed(*scene, "collision")));
    const double far = t.scalarEnergy(values);
    CHECK(far > 0.0);
    int kept = 0;
    CHECK(t.minimumImplicit(values, &kept) > 0.0);
    CHECK(kept == 6 * 16);
    const Node* boxT = scene->find("box-t");
    const Node* ballT = scene->find("ball-t");
    for (const char* s : {"x", "y", "z"})
      scene->parameters().setValue(boxT->paramIndex(s), scene->parameters().value(ballT->paramIndex(s)));
    const ValueAccess inside(scene->parameters().values());
    CHECK(t.scalarEnergy(inside) > 10.0 * far);
    CHECK_FALSE(t.isSatisfied(inside, 0.0, 1e-8));
    t.cutoff = 0.01;  // bounding box culling: far samples are skipped
    scene->parameters().setValue(boxT->paramIndex("x"), 10.0);
    const ValueAccess away(scene->parameters().values());
    CHECK(t.scalarEnergy(away) == 0.0);
  }
}

TEST_CASE("every energy kind is registered and round-trips through clone", "[terms][registry]") {
  registerEnergyModule();
  const std::vector<std::string> kinds{"attach-point", "attach-surface", "float-attach", "double-float", "slider",
                                       "point-segment", "telescope", "collision", "param-default", "param-relation",
                                       "orientation", "attach-pipes", "user-spring", "param-anchor"};
  for (const std::string& k : kinds) {
    auto c = ConstraintRegistry::instance().create(k);
    REQUIRE(c);
    CHECK(c->kind() == k);
    CHECK(c->family() == "energy");
  }
  auto scene = test::buildTermFixture();
  auto copy = scene->clone();
  const ValueAccess a(scene->parameters().values()), b(copy->parameters().values());
  for (std::size_t i = 0; i < scene->constraints.size(); ++i) {
    const auto& x = dynamic_cast<const EnergyConstraint&>(*scene->constraints[i]);
    const auto& y = dynamic_cast<const EnergyConstraint&>(*copy->constraints[i]);
    CHECK(x.scalarEnergy(a) == Approx(y.scalarEnergy(b)).epsilon(1e-14));
  }
}
