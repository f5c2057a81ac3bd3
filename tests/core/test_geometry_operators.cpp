// Operators: inverse ∘ forward = identity, analytic Jacobians and jet derivatives with respect
// to the operator's parameters equal central differences, for every operator type.
#include "geometry_test_support.h"
#include <numbers>

#include "flexure/core/operator.h"

using namespace geometry_test;

namespace {

// Every operator type, some with several settings (the bend at amount 0, the usual starting
// value, and bent both ways). Points are sampled in x ∈ [-2, 2], |y|, |z| <= 0.6, which crosses
// the bend region [-0.5, 0.8] and stays inside every bend radius (>= 1.18).
std::vector<NodeSpec> operatorTable() {
  return {
      {"translate", {{"x", 0.3}, {"y", -0.7}, {"z", 1.1}}},
      {"rotate", {{"qw", 0.8}, {"qx", 0.3}, {"qy", -0.4}, {"qz", 0.5}}},  // not unit: normalized inside
      {"scale", {{"sx", 1.5}, {"sy", 0.7}, {"sz", -1.2}}},
      {"bend", {{"start", -0.5}, {"stop", 0.8}, {"amount", 0.0}}},
      {"bend", {{"start", -0.5}, {"stop", 0.8}, {"amount", 1.1}}},
      {"bend", {{"start", -0.5}, {"stop", 0.8}, {"amount", -0.7}}},
      {"twist", {{"rate", 0.9}}},
      {"taper", {{"slope", 0.3}}},
  };
}

struct OperatorModel {
  std::unique_ptr<flexure::Scene> scene;
  const flexure::Operator* op = nullptr;
};

OperatorModel buildOperator(const NodeSpec& spec) {
  OperatorModel m;
  m.scene = std::make_unique<flexure::Scene>();
  auto node = flexure::NodeRegistry::instance().create(spec.type);
  REQUIRE(node);
  flexure::Node& added = m.scene->add(std::move(node));
  for (const auto& [slot, v] : spec.params) m.scene->parameters().setValue(added.paramIndex(slot), v);
  REQUIRE(added.isOperator());
  m.op = static_cast<const flexure::Operator*>(&added);
  return m;
}

std::vector<Vec3d> randomPointsInBox(int count) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> dx(-2.0, 2.0), dyz(-0.6, 0.6);
  std::vector<Vec3d> pts;
  for (int i = 0; i < count; ++i) pts.emplace_back(dx(rng), dyz(rng), dyz(rng));
  // Exactly on the bend region's ends and on the axis.
  pts.emplace_back(-0.5, 0.2, -0.3);
  pts.emplace_back(0.8, -0.1, 0.4);
  pts.emplace_back(0.1, 0.0, 0.0);
  return pts;
}

std::string describe(const NodeSpec& spec) {
  std::string s = spec.type;
  for (const auto& [slot, v] : spec.params) s += " " + slot + "=" + std::to_string(v);
  return s;
}

}  // namespace

TEST_CASE("operators: inverse(apply(x)) = x and apply(inverse(X)) = X", "[geometry][operators]") {
  const NodeSpec spec = GENERATE(from_range(operatorTable()));
  INFO(describe(spec));
  const OperatorModel m = buildOperator(spec);
  const flexure::ValueAccess values(m.scene->parameters().values());
  for (const Vec3d& x : randomPointsInBox(200)) {
    const Vec3d X = m.op->apply(values, x);
    const Vec3d back = m.op->inverse(values, X);
    INFO("x " << x.x << " " << x.y << " " << x.z);
    CHECK(flexure::norm(back - x) <= 1e-12);
    // The same sample read as a world point.
    const Vec3d forth = m.op->apply(values, m.op->inverse(values, x));
    CHECK(flexure::norm(forth - x) <= 1e-12);
  }
}

TEST_CASE("operators: analytic Jacobian equals central differences", "[geometry][operators]") {
  const NodeSpec spec = GENERATE(from_range(operatorTable()));
  INFO(describe(spec));
  const OperatorModel m = buildOperator(spec);
  const flexure::ValueAccess values(m.scene->parameters().values());
  const double h = 1e-6;
  for (const Vec3d& x : randomPointsInBox(100)) {
    if (spec.type == "bend" && (std::abs(x.x + 0.5) < 2 * h || std::abs(x.x - 0.8) < 2 * h)) continue;  // kink
    const flexure::Mat3d J = m.op->jacobian(values, x);
    for (int j = 0; j < 3; ++j) {
      Vec3d a = x, b = x;
      a[j] += h;
      b[j] -= h;
      const Vec3d col = (m.op->apply(values, a) - m.op->apply(values, b)) / (2 * h);
      INFO("x " << x.x << " " << x.y << " " << x.z << " column " << j);
      for (int i = 0; i < 3; ++i) CHECK(near(J(i, j), col[i], 1e-7));
    }
  }
}

