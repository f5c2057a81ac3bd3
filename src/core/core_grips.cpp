// The grips of the core's primitives and deformers (grip.h), in each one's own parameterization:
// the feature's point, the line it moves along, the slots it stands for and the opposite feature.
#include <algorithm>
#include <cmath>

#include "flexure/core/grip.h"
#include "flexure/core/operators/bend.h"
#include "flexure/core/operators/taper.h"
#include "flexure/core/operators/twist.h"
#include "flexure/core/primitives/block.h"
#include "flexure/core/primitives/cylinder.h"
#include "flexure/core/primitives/sphere.h"
#include "flexure/core/primitives/torus.h"
#include "flexure/core/primitives/tube.h"

namespace flexure {

namespace {

// Tube (tube.h): each end grip sits on its end ring's rim at the −y side (the side the default
// view looks at; the +z top of the far end is where a bend's or taper's grip goes) and changes the
// length with the other end's rim held; the rim grips, half way along the outer wall on its +z
// and its −y side (two, so that one is in view however the part is turned), change only the radius.
std::vector<Grip> tubeGrips(const Node&, const ParamAccess<double>&, const Bounds3&) {
  const SurfacePoint plusEnd{TubePrimitive::kEndRingPlusX, 0.5, 1.0}, minusEnd{TubePrimitive::kEndRingMinusX, 0.5, 1.0};
  return {
      {"end +x", plusEnd, {}, {1, 0, 0}, {"length"}, minusEnd},
      {"end -x", minusEnd, {}, {-1, 0, 0}, {"length"}, plusEnd},
      {"radius", SurfacePoint{TubePrimitive::kOuterWall, 0.25, 0.5}, {}, {0, 0, 1}, {"radius"}, std::nullopt},
      {"radius -y", SurfacePoint{TubePrimitive::kOuterWall, 0.5, 0.5}, {}, {0, -1, 0}, {"radius"}, std::nullopt},
  };
}

// Cylinder (cylinder.h: φ = 2πu about +x on the side): the end grips at the caps' centres, the
// rim grips as the tube's.
std::vector<Grip> cylinderGrips(const Node&, const ParamAccess<double>&, const Bounds3&) {
  const SurfacePoint plusEnd{2, 0.0, 0.0}, minusEnd{1, 0.0, 0.0};
  return {
      {"end +x", plusEnd, {}, {1, 0, 0}, {"length"}, minusEnd},
      {"end -x", minusEnd, {}, {-1, 0, 0}, {"length"}, plusEnd},
      {"radius", SurfacePoint{0, 0.25, 0.5}, {}, {0, 0, 1}, {"radius"}, std::nullopt},
      {"radius -y", SurfacePoint{0, 0.5, 0.5}, {}, {0, -1, 0}, {"radius"}, std::nullopt},
  };
}

// A block's faces (patches −x, +x, −y, +y, −z, +z, block.h): each face centre changes its edge
// length, the opposite face's centre held.
std::vector<Grip> blockGrips(const Node&, const ParamAccess<double>&, const Bounds3&) {
  std::vector<Grip> out;
  for (int patch = 0; patch < 6; ++patch) {
    const BlockPrimitive::FaceInfo f = BlockPrimitive::faceInfo(patch);
    out.push_back({f.name, SurfacePoint{patch, 0.5, 0.5}, {}, f.outward, {f.slot}, SurfacePoint{patch ^ 1, 0.5, 0.5}});
  }
  return out;
}

// A sphere's radius, at its north pole (v = 1); the centre stays.
std::vector<Grip> sphereGrips(const Node&, const ParamAccess<double>&, const Bounds3&) {
  return {{"radius", SurfacePoint{0, 0.0, 1.0}, {}, {0, 0, 1}, {"radius"}, std::nullopt}};
}

// A torus's major radius on top of its tube at φ = 0, its minor radius on the outer equator at
// φ = 90° (torus.h: φ = 2πu, θ = 2πv): apart on screen, each moving along the line its radius
// grows on.
std::vector<Grip> torusGrips(const Node&, const ParamAccess<double>&, const Bounds3&) {
  return {
      {"major radius", SurfacePoint{0, 0.0, 0.25}, {}, {1, 0, 0}, {"major"}, std::nullopt},
      {"minor radius", SurfacePoint{0, 0.25, 0.0}, {}, {0, 1, 0}, {"minor"}, std::nullopt},
  };
}

// Barr's deformers act along x: their grip sits at the far (+x) end of the part they deform,
// where the amount shows most, on the side it moves to (placedGrips puts it on the part's
// surface nearest to that point). A bend turns that end towards +z; a twist turns the
// cross-section there, so its grip is at the part's +y side, moving along +z; a taper widens the
// cross-section there, so its grip is at the part's +z side, moving along +z.
Vec3d farEnd(const Bounds3& extent, bool topY, bool topZ) {
  if (extent.empty()) return {1, 0, 0};
  return {extent.hi.x, topY ? extent.hi.y : 0.5 * (extent.lo.y + extent.hi.y),
          topZ ? extent.hi.z : 0.5 * (extent.lo.z + extent.hi.z)};
}

std::vector<Grip> bendGrips(const Node&, const ParamAccess<double>&, const Bounds3& extent) {
  return {{"amount", std::nullopt, farEnd(extent, false, true), {0, 0, 1}, {"amount"}, std::nullopt}};
}

std::vector<Grip> twistGrips(const Node&, const ParamAccess<double>&, const Bounds3& extent) {
  const Vec3d p = farEnd(extent, true, false);
  return {{"rate", std::nullopt, p, {0, 0, p.x >= 0 ? 1.0 : -1.0}, {"rate"}, std::nullopt}};
}

std::vector<Grip> taperGrips(const Node&, const ParamAccess<double>&, const Bounds3& extent) {
  return {{"slope", std::nullopt, farEnd(extent, false, true), {0, 0, 1}, {"slope"}, std::nullopt}};
}

}  // namespace

void registerCoreGrips(GripRegistry& registry) {
  registry.add(std::string(TubePrimitive::kType), tubeGrips);
  registry.add(std::string(CylinderPrimitive::kType), cylinderGrips);
  registry.add(std::string(BlockPrimitive::kType), blockGrips);
  registry.add(std::string(SpherePrimitive::kType), sphereGrips);
  registry.add(std::string(TorusPrimitive::kType), torusGrips);
  registry.add(std::string(BendOperator::kType), bendGrips);
  registry.add(std::string(TwistOperator::kType), twistGrips);
  registry.add(std::string(TaperOperator::kType), taperGrips);
}

}  // namespace flexure
