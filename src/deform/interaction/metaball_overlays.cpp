// Glyphs of generalized metaballs (Jin, Li & Peng 2000): each metaball's influence volume, the
// region where its potential is non-zero — the points whose normalized distance to the skeleton
// (Eq. 1, offset divided by the anisotropic radii R·(rx, ry, rz) in the metaball's local frame,
// measured in its metric) is at most 1 — drawn translucent around the model, with the skeleton
// itself and the displacement dD as an arrow from the pivot.
#include <algorithm>
#include <cmath>
#include <deque>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "flexure/deform/metaball_deform_operator.h"
#include "flexure/render/implicit_surface_mesh.h"
#include "deform_interaction.h"
#include "flexure/render/overlay_registry.h"
#include "flexure/render/overlay_shapes.h"

namespace flexure {
namespace {

using deform::Metaball;
using deform::MetaballValues;

namespace colors = overlay_colors;

// Grid cells along a volume's longest side: a translucent bubble reads well at this coarseness
// (gradient normals keep it smooth), and the geometry worker rebuilds it every frame of a drag.
constexpr int kVolumeResolution = 18;

// Normalized distance minus one: ≤ 0 inside the influence region (potentialAt's q of
// MetaballDeformOperator::potential, same construction).
double influenceField(const Metaball& mb, const MetaballValues<double>& v, const Vec3d& x) {
  const Vec3d offset = deform::skeletonOffset(mb.skeleton, x);
  const Vec3d d = mb.hasFrame() ? mb.frameTranspose() * offset : offset;
  const Vec3d q(d.x / (v.radius * v.radii.x), d.y / (v.radius * v.radii.y), d.z / (v.radius * v.radii.z));
  return deform::normalizedDistance(mb.metric, q, v.metricU) - 1.0;
}

// The box to mesh the region in: the skeleton's bounds padded by the largest radius, cut to the
// model's box (padded by a tenth of its diagonal) for unbounded skeletons (line, plane), whose
// region would otherwise fill the view.
Bounds3 influenceBox(const Metaball& mb, const MetaballValues<double>& v, const Bounds3& model) {
  // The region reaches R·r_i along the local frame's axes; a rotated frame's corners (L∞) reach
  // up to √3 times that along a world axis.
  const double reach = v.radius * std::max({std::abs(v.radii.x), std::abs(v.radii.y), std::abs(v.radii.z)}) *
                       (mb.hasFrame() ? std::sqrt(3.0) : 1.0);
  Bounds3 box = deform::skeletonBounds(mb.skeleton).padded(reach * 1.08 + 1e-9);
  if (deform::isBounded(deform::skeletonBounds(mb.skeleton)) || model.empty()) return box;
  const Bounds3 cut = model.padded(0.1 * norm(model.extent()));
  box.lo = {std::max(box.lo.x, cut.lo.x), std::max(box.lo.y, cut.lo.y), std::max(box.lo.z, cut.lo.z)};
  box.hi = {std::min(box.hi.x, cut.hi.x), std::min(box.hi.y, cut.hi.y), std::min(box.hi.z, cut.hi.z)};
  return box;
}

// Influence volumes of recent frames by what determines them. A drag of a metaball's handle
// moves its displacement dD, which leaves the region (in the deformer's input space) as it was,
// so the geometry worker finds the mesh here instead of meshing it again every frame. The key
// holds everything influenceField and influenceBox read: metric, R, radii, u, the local frame,
// the box, and the skeleton's offsets at the box's corners and centre (which change with any
// edit of the skeleton's geometry).
class InfluenceVolumeCache {
 public:
  static InfluenceVolumeCache& instance() {
    static InfluenceVolumeCache cache;
    return cache;
  }

