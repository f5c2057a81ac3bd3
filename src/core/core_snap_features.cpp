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
  const char* slots[3] = {"sx", "sy", "sz"};
  const char* names[6] = {"face -x", "face +x", "face -y", "face +y", "face -z", "face +z"};
  for (int face = 0; face < 6; ++face) {
    const int axis = face / 2;
    const double sign = face % 2 == 0 ? -1.0 : 1.0;
    Vec3d e(0, 0, 0);
    (axis == 0 ? e.x : axis == 1 ? e.y : e.z) = sign;
    out.push_back({"face", names[face], {}, 0, SurfacePoint{face, 0.5, 0.5}, e * (0.5 * slot(node, values, slots[axis])),
                   e, {}, {}});
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
