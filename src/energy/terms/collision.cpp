#include "flexure/energy/terms/collision.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <type_traits>

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

// The values (no derivative lanes) of `params`' slices for `nodes`: the culling box needs only
// values, and computing its 6×6 grid per patch with Dual8 jets was about 40 % of a Jacobian pass
// (147 of the cam's 350 path evaluations). Both the double and the Dual8 evaluation now cull by
// the same box.
class ValuesOf final : public ParamAccess<double> {
 public:
  template <class S>
  ValuesOf(const ParamAccess<S>& params, std::vector<const Node*> nodes) : nodes_(std::move(nodes)) {
    slices_.resize(nodes_.size());
    for (std::size_t k = 0; k < nodes_.size(); ++k) {
      const S* p = params.of(*nodes_[k]);
      for (int i = 0; i < nodes_[k]->paramCount(); ++i) slices_[k].push_back(value(p[i]));
    }
  }
  const double* of(const Node& node) const override {
    for (std::size_t k = 0; k < nodes_.size(); ++k)
      if (nodes_[k] == &node) return slices_[k].data();
    throw std::logic_error("collision: node '" + node.name() + "' is not on the culled primitive's path");
  }

 private:
  std::vector<const Node*> nodes_;
  std::vector<std::vector<double>> slices_;
};

// b's culling box (b's sampled bounds grown by the cutoff), from values only.
template <class S>
Bounds3 cullingBox(const LeafRef& b, const ParamAccess<S>& params, double cutoff) {
  if constexpr (std::is_same_v<S, double>) {
    return sampledBounds(b, params).padded(cutoff);
  } else {
    std::vector<const Node*> nodes;
    appendPathNodes(b.path, nodes);
    return sampledBounds(b, ValuesOf(params, std::move(nodes))).padded(cutoff);
  }
}

// Positions of an n×n grid of cell centres on one patch, row-major (i along u).
template <class S>
void patchGrid(const LeafRef& a, const ParamAccess<S>& params, int patch, int n, std::vector<Vec3<S>>& grid) {
  grid.resize(static_cast<std::size_t>(n * n));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      grid[static_cast<std::size_t>(i * n + j)] =
          pathPosition(a.path, params, patch, S((i + 0.5) / n), S((j + 0.5) / n));
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

std::vector<int> CollisionTerm::sampledPatches() const {
  std::vector<int> out;
  if (!a.leaf) return out;
  const int count = a.leaf->patchCount();
  if (patches.empty()) {
    out.resize(static_cast<std::size_t>(std::max(count, 0)));
    for (int p = 0; p < count; ++p) out[static_cast<std::size_t>(p)] = p;
    return out;
  }
  for (int p : patches)
    if (p >= 0 && p < count) out.push_back(p);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

long long CollisionTerm::sampleCount() const {
  if (!a.leaf) return 0;
  const long long perPatch = static_cast<long long>(samples) * samples;
  if (patches.empty()) return perPatch * std::max(a.leaf->patchCount(), 0);
  return perPatch * static_cast<long long>(sampledPatches().size());
}

int CollisionTerm::residualCount() const {
  const long long n = sampleCount();
  return n <= kMaxResidualSamples ? static_cast<int>(n) * kResidualsPerSample : 0;
}

// r_s = √A_s exp(−κ I_s/2) (cos(κ I_s/2), sin(κ I_s/2)) for the samples inside b's padded box, 0
// for the others (collision.h: same energy as energyT, exact Gauss-Newton curvature).
template <class S>
void CollisionTerm::residualsT(const ParamAccess<S>& params, S* out) const {
  const Bounds3 box = cullingBox(b, params, cutoff);
  const int n = samples;
  std::vector<Vec3<S>> grid;
  S* r = out;
  for (int patch : sampledPatches()) {
    patchGrid(a, params, patch, n, grid);
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j, r += kResidualsPerSample) {
        const Vec3<S>& p = grid[static_cast<std::size_t>(i * n + j)];
        const S area = cellArea(grid, n, i, j);
        // A degenerate cell weighs nothing (and √A has no derivative at 0).
        if (!box.contains(valueOf(p)) || !(value(area) > 0.0)) {
          for (int k = 0; k < kResidualsPerSample; ++k) r[k] = S(0.0);
          continue;
        }
        const S half = (0.5 * kappa) * pathImplicit(b.path, params, p);
        const S magnitude = sqrt(area) * exp(-half);
        if constexpr (kResidualsPerSample == 2) {
          r[0] = magnitude * cos(half);
          r[1] = magnitude * sin(half);
        } else {
          r[0] = magnitude;
        }
      }
  }
}
FLEXURE_INSTANTIATE_RESIDUALS(CollisionTerm)

// E = Σ_s A_s exp(−κ I^b(P^a(s))) over samples inside b's padded box (section 3).
template <class S>
S CollisionTerm::energyT(const ParamAccess<S>& params) const {
  const Bounds3 box = cullingBox(b, params, cutoff);
  const int n = samples;
  std::vector<Vec3<S>> grid;
  S e(0.0);
  for (int patch : sampledPatches()) {
    patchGrid(a, params, patch, n, grid);
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
  std::vector<Vec3d> grid;
  for (int patch : sampledPatches()) {
    patchGrid(a, params, patch, samples, grid);
    for (const Vec3d& p : grid) {
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
