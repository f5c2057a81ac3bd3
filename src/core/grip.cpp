#include "flexure/core/grip.h"

#include <cmath>

#include "flexure/core/param_access.h"
#include "flexure/core/path.h"

namespace flexure {

GripRegistry& GripRegistry::instance() {
  static GripRegistry registry;
  return registry;
}

GripRegistry::GripRegistry() { registerCoreGrips(*this); }

void GripRegistry::add(std::string type, GripProvider provider) { providers_[std::move(type)] = std::move(provider); }

const GripProvider* GripRegistry::find(std::string_view type) const {
  const auto it = providers_.find(type);
  return it == providers_.end() ? nullptr : &it->second;
}

namespace {

// The leaf's surface points in its own space: a 9 × 9 grid on each patch (at most 16 patches).
struct LeafSample {
  SurfacePoint surface;
  Vec3d point;
};
std::vector<LeafSample> leafSamples(const Primitive& leaf, const ParamAccess<double>& values) {
  std::vector<LeafSample> out;
  const int patches = leaf.patchCount(), taken = std::min(patches, 16);
  for (int k = 0; k < taken; ++k) {
    const int patch = static_cast<int>((static_cast<long long>(k) * patches) / taken);
    for (int i = 0; i <= 8; ++i)
      for (int j = 0; j <= 8; ++j) {
        const SurfacePoint s{patch, i / 8.0, j / 8.0};
        out.push_back({s, leaf.position(values, patch, s.u, s.v)});
      }
  }
  return out;
}

bool anyFree(const Scene& scene, const std::vector<std::string>& parameters) {
  for (const std::string& p : parameters)
    if (const int i = scene.parameters().find(p); i >= 0 && !scene.parameters().isFrozen(i)) return true;
  return false;
}

}  // namespace

std::vector<PlacedGrip> placedGrips(const Scene& scene, const Primitive& leaf) {
  std::vector<PlacedGrip> out;
  const Path path = scene.pathTo(leaf);
  const ValueAccess values(scene.parameters().values());
  const GripRegistry& registry = GripRegistry::instance();
  const std::vector<LeafSample> samples = leafSamples(leaf, values);
  std::vector<Vec3d> below;  // the samples in the space below the current operator
  for (const LeafSample& s : samples) below.push_back(s.point);
  // `level`: the first operator that maps the grip's space up (the leaf's: 0; operator k's input: k).
  auto place = [&](const Node& node, std::size_t level, const Bounds3& extent) {
    const GripProvider* provider = registry.find(node.type());
    if (provider == nullptr) return;
    for (Grip& grip : (*provider)(node, values, extent)) {
      PlacedGrip placed;
      placed.node = node.name();
      placed.leaf = leaf.name();
      for (const std::string& slot : grip.slotNames) placed.parameters.push_back(node.name() + "." + slot);
      if (!anyFree(scene, placed.parameters)) continue;
      if (grip.surface) {
        grip.point = leaf.position(values, grip.surface->patch, grip.surface->u, grip.surface->v);
        placed.surface = *grip.surface;
      } else {
        // On the leaf's surface point nearest to it, in the grip's space: where it can be seen
        // and grabbed, and the point the drag pulls.
        if (samples.empty()) continue;
        std::size_t nearest = 0;
        for (std::size_t s = 1; s < below.size(); ++s)
          if (norm(below[s] - grip.point) < norm(below[nearest] - grip.point)) nearest = s;
        placed.surface = samples[nearest].surface;
        grip.point = below[nearest];
      }
      placed.pinned = grip.pinned;
      placed.world = grip.point;
      placed.worldDirection = grip.direction;
      pathMapPointAndDirection(path, level, values, placed.world, placed.worldDirection);
      placed.grip = std::move(grip);
      out.push_back(std::move(placed));
    }
  };
  place(leaf, 0, Bounds3{});
  for (std::size_t k = 0; k < path.operators.size(); ++k) {
    const Operator& op = *path.operators[k];
    Bounds3 extent;
    for (const Vec3d& p : below) extent.extend(p);
    place(op, k, extent);
    if (!op.isIdentity())
      for (Vec3d& p : below) p = op.apply(values, p);
  }
  return out;
}

}  // namespace flexure
