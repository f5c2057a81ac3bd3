#pragma once
// Block (box) with full edge lengths sx, sy, sz, centred at the origin.
// Six patches, one per face, in the order -x, +x, -y, +y, -z, +z. Face a with sign σ is
//   P(u, v) = σ h_a e_a + (u - ½) s_b e_b + (v - ½) s_c e_c,  h = s/2,
// with (b, c) chosen so that e_b × e_c = σ e_a: the normal σ e_a is ∂P/∂u × ∂P/∂v, outward.
// Implicit: I(x) = max(|x| - sx/2, |y| - sy/2, |z| - sz/2), the largest slab distance: negative
// inside, zero on the faces, and the exact distance outside along each face's normal.
#include "flexure/core/primitive.h"

namespace flexure {

class BlockPrimitive final : public PrimitiveT<BlockPrimitive> {
 public:
  static constexpr std::string_view kType = "block";
  std::string_view type() const override { return kType; }
  // Slots: sx, sy, sz (default 1, >= 0).
  std::vector<ParamSpec> parameterSpecs() const override;
  std::unique_ptr<Node> cloneNode() const override;
  int patchCount() const override { return 6; }
  // A face (patch −x, +x, −y, +y, −z, +z): its name ("face +y"), the slot of the edge across it,
  // its outward axis. What the face's grip and snap feature stand on.
  struct FaceInfo {
    const char* name;
    const char* slot;
    Vec3d outward;
  };
  static FaceInfo faceInfo(int patch);
  Bounds3 bounds(const ParamAccess<double>& params) const override;

  template <class S> Vec3<S> positionT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> Vec3<S> normalT(const ParamAccess<S>& p, int patch, const S& u, const S& v) const;
  template <class S> S implicitT(const ParamAccess<S>& p, const Vec3<S>& x) const;
};

}  // namespace flexure