TEST_CASE("operators: Dual8 derivatives of apply and inverse with respect to parameters", "[geometry][operators]") {
  const NodeSpec spec = GENERATE(from_range(operatorTable()));
  INFO(describe(spec));
  const OperatorModel m = buildOperator(spec);
  const Eigen::VectorXd psi0 = m.scene->parameters().values();
  const int n = m.op->paramCount();
  REQUIRE(n <= 8);
  std::vector<int> indices(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) indices[static_cast<std::size_t>(i)] = m.op->paramOffset() + i;
  flexure::SeededAccess<8> seeded({m.op});
  seeded.seed(psi0, indices.data(), n);
  const double h = 1e-6;
  for (const Vec3d& x : randomPointsInBox(60)) {
    if (spec.type == "bend" && (std::abs(x.x + 0.5) < 0.01 || std::abs(x.x - 0.8) < 0.01)) continue;
    const Vec3<Dual8> yj = m.op->apply(seeded, Vec3<Dual8>::from(x));
    const Vec3d X = m.op->apply(flexure::ValueAccess(psi0), x);
    const Vec3<Dual8> xj = m.op->inverse(seeded, Vec3<Dual8>::from(X));
    for (int l = 0; l < n; ++l) {
      Eigen::VectorXd plus = psi0, minus = psi0;
      plus[indices[static_cast<std::size_t>(l)]] += h;
      minus[indices[static_cast<std::size_t>(l)]] -= h;
      const Vec3d dy = (m.op->apply(flexure::ValueAccess(plus), x) - m.op->apply(flexure::ValueAccess(minus), x)) / (2 * h);
      const Vec3d dx =
          (m.op->inverse(flexure::ValueAccess(plus), X) - m.op->inverse(flexure::ValueAccess(minus), X)) / (2 * h);
      INFO("x " << x.x << " " << x.y << " " << x.z << " parameter " << l);
      for (int c = 0; c < 3; ++c) {
        CHECK(near(yj[c].v[static_cast<std::size_t>(l)], dy[c], 1e-6));
        CHECK(near(xj[c].v[static_cast<std::size_t>(l)], dx[c], 1e-6));
      }
    }
  }
}

TEST_CASE("bend: amount 0 is the identity with finite derivatives and the axis becomes an arc", "[geometry][operators]") {
  const OperatorModel m = buildOperator({"bend", {{"start", -1.0}, {"stop", 1.0}, {"amount", 0.0}}});
  flexure::SeededAccess<8> seeded({m.op});
  const int amount = m.op->paramOffset() + 2;
  seeded.seed(m.scene->parameters().values(), &amount, 1);
  const Vec3<Dual8> y = m.op->apply(seeded, Vec3<Dual8>::from(Vec3d(0.5, 0.1, 0.2)));
  CHECK(flexure::isFinite(y));
  CHECK(y.x.a == Approx(0.5).epsilon(1e-15));
  CHECK(y.z.a == Approx(0.2).epsilon(1e-15));
  // d/d(amount) at 0: with θ = k t, t = 1.5, k' = 1/2: dZ = t²/2 · k' and dX = -z t k'.
  CHECK(y.z.v[0] == Approx(1.5 * 1.5 / 4.0).epsilon(1e-12));
  CHECK(y.x.v[0] == Approx(-0.2 * 1.5 / 2.0).epsilon(1e-12));
  const Vec3<Dual8> back = m.op->inverse(seeded, Vec3<Dual8>::from(Vec3d(0.5, 0.1, 0.2)));
  CHECK(flexure::isFinite(back));

  // amount = π/2 over [-1, 1]: the axis maps to a quarter circle of radius 2/(π/2).
  Eigen::VectorXd psi = m.scene->parameters().values();
  psi[amount] = std::numbers::pi / 2;
  const flexure::ValueAccess values(psi);
  const double R = 2.0 / (std::numbers::pi / 2);
  for (double x = -1.0; x <= 1.0; x += 0.25) {
    const Vec3d X = m.op->apply(values, Vec3d(x, 0, 0));
    CHECK(flexure::norm(X - Vec3d(-1.0, 0, R)) == Approx(R).epsilon(1e-12));
  }
  // The straight continuation beyond stop points along +z, one unit above the arc's end.
  const Vec3d end = m.op->apply(values, Vec3d(2.0, 0, 0));
  CHECK(end.x == Approx(-1.0 + R).epsilon(1e-12));
  CHECK(end.z == Approx(R + 1.0).epsilon(1e-12));
}

TEST_CASE("bend: inverse past a right angle for points near the axis", "[geometry][operators]") {
  // amount 2.5 over [-0.5, 0.8]: bend radius 0.52; the straight continuation swings back over
  // the untouched half, far from the axis. Points with |y|, |z| <= 0.25 still invert exactly.
  for (double amount : {2.5, -2.9}) {
    const OperatorModel m = buildOperator({"bend", {{"start", -0.5}, {"stop", 0.8}, {"amount", amount}}});
    const flexure::ValueAccess values(m.scene->parameters().values());
    std::mt19937 rng(13);
    std::uniform_real_distribution<double> dx(-1.5, 1.5), dyz(-0.25, 0.25);
    for (int i = 0; i < 300; ++i) {
      const Vec3d x(dx(rng), dyz(rng), dyz(rng));
      INFO("amount " << amount << " x " << x.x << " " << x.y << " " << x.z);
      CHECK(flexure::norm(m.op->inverse(values, m.op->apply(values, x)) - x) <= 1e-12);
    }
  }
}