  static std::vector<double> keyOf(const Metaball& mb, const MetaballValues<double>& v, const Bounds3& box) {
    std::vector<double> key{static_cast<double>(mb.metric), v.radius, v.radii.x, v.radii.y, v.radii.z, v.metricU};
    for (const Vec3d& axis : {Vec3d(1, 0, 0), Vec3d(0, 1, 0), Vec3d(0, 0, 1)}) {
      const Vec3d column = mb.frame() * axis;
      key.insert(key.end(), {column.x, column.y, column.z});
    }
    std::vector<Vec3d> probes{box.center()};
    for (int corner = 0; corner < 8; ++corner)
      probes.emplace_back((corner & 1) ? box.hi.x : box.lo.x, (corner & 2) ? box.hi.y : box.lo.y,
                          (corner & 4) ? box.hi.z : box.lo.z);
    for (const Vec3d& p : probes) {
      const Vec3d offset = deform::skeletonOffset(mb.skeleton, p);
      key.insert(key.end(), {p.x, p.y, p.z, offset.x, offset.y, offset.z});
    }
    return key;
  }

  std::shared_ptr<const TriangleMesh> find(const std::vector<double>& key) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (const auto& [k, mesh] : entries_)
      if (k == key) return mesh;
    return nullptr;
  }

  void store(std::vector<double> key, std::shared_ptr<const TriangleMesh> mesh) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (entries_.size() >= kCapacity) entries_.erase(entries_.begin());  // the oldest
    entries_.emplace_back(std::move(key), std::move(mesh));
  }

 private:
  static constexpr std::size_t kCapacity = 64;  // a few scenes' worth of metaballs
  std::mutex mutex_;
  std::deque<std::pair<std::vector<double>, std::shared_ptr<const TriangleMesh>>> entries_;
};

// The influence region's mesh in the deformer's input space, from the cache when it holds it.
std::shared_ptr<const TriangleMesh> influenceVolume(const Metaball& mb, const MetaballValues<double>& v,
                                                    const Bounds3& model) {
  const Bounds3 box = influenceBox(mb, v, model);
  InfluenceVolumeCache& cache = InfluenceVolumeCache::instance();
  std::vector<double> key = InfluenceVolumeCache::keyOf(mb, v, box);
  if (auto mesh = cache.find(key)) return mesh;
  auto mesh = std::make_shared<const TriangleMesh>(
      meshImplicitSurface([&](const Vec3d& x) { return influenceField(mb, v, x); }, box, kVolumeResolution));
  cache.store(std::move(key), mesh);
  return mesh;
}

void addMetaballVolumes(const Node& n, const GlyphContext& ctx, OverlayGeometry& out) {
  const auto& deformer = static_cast<const deform::MetaballDeformOperator&>(n);
  const double* slots = ctx.params.of(deformer);
  for (int i = 0; i < static_cast<int>(deformer.metaballs().size()); ++i) {
    const Metaball& mb = deformer.metaballs()[static_cast<std::size_t>(i)];
    const auto v = MetaballValues<double>::read(slots + deformer.slotOffset(i), mb.controlCount());
    if (!(v.radius > 0.0)) continue;
    // The skeleton lives in the deformer's input space: mesh there, then map through the
    // operators above the deformer (not through the deformation itself).
    TriangleMesh volume = *influenceVolume(mb, v, ctx.modelBounds);
    ctx.toWorld(deformer, volume.positions, volume.normals, false);
    OverlayMesh mesh;
    mesh.mesh = std::move(volume);
    mesh.mesh.name = deformer.name() + "." + std::to_string(i);
    mesh.color = colors::kInfluence;
    mesh.opacity = 0.22f;
    mesh.layer = OverlayLayer::InfluenceVolumes;
    out.volumes.push_back(std::move(mesh));

    const Vec3d pivot = ctx.toWorld(deformer, mb.pivot(), false);
    overlay::addMarker(out, pivot, 0.35 * ctx.size, colors::kInfluence, OverlayLayer::InfluenceVolumes);
    if (norm(v.displacement) > 1e-9) {
      overlay::addArrow(out, pivot, v.displacement, std::min(1.5 * ctx.size, 0.4 * norm(v.displacement)),
                        colors::kInfluence);
      out.lines.back().layer = OverlayLayer::InfluenceVolumes;
      out.solids.back().layer = OverlayLayer::InfluenceVolumes;
    }
  }
}

}  // namespace

void registerDeformOverlays(OverlayRegistry& registry) {
  registry.addNodeType(std::string(deform::MetaballDeformOperator::kType), addMetaballVolumes);
}

}  // namespace flexure
