#include "flexure/energy/terms/collision.h"

#include <algorithm>
#include <cmath>

#include "flexure/core/scene.h"

namespace flexure {

namespace {

// Limits on values read from a file (docs/scene-format.md, "Limits").
constexpr int kMaxSamples = 1000;
constexpr std::size_t kMaxPatches = 100000;

// World bounds of a primitive's surface from a coarse grid of samples (values only): the
// culling box of section 3's "bounding boxes to skip far samples".
template <class S>
Bounds3 sampledBounds(const LeafRef& b, const ParamAccess<S>& params) {
  constexpr int kGrid = 6;
  Bounds3 box;
  for (int patch = 0; patch < b.leaf->patchCount(); ++patch)
    for (int i = 0; i <= kGrid; ++i)
      for (int j = 0; j <= kGrid; ++j)
        box.extend(valueOf(pathPosition(b.path, params, patch, S(double(i) / kGrid), S(double(j) / kGrid))));
  return box;
}

// Positions of an n×n grid of cell centres on one patch, row-major (i along u).
template <class S>
std::vector<Vec3<S>> patchGrid(const LeafRef& a, const ParamAccess<S>& params, int patch, int n) {
  std::vector<Vec3<S>> grid(static_cast<std::size_t>(n * n));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      grid[static_cast<std::size_t>(i * n + j)] =
          pathPosition(a.path, params, patch, S((i + 0.5) / n), S((j + 0.5) / n));
  return grid;
}

// Area of the cell around grid point (i, j): |∂P/∂u × ∂P/∂v| Δu Δv with the partials from
// neighbouring samples (one-sided at the border).
template <class S>
S cellArea(const std::vector<Vec3<S>>& g, int n, int i, int j) {
  auto at = [&](int a, int b) -> const Vec3<S>& { return g[static_cast<std::size_t>(a * n + b)]; };
  const int i0 = std::max(i - 1, 0), i1 = std::min(i + 1, n - 1);
  const int j0 = std::max(j - 1, 0), j1 = std::min(j + 1, n - 1);
  const Vec3<S> du = (at(i1, j) - at(i0, j)) / S(double(std::max(i1 - i0, 1)));
  const Vec3<S> dv = (at(i, j1) - at(i, j0)) / S(double(std::max(j1 - j0, 1)));
  return norm(cross(du, dv));
}

}  // namespace

std::string_view CollisionTerm::kind() const { return kKind; }

void CollisionTerm::visitFields(FieldVisitor& v) {
  v.field("node_a", a.node, FieldUse::Required);
  v.field("node_b", b.node, FieldUse::Required);
  v.field("kappa", kappa);
  // samples² points per sampled patch, each evaluated with jets every step.
  v.field("samples", samples, IntRange{2, kMaxSamples});
  v.field("patches", patches, MaxItems{kMaxPatches});
  v.field("cutoff", cutoff);
  v.field("penetration_tolerance", penetrationTolerance);
  if (v.isReading() && !(kappa > 0.0)) throw FieldError::about("kappa", "collision needs kappa > 0");
}

std::vector<std::string> CollisionTerm::referencedNodes() const { return {a.node, b.node}; }
void CollisionTerm::resolveReferences(const Scene& scene) {
  a.resolve(scene, "collision node_a");
  b.resolve(scene, "collision node_b");
}

std::vector<const Node*> CollisionTerm::nodesRead() const {
  std::vector<const Node*> out;
  appendPathNodes(a.path, out);
  appendPathNodes(b.path, out);
  return out;
}

// E = Σ_s A_s exp(−κ I^b(P^a(s))) over samples inside b's padded box (section 3).
template <class S>
S CollisionTerm::energyT(const ParamAccess<S>& params) const {
  const Bounds3 box = sampledBounds(b, params).padded(cutoff);
  const int n = samples;
  S e(0.0);
  for (int patch = 0; patch < a.leaf->patchCount(); ++patch) {
    if (!patches.empty() && std::find(patches.begin(), patches.end(), patch) == patches.end()) continue;
    const std::vector<Vec3<S>> grid = patchGrid(a, params, patch, n);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        const Vec3<S>& p = grid[static_cast<std::size_t>(i * n + j)];
        if (!box.contains(valueOf(p))) continue;
        e += cellArea(grid, n, i, j) * exp(-kappa * pathImplicit(b.path, params, p));
      }
  }
  return e;
}
FLEXURE_INSTANTIATE_ENERGY(CollisionTerm)

double CollisionTerm::minimumImplicit(const ParamAccess<double>& params, int* kept) const {
  const Bounds3 box = sampledBounds(b, params).padded(cutoff);
  double lowest = std::numeric_limits<double>::infinity();
  int count = 0;
  for (int patch = 0; patch < a.leaf->patchCount(); ++patch) {
    if (!patches.empty() && std::find(patches.begin(), patches.end(), patch) == patches.end()) continue;
    for (const Vec3d& p : patchGrid(a, params, patch, samples)) {
      if (!box.contains(p)) continue;
      ++count;
      lowest = std::min(lowest, pathImplicit(b.path, params, p));
    }
  }
  if (kept) *kept = count;
  return lowest;
}

bool CollisionTerm::isSatisfied(const ParamAccess<double>& params, double, double) const {
  return minimumImplicit(params) >= -penetrationTolerance;
}

}  // namespace flexure
