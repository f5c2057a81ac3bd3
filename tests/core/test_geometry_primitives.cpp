// Every primitive, alone and under every operator, and the paper's composed pipe path
// Trans(Rot(Bend(Tube))): I(P) ≈ 0, N parallel to ∇I and outward, and jet derivatives of P, N
// and I with respect to every parameter and to u, v equal central differences.
#include "geometry_test_support.h"

using namespace geometry_test;

namespace {

// Each primitive type with non-default parameters (so that no symmetry hides a wrong slot).
std::vector<std::vector<NodeSpec>> primitiveTable() {
  return {
      {{"tube", {{"length", 2.5}, {"radius", 0.6}, {"thickness", 0.15}}}},
  };
}

// Operators above a primitive that is long in x, so that the bend region cuts through it.
std::vector<std::vector<NodeSpec>> operatorOverPrimitiveTable() {
  const NodeSpec tube{"tube", {{"length", 2.5}, {"radius", 0.5}, {"thickness", 0.12}}};
  return {
      {{"translate", {{"x", 0.3}, {"y", -0.7}, {"z", 1.1}}}, tube},
      {{"rotate", {{"qw", 0.8}, {"qx", 0.3}, {"qy", -0.4}, {"qz", 0.5}}}, tube},
      {{"scale", {{"sx", 1.5}, {"sy", 0.7}, {"sz", 1.2}}}, tube},
      {{"scale", {{"sx", -1.1}, {"sy", 0.8}, {"sz", 1.3}}}, tube},
      {{"bend", {{"start", -0.5}, {"stop", 0.8}, {"amount", 0.0}}}, tube},
      {{"bend", {{"start", -0.5}, {"stop", 0.8}, {"amount", 1.1}}}, tube},
      {{"bend", {{"start", -0.5}, {"stop", 0.8}, {"amount", -0.7}}}, tube},
      {{"twist", {{"rate", 0.9}}}, tube},
      {{"taper", {{"slope", 0.25}}}, tube},
      {{"group", {}}, tube},
      // The paper's pipe (Figure 1): Trans(Rot(Bend(Tube))).
      {{"translate", {{"x", 0.4}, {"y", 1.0}, {"z", -0.3}}},
       {"rotate", {{"qw", 0.9}, {"qx", -0.2}, {"qy", 0.3}, {"qz", 0.1}}},
       {"bend", {{"start", -0.6}, {"stop", 0.7}, {"amount", 0.9}}},
       tube},
  };
}

void checkChain(const std::vector<NodeSpec>& chain, int perPatch) {
  INFO(describe(chain));
  const Model m = buildModel(chain);
  std::mt19937 rng(11);
  for (const flexure::SurfacePoint& s : samplePoints(m.leaf(), perPatch, rng)) {
    checkSurface(m, s, 1.0);
    // Off the surface along N, on the outside of the same face (a smooth branch of I).
    const Vec3d X = position(m, m.psi(), s) + normal(m, m.psi(), s) * 0.01;
    checkDerivatives(m, s, X, 1e-6, 2e-6);
  }
}

}  // namespace

TEST_CASE("primitives: surface, normals and derivatives", "[geometry][primitives]") {
  const auto chain = GENERATE(from_range(primitiveTable()));
  checkChain(chain, 6);
}

TEST_CASE("operators over a primitive: surface, normals and derivatives", "[geometry][operators]") {
  const auto chain = GENERATE(from_range(operatorOverPrimitiveTable()));
  checkChain(chain, 5);
}
