#pragma once
// Shared machinery of the geometry tests: builds a leaf-to-root chain of registered node types
// with chosen parameter values, and compares jet derivatives of P, N and I with central
// differences of the double evaluation.
#include <catch2/catch.hpp>

#include <memory>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "flexure/core/node_registry.h"
#include "flexure/core/param_access.h"
#include "flexure/core/path.h"
#include "flexure/core/scene.h"

namespace geometry_test {

using flexure::Dual;
using flexure::Dual8;
using flexure::Vec3;
using flexure::Vec3d;

// One node of a chain: its type and the parameter values that differ from the defaults.
struct NodeSpec {
  std::string type;
  std::vector<std::pair<std::string, double>> params;
};

// A scene holding one chain root → ... → leaf, and the path of that leaf.
struct Model {
  std::unique_ptr<flexure::Scene> scene;
  flexure::Path path;
  const flexure::Primitive& leaf() const { return *path.leaf; }
  const Eigen::VectorXd& psi() const { return scene->parameters().values(); }
};

inline Model buildModel(const std::vector<NodeSpec>& rootToLeaf) {
  Model m;
  m.scene = std::make_unique<flexure::Scene>();
  flexure::Node* parent = nullptr;
  for (const NodeSpec& spec : rootToLeaf) {
    auto node = flexure::NodeRegistry::instance().create(spec.type);
    REQUIRE(node != nullptr);
    flexure::Node& added = m.scene->add(std::move(node), parent);
    for (const auto& [slot, v] : spec.params) {
      const int i = added.paramIndex(slot);
      INFO(spec.type << "." << slot);
      REQUIRE(i >= 0);
      m.scene->parameters().setValue(i, v);
    }
    parent = &added;
  }
  REQUIRE(parent != nullptr);
  REQUIRE(parent->isPrimitive());
  m.path = m.scene->pathTo(static_cast<const flexure::Primitive&>(*parent));
  return m;
}

inline std::string describe(const std::vector<NodeSpec>& chain) {
  std::string s;
  for (const NodeSpec& n : chain) s += (s.empty() ? "" : " > ") + n.type;
  return s;
}

// |a - b| <= tol (1 + |b|): relative for large values, absolute near zero.
inline bool near(double a, double b, double tol) { return std::abs(a - b) <= tol * (1.0 + std::abs(b)); }

inline Vec3d position(const Model& m, const Eigen::VectorXd& psi, const flexure::SurfacePoint& s) {
  const flexure::ValueAccess values(psi);
  return flexure::pathPosition(m.path, values, s.patch, s.u, s.v);
}
inline Vec3d normal(const Model& m, const Eigen::VectorXd& psi, const flexure::SurfacePoint& s) {
  const flexure::ValueAccess values(psi);
  return flexure::pathNormal(m.path, values, s.patch, s.u, s.v);
}
inline double implicit(const Model& m, const Eigen::VectorXd& psi, const Vec3d& x) {
  const flexure::ValueAccess values(psi);
  return flexure::pathImplicit(m.path, values, x);
}

// Random surface points away from patch borders (where P is only piecewise smooth).
inline std::vector<flexure::SurfacePoint> samplePoints(const flexure::Primitive& leaf, int perPatch, std::mt19937& rng,
                                                       double margin = 0.12) {
  std::uniform_real_distribution<double> d(margin, 1.0 - margin);
  std::vector<flexure::SurfacePoint> pts;
  const int patches = leaf.patchCount();
  const int stride = patches > 64 ? patches / 16 : 1;  // meshes: a spread of triangles
  for (int p = 0; p < patches; p += stride)
    for (int k = 0; k < perPatch; ++k) {
      double u = d(rng), v = d(rng);
      pts.push_back({p, u, v});
    }
  return pts;
}

// Checks d/dψ of P, N (Dual8, every parameter of the path) and of I at a point X off the surface,
// and d/du, d/dv of P and N (Dual) against central differences.
inline void checkDerivatives(const Model& m, const flexure::SurfacePoint& s, const Vec3d& X, double h, double tol) {
  using namespace flexure;
  const Eigen::VectorXd psi0 = m.psi();
  const std::vector<int> indices = m.path.parameterIndices();
  SeededAccess<8> seeded(m.path.nodes());
  for (std::size_t first = 0; first < indices.size(); first += 8) {
    const int count = static_cast<int>(std::min<std::size_t>(8, indices.size() - first));
    seeded.seed(psi0, indices.data() + first, count);
    const Vec3<Dual8> pj = pathPosition<Dual8>(m.path, seeded, s.patch, Dual8(s.u), Dual8(s.v));
    const Vec3<Dual8> nj = pathNormal<Dual8>(m.path, seeded, s.patch, Dual8(s.u), Dual8(s.v));
    const Dual8 ij = pathImplicit<Dual8>(m.path, seeded, Vec3<Dual8>::from(X));
    for (int l = 0; l < count; ++l) {
      const int idx = indices[first + static_cast<std::size_t>(l)];
      Eigen::VectorXd plus = psi0, minus = psi0;
      plus[idx] += h;
      minus[idx] -= h;
      const Vec3d dp = (position(m, plus, s) - position(m, minus, s)) / (2 * h);
      const Vec3d dn = (normal(m, plus, s) - normal(m, minus, s)) / (2 * h);
      const double di = (implicit(m, plus, X) - implicit(m, minus, X)) / (2 * h);
      INFO("parameter " << m.scene->parameters().info(idx).qualifiedName() << " at patch " << s.patch << " u "
                        << s.u << " v " << s.v);
      for (int c = 0; c < 3; ++c) {
        CHECK(near(pj[c].v[static_cast<std::size_t>(l)], dp[c], tol));
        CHECK(near(nj[c].v[static_cast<std::size_t>(l)], dn[c], tol));
      }
      CHECK(near(ij.v[static_cast<std::size_t>(l)], di, tol));
    }
  }
  // With respect to u and v (one lane, parameters constant).
  SeededAccess<1> constants(m.path.nodes());
  constants.seed(psi0, nullptr, 0);
  for (int lane = 0; lane < 2; ++lane) {
    const Dual u = lane == 0 ? Dual(s.u, 0) : Dual(s.u);
    const Dual v = lane == 1 ? Dual(s.v, 0) : Dual(s.v);
    const Vec3<Dual> pj = pathPosition<Dual>(m.path, constants, s.patch, u, v);
    const Vec3<Dual> nj = pathNormal<Dual>(m.path, constants, s.patch, u, v);
    SurfacePoint a = s, b = s;
    (lane == 0 ? a.u : a.v) += h;
    (lane == 0 ? b.u : b.v) -= h;
    const Vec3d dp = (position(m, psi0, a) - position(m, psi0, b)) / (2 * h);
    const Vec3d dn = (normal(m, psi0, a) - normal(m, psi0, b)) / (2 * h);
    INFO((lane == 0 ? "d/du" : "d/dv") << " at patch " << s.patch << " u " << s.u << " v " << s.v);
    for (int c = 0; c < 3; ++c) {
      CHECK(near(pj[c].v[0], dp[c], tol));
      CHECK(near(nj[c].v[0], dn[c], tol));
    }
  }
  // With respect to the point: ∇I (path gradient) and a Dual lane per axis.
  const Vec3d grad = flexure::pathImplicitGradient(m.path, ValueAccess(psi0), X);
  for (int c = 0; c < 3; ++c) {
    Vec3d a = X, b = X;
    a[c] += h;
    b[c] -= h;
    const double fd = (implicit(m, psi0, a) - implicit(m, psi0, b)) / (2 * h);
    Vec3<Dual> xj = Vec3<Dual>::from(X);
    xj[c] = Dual(X[c], 0);
    const Dual ij = pathImplicit<Dual>(m.path, constants, xj);
    INFO("dI/dX" << c << " at " << X.x << " " << X.y << " " << X.z);
    CHECK(near(ij.v[0], fd, tol));
    CHECK(near(grad[c], fd, tol));
  }
}

// I(P) ≈ 0, N unit and parallel to ∇I, and outward: I grows along N.
inline void checkSurface(const Model& m, const flexure::SurfacePoint& s, double scale) {
  using namespace flexure;
  const ValueAccess values(m.psi());
  Vec3d p, n;
  pathPositionNormal(m.path, values, s.patch, s.u, s.v, p, n);
  const Vec3d g = pathImplicitGradient(m.path, values, p);
  INFO("patch " << s.patch << " u " << s.u << " v " << s.v << " P " << p.x << " " << p.y << " " << p.z << " N " << n.x
                << " " << n.y << " " << n.z << " gradI " << g.x << " " << g.y << " " << g.z);
  CHECK(std::abs(pathImplicit(m.path, values, p)) <= 1e-9 * scale);
  CHECK(std::abs(norm(n) - 1.0) <= 1e-12);
  CHECK(norm(cross(n, normalized(g))) <= 1e-7);
  CHECK(dot(n, g) > 0.0);
  const double eps = 1e-4 * scale;
  CHECK(pathImplicit(m.path, values, p + n * eps) > 0.0);
  CHECK(pathImplicit(m.path, values, p - n * eps) < 0.0);
}

}  // namespace geometry_test
