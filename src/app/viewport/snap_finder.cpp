#include "viewport/snap_finder.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "flexure/core/param_access.h"
#include "flexure/render/camera_matrices.h"
#include "flexure/render/overlay_builder.h"
#include "flexure/render/overlay_registry.h"
#include "flexure/render/overlay_shapes.h"

namespace flexure::app {

namespace {

constexpr ColorRgb kSnapColor{0.25f, 0.95f, 1.0f};  // cyan: apart from the glyphs' green, red and yellow
constexpr double kRingScreenFraction = 0.02;         // a highlight ring's radius / its eye distance

}  // namespace

std::string snapPairKey(const SnapFeature& moving, const SnapFeature& target) {
  return moving.name + "|" + target.node + "|" + target.name;
}

namespace {

// Calls `visit(moving, target, pixels, rule)` for every pair within `maxPixels` that a rule joins.
template <class Visit>
void forEachPairInReach(const Scene& scene, const std::string& dragged, const Camera& camera, int width, int height,
                        double maxPixels, Visit&& visit) {
  const auto* leaf = dynamic_cast<const Primitive*>(scene.find(dragged));
  if (leaf == nullptr) return;
  const SnapRegistry& registry = SnapRegistry::instance();
  const std::vector<SnapFeature> moving = registry.featuresOf(scene, *leaf);
  if (moving.empty()) return;
  const std::vector<SnapFeature> targets = registry.allFeatures(scene, leaf);
  auto pixelOf = [&](const Vec3d& world, glm::dvec2& pixel) { return projectToPixel(camera, width, height, toGlm(world), pixel); };
  for (const SnapFeature& m : moving) {
    glm::dvec2 mp;
    if (!pixelOf(m.world, mp)) continue;
    for (const SnapFeature& t : targets) {
      glm::dvec2 tp;
      if (!pixelOf(t.world, tp)) continue;
      const double pixels = std::hypot(mp.x - tp.x, mp.y - tp.y);
      if (pixels > maxPixels) continue;
      if (const SnapRule* rule = registry.ruleFor(scene, m, t)) visit(m, t, pixels, *rule);
    }
  }
}

}  // namespace

std::optional<SnapCandidate> findSnap(const Scene& scene, const std::string& dragged, const Camera& camera, int width,
                                      int height, const std::set<std::string>& excluded, double maxPixels) {
  std::optional<SnapCandidate> best;
  forEachPairInReach(scene, dragged, camera, width, height, maxPixels,
                     [&](const SnapFeature& m, const SnapFeature& t, double pixels, const SnapRule& rule) {
                       if (best && pixels >= best->pixels) return;
                       if (excluded.count(snapPairKey(m, t)) > 0) return;
                       if (const auto c = rule.make(scene, m, t); !c || snapAlreadyJoined(scene, rule, *c)) return;
                       best = SnapCandidate{m, t, rule.name, pixels};
                     });
  return best;
}

std::set<std::string> nearbySnapPairs(const Scene& scene, const std::string& dragged, const Camera& camera, int width,
                                      int height, double maxPixels) {
  std::set<std::string> out;
  forEachPairInReach(scene, dragged, camera, width, height, maxPixels,
                     [&](const SnapFeature& m, const SnapFeature& t, double, const SnapRule&) { out.insert(snapPairKey(m, t)); });
  return out;
}

void appendSnapHighlight(const Scene& scene, const SnapCandidate& snap, const Camera& camera, OverlayGeometry& out) {
  const double eye = std::max(norm(snap.target.world - camera.eye), 1e-6);
  const double radius = kRingScreenFraction * eye;
  const Vec3d view = normalized(camera.target - camera.eye);
  // Rings facing the camera round both features, and a line from one to the other.
  overlay::addRing(out, snap.moving.world, view, radius, kSnapColor);
  overlay::addRing(out, snap.target.world, view, radius, kSnapColor);
  overlay::addLine(out, snap.moving.world, snap.target.world, kSnapColor);
  // The constraint's own glyph, drawn in the snap's colour: what releasing here makes.
  std::unique_ptr<Constraint> constraint = makeSnapConstraint(scene, snap.moving, snap.target);
  if (!constraint) return;
  const ConstraintGlyphBuilder* builder = OverlayRegistry::instance().constraintBuilder(constraint->kind());
  if (builder == nullptr) return;
  try {
    constraint->resolveReferences(scene);
  } catch (const std::exception&) {
    return;
  }
  OverlayGeometry ghost;
  const ValueAccess values(scene.parameters().values());
  Bounds3 bounds;
  bounds.extend(snap.moving.world);
  bounds.extend(snap.target.world);
  // The size the constraint's glyph will have once made (overlay_builder.h), so the ghost shows
  // it as it will be; never larger than the rings, which must stay visible round the features.
  const double size = std::min(glyphSizeFor(estimateModelBounds(scene, values)), 2.0 * radius);
  (*builder)(*constraint, GlyphContext{scene, values, size, bounds.padded(eye)}, ghost);
  for (OverlayPolyline& line : ghost.lines) {
    line.color = kSnapColor;
    out.lines.push_back(std::move(line));
  }
  for (OverlayMesh& mesh : ghost.solids) {
    mesh.color = kSnapColor;
    out.solids.push_back(std::move(mesh));
  }
}

}  // namespace flexure::app
