#include "flexure/render/overlay_builder.h"

#include <cmath>
#include <exception>

#include "flexure/core/operator.h"
#include "flexure/core/path.h"
#include "flexure/core/primitive.h"
#include "flexure/render/overlay_registry.h"

namespace flexure {

namespace {

bool isFinite(const Vec3d& p) { return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z); }

}  // namespace

Bounds3 estimateModelBounds(const Scene& scene, const ValueAccess& params) {
  Bounds3 bounds;
  for (const Path& path : scene.paths()) {
    const Bounds3 local = path.leaf->bounds(params);
    if (local.empty() || !isFinite(local.lo) || !isFinite(local.hi)) continue;
    for (int corner = 0; corner < 8; ++corner) {
      Vec3d x((corner & 1) ? local.hi.x : local.lo.x, (corner & 2) ? local.hi.y : local.lo.y,
              (corner & 4) ? local.hi.z : local.lo.z);
      for (const Operator* op : path.operators) x = op->apply(params, x);
      if (isFinite(x)) bounds.extend(x);
    }
  }
  return bounds;
}

Bounds3 OverlayGeometry::bounds() const {
  Bounds3 b;
  for (const OverlayPolyline& line : lines)
    for (const Vec3d& p : line.points) b.extend(p);
  for (const OverlayMesh& m : solids) b.extend(m.mesh.bounds());
  for (const OverlayMesh& m : volumes) b.extend(m.mesh.bounds());
  return b;
}

double glyphSizeFor(const Bounds3& modelBounds, double glyphScale) {
  if (modelBounds.empty()) return glyphScale;
  const double diagonal = norm(modelBounds.extent());
  if (!(diagonal > 1e-9) || !std::isfinite(diagonal)) return glyphScale;
  // In steps of 2^(1/4): glyphs keep their size while a dragged part changes the model's bounds
  // a little (they used to pulse with it, and every glyph of the scene had to be drawn again).
  return glyphScale * std::exp2(std::round(4.0 * std::log2(diagonal)) / 4.0);
}

OverlayGeometry buildOverlayGeometry(const Scene& scene, const OverlayBuildOptions& options) {
  const ValueAccess params(scene.parameters().values());
  const Bounds3 model = options.modelBounds.empty() ? estimateModelBounds(scene, params) : options.modelBounds;
  const GlyphContext context{scene, params, glyphSizeFor(model, options.glyphScale), model};
  const OverlayRegistry& registry = OverlayRegistry::instance();

  OverlayGeometry out;
  out.ground = sceneFloor(scene);
  // A glyph that cannot be built (a reference left dangling by an edit in progress) is skipped:
  // overlays are a view and never stop the model from being drawn.
  for (const auto& constraint : scene.constraints) {
    if (!constraint || !constraint->enabled) continue;
    if (const ConstraintGlyphBuilder* build = registry.constraintBuilder(constraint->kind())) try {
        (*build)(*constraint, context, out);
      } catch (const std::exception&) {
      }
  }
  for (const Node* node : scene.nodes()) {
    if (const NodeGlyphBuilder* build = registry.nodeBuilder(node->type())) try {
        (*build)(*node, context, out);
      } catch (const std::exception&) {
      }
  }
  return out;
}

}  // namespace flexure
