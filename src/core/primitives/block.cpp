#include "flexure/core/primitives/block.h"

#include "safe_math.h"
#include "scalar_instantiation.h"

namespace flexure {

std::vector<ParamSpec> BlockPrimitive::parameterSpecs() const {
  return {{"sx", 1.0, 0.0}, {"sy", 1.0, 0.0}, {"sz", 1.0, 0.0}};
}

std::unique_ptr<Node> BlockPrimitive::cloneNode() const { return std::make_unique<BlockPrimitive>(); }

BlockPrimitive::FaceInfo BlockPrimitive::faceInfo(int patch) {
  static const char* const kNames[6] = {"face -x", "face +x", "face -y", "face +y", "face -z", "face +z"};
  static const char* const kSlots[3] = {"sx", "sy", "sz"};
  const int axis = patch / 2;
  Vec3d outward(0, 0, 0);
  (axis == 0 ? outward.x : axis == 1 ? outward.y : outward.z) = patch % 2 == 0 ? -1.0 : 1.0;
  return {kNames[patch], kSlots[axis], outward};
}

Bounds3 BlockPrimitive::bounds(const ParamAccess<double>& params) const {
  const double* s = params.of(*this);
  Bounds3 b;
  b.extend(Vec3d(-0.5 * s[0], -0.5 * s[1], -0.5 * s[2]));
  b.extend(Vec3d(0.5 * s[0], 0.5 * s[1], 0.5 * s[2]));
  return b;
}

namespace {
// Face `patch` = 2a + (σ > 0): its axis a, sign σ and in-face axes (b, c) with e_b × e_c = σ e_a.
struct Face {
  int a, b, c;
  double sign;
};
Face faceOf(int patch) {
  const int a = patch / 2;
  const double sign = patch % 2 == 0 ? -1.0 : 1.0;
  const int next = (a + 1) % 3, after = (a + 2) % 3;  // e_next × e_after = e_a
  return sign > 0 ? Face{a, next, after, sign} : Face{a, after, next, sign};
}
}  // namespace

template <class S>
Vec3<S> BlockPrimitive::positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const {
  const S* s = p.of(*this);
  const Face f = faceOf(patch);
  Vec3<S> x;
  x[f.a] = s[f.a] * (0.5 * f.sign);
  x[f.b] = s[f.b] * (u - 0.5);
  x[f.c] = s[f.c] * (v - 0.5);
  return x;
}

template <class S>
Vec3<S> BlockPrimitive::normalT(const ParamAccess<S>&, int patch, const S&, const S&) const {
  const Face f = faceOf(patch);
  Vec3<S> n;
  n[f.a] = S(f.sign);
  return n;
}

template <class S>
S BlockPrimitive::implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  const S* s = p.of(*this);
  return max(max(abs(x.x) - s[0] * 0.5, abs(x.y) - s[1] * 0.5), abs(x.z) - s[2] * 0.5);
}

#define INSTANTIATE(S)                                       \
  FLEXURE_INSTANTIATE_PRIMITIVE_POSITION(BlockPrimitive, S) \
  FLEXURE_INSTANTIATE_PRIMITIVE_NORMAL(BlockPrimitive, S)   \
  FLEXURE_INSTANTIATE_PRIMITIVE_IMPLICIT(BlockPrimitive, S)
FLEXURE_FOR_EACH_EVAL_SCALAR(INSTANTIATE)
#undef INSTANTIATE

}  // namespace flexure
