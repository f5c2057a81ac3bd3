#pragma once
// Which glyph builder draws which constraint kind or node type. Each technique registers its
// builders from its own register<Module>Module() (src/<technique>/interaction/*_overlays.cpp),
// so neither the OpenGL renderer nor the dispatcher knows any module: a kind without a builder
// simply shows no glyph, and a new kind is one entry in its technique's file.
#include <functional>
#include <span>
#include <map>
#include <string>
#include <string_view>

#include "flexure/core/constraint.h"
#include "flexure/core/node.h"
#include "flexure/core/param_access.h"
#include "flexure/core/scene.h"
#include "flexure/render/overlay_geometry.h"

namespace flexure {

// What a glyph builder sees: the scene at its current Ψ and the scale glyphs are drawn at.
struct GlyphContext {
  const Scene& scene;
  const ValueAccess& params;
  double size;  // a glyph's characteristic size: a small fraction of the model's extent
  Bounds3 modelBounds;  // of the displayed model: where unbounded regions (planes, lines) are cut

  // A point / direction of `node`'s own space in world space: through the node itself when it
  // is an operator (includeSelf) and every operator above it.
  Vec3d toWorld(const Node& node, const Vec3d& local, bool includeSelf = true) const;
  Vec3d directionToWorld(const Node& node, const Vec3d& local, bool includeSelf = true) const;
  // The same for many points and (unit, renormalized) directions at once: the operators above
  // `node` found once, not per point (an influence volume's thousands of vertices per frame);
  // the very values toWorld and normalized(directionToWorld) give one by one.
  void toWorld(const Node& node, std::span<Vec3d> points, std::span<Vec3d> unitDirections, bool includeSelf) const;
};

using ConstraintGlyphBuilder = std::function<void(const Constraint&, const GlyphContext&, OverlayGeometry&)>;
using NodeGlyphBuilder = std::function<void(const Node&, const GlyphContext&, OverlayGeometry&)>;

class OverlayRegistry {
 public:
  // The process-wide registry; registerAllModules() fills it.
  static OverlayRegistry& instance();

  void addConstraintKind(std::string kind, ConstraintGlyphBuilder builder);
  void addNodeType(std::string type, NodeGlyphBuilder builder);
  const ConstraintGlyphBuilder* constraintBuilder(std::string_view kind) const;
  const NodeGlyphBuilder* nodeBuilder(std::string_view type) const;

 private:
  std::map<std::string, ConstraintGlyphBuilder, std::less<>> constraints_;
  std::map<std::string, NodeGlyphBuilder, std::less<>> nodes_;
};

}  // namespace flexure
