// The snap features of the core's primitives (snap.h), in each one's own parameterization.
#include "flexure/core/primitives/block.h"
#include "flexure/core/primitives/cylinder.h"
#include "flexure/core/primitives/tube.h"
#include "flexure/core/snap.h"

namespace flexure {

namespace {

double slot(const Node& node, const ParamAccess<double>& values, std::string_view name) {
  return values.of(node)[node.paramIndex(name) - node.paramOffset()];
}

// A tube's two ends (tube.h): the axis end points (±length/2, 0, 0), facing outward along x —
// what attach-pipes joins (Witkin et al. 1987, pipefitting).
std::vector<SnapFeature> tubeFeatures(const Node& node, const ParamAccess<double>& values) {
  const double half = 0.5 * slot(node, values, "length");
  SnapFeature plus{"pipe-end", "end +x", {}, 1, std::nullopt, {half, 0, 0}, {1, 0, 0}, {}, {}};
  SnapFeature minus{"pipe-end", "end -x", {}, -1, std::nullopt, {-half, 0, 0}, {-1, 0, 0}, {}, {}};
  return {plus, minus};
}

// A cylinder's caps (cylinder.h: patch 1 at −x, 2 at +x): their centres, facing outward.
std::vector<SnapFeature> cylinderFeatures(const Node& node, const ParamAccess<double>& values) {
  const double half = 0.5 * slot(node, values, "length");
  SnapFeature plus{"face", "cap +x", {}, 0, SurfacePoint{2, 0.0, 0.0}, {half, 0, 0}, {1, 0, 0}, {}, {}};
  SnapFeature minus{"face", "cap -x", {}, 0, SurfacePoint{1, 0.0, 0.0}, {-half, 0, 0}, {-1, 0, 0}, {}, {}};
  return {plus, minus};
}

// A block's six faces (block.h: patches −x, +x, −y, +y, −z, +z): their centres, facing outward.
std::vector<SnapFeature> blockFeatures(const Node& node, const ParamAccess<double>& values) {
  std::vector<SnapFeature> out;
  for (int patch = 0; patch < 6; ++patch) {
    const BlockPrimitive::FaceInfo f = BlockPrimitive::faceInfo(patch);
    out.push_back({"face", f.name, {}, 0, SurfacePoint{patch, 0.5, 0.5}, f.outward * (0.5 * slot(node, values, f.slot)),
                   f.outward, {}, {}});
  }
  return out;
}

}  // namespace

void registerCoreSnapFeatures(SnapRegistry& registry) {
  registry.addFeatures(std::string(TubePrimitive::kType), tubeFeatures);
  registry.addFeatures(std::string(CylinderPrimitive::kType), cylinderFeatures);
  registry.addFeatures(std::string(BlockPrimitive::kType), blockFeatures);
}

}  // namespace flexure
