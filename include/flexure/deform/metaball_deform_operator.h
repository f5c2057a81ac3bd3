#pragma once
// "metaball-deform": the generalized-metaball space deformation of Jin, Li & Peng (2000) as an
// operator node, so it deforms whatever lies below it in the scene graph (primitives,
// curve-built surfaces, meshes). Its metaballs are a record list (skeleton, metric, potential:
// see metaball.h); their displacements, radii, rotations, scales, anisotropic radii and Bezier
// control values are Psi slots "<i>.<slot>", so energy constraints and keyframes drive them.
//
//   Deform(P) = P + sum_i [ F_i dD_i + (S^_i R^_i - I)(P - O_i) ]      Eqs. 5, 8 and section 5
//
// Blend modes. "sum" is the paper's Eq. 8: each constraint is met exactly when the set is
// disjoint (section 2); where metaballs overlap a constraint also feels its neighbours (the
// paper accepts this). "interpolate" is an extension in the spirit of Scodef (ref. [17]): the
// translations alpha_i replacing dD_i solve sum_i alpha_i F_i(O_j) = dD_j, so the pivot O_j of
// every constraint (for point skeletons: the skeleton itself) moves by exactly dD_j even when
// the metaballs overlap.
//
// Inverse: no closed form exists; inverseT runs damped Newton iterations on Deform(x) = X from
// x = X (with the exact Jacobian), falling back to the fixed point x = X - delta(x) when the
// Jacobian is singular, and finishes with one Newton step in the scalar type S so jets carry
// the exact derivative of the inverse (implicit function theorem).
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "flexure/core/operator.h"
#include "flexure/deform/metaball.h"

namespace flexure {
class MesCurve;
}

namespace flexure::deform {

class BatchDeformer;

enum class BlendMode { Sum, Interpolate };

class MetaballDeformOperator final : public OperatorT<MetaballDeformOperator> {
 public:
  static constexpr std::string_view kType = "metaball-deform";
  MetaballDeformOperator();
  ~MetaballDeformOperator() override;

  std::string_view type() const override { return kType; }
  std::vector<ParamSpec> parameterSpecs() const override;
  void visitFields(FieldVisitor& v) override;
  std::unique_ptr<Node> cloneNode() const override;
  // Bezier skeletons may follow "mes-curve" nodes (field "curve"): those are dependencies, so
  // paths carry their Psi slices, and every evaluation rebuilds such a skeleton from the curve's
  // current control points (cached while they do not change).
  std::vector<const Node*> dependencies() const override;
  void resolveReferences(const Scene& scene) override;

  const std::vector<Metaball>& metaballs() const { return metaballs_; }
  // Replaces the metaballs (validated and prepared; throws FieldError). The slot layout
  // changes: a node already in a scene needs Scene::rebuildParameters() afterwards.
  void setMetaballs(std::vector<Metaball> metaballs);
  void addMetaball(Metaball metaball);
  BlendMode blendMode() const { return blend_; }
  void setBlendMode(BlendMode mode) { blend_ = mode; }
  // Offset of metaball i's first slot within this node's slice.
  int slotOffset(int metaball) const { return slotOffsets_[static_cast<std::size_t>(metaball)]; }
  // Psi index of "<i>.<slot>" (node must be in a scene), or -1.
  int paramIndexOf(int metaball, std::string_view slot) const;

  template <class S> Vec3<S> applyT(const ParamAccess<S>& params, const Vec3<S>& x) const;
  template <class S> Vec3<S> inverseT(const ParamAccess<S>& params, const Vec3<S>& X) const;
  template <class S> Mat3<S> jacobianT(const ParamAccess<S>& params, const Vec3<S>& x) const;
  // Fast path: grid over metaball boxes, parallel vertex loop, no allocation in steady state.
  void applyBatch(const ParamAccess<double>& params, std::span<Vec3d> points, std::span<Vec3d> normals) const override;

  // The same maps from this node's slot values (its slice of Psi), for callers without a scene.
  template <class S> Vec3<S> deform(const S* slots, const Vec3<S>& x) const;
  template <class S> S potential(int metaball, const S* slots, const Vec3<S>& x) const;
  // The translation each metaball applies at full potential: dD_i ("sum") or alpha_i ("interpolate").
  template <class S> void translations(const S* slots, std::vector<Vec3<S>>& out) const;
  Mat3d jacobianFromSlots(const double* slots, const Vec3d& x) const;
  // Solves Deform(x) = X; `converged` (optional) reports whether |Deform(x) - X| fell below
  // 1e-12 (1 + |X|).
  Vec3d inverseFromSlots(const double* slots, const Vec3d& X, bool* converged = nullptr) const;
  // Batch path on explicit slot values (benchmarks, tests).
  void applyBatchFromSlots(const double* slots, std::span<Vec3d> points, std::span<Vec3d> normals) const;
  // Operator::changedRegion: the influence boxes, before and after, of the metaballs whose slots
  // or translation (Eq. 8's dD_i, or the interpolating alpha_i, which every slot may change)
  // changed. None with a metaball on a Bezier skeleton: its closest-point search starts from the
  // answer for the vertex before, so a vertex's last bits can depend on its neighbours. None either
  // with a followed curve (the skeleton is made from another node's entries) or a changed
  // metaball without bounds (line, plane).
  std::optional<std::vector<Bounds3>> changedRegion(const ParamAccess<double>& before,
                                                    const ParamAccess<double>& after) const override;
  std::optional<std::vector<Bounds3>> changedRegionFromSlots(const double* before, const double* after) const;

 private:
  friend class BatchDeformer;  // packs translationsWith once per batch
  void rebuildLayout();
  // The metaballs with followed curves rebuilt from Psi (null when none follows a curve).
  template <class S>
  std::shared_ptr<const std::vector<Metaball>> followedMetaballs(const ParamAccess<S>& params) const;
  const std::vector<Metaball>& current(const std::shared_ptr<const std::vector<Metaball>>& f) const { return f ? *f : metaballs_; }
  template <class S> Vec3<S> deformWith(const std::vector<Metaball>& balls, const S* slots, const Vec3<S>& x) const;
  template <class S> S potentialWith(const std::vector<Metaball>& balls, int metaball, const S* slots, const Vec3<S>& x) const;
  template <class S> void translationsWith(const std::vector<Metaball>& balls, const S* slots, std::vector<Vec3<S>>& out) const;
  Mat3d jacobianWith(const std::vector<Metaball>& balls, const double* slots, const Vec3d& x) const;
  Vec3d inverseWith(const std::vector<Metaball>& balls, const double* slots, const Vec3d& X, bool* converged) const;
  void applyBatchWith(const std::vector<Metaball>& balls, const double* slots, std::span<Vec3d> points, std::span<Vec3d> normals) const;

  struct FollowedCurve {
    int metaball = 0;
    const MesCurve* curve = nullptr;  // resolved by name
  };
  std::vector<FollowedCurve> followed_;
  mutable std::mutex followMutex_;
  mutable std::vector<double> followKey_;  // the curves' control values the snapshot was built from
  mutable std::shared_ptr<const std::vector<Metaball>> followSnapshot_;
  std::vector<Metaball> metaballs_;
  std::vector<int> slotOffsets_;
  int slotCount_ = 0;
  BlendMode blend_ = BlendMode::Sum;
  // Reused buffers of the batch path (one user at a time; concurrent callers get their own).
  mutable std::mutex scratchMutex_;
  mutable std::unique_ptr<BatchDeformer> scratch_;
};

std::string_view blendModeName(BlendMode m);
BlendMode blendModeFromName(std::string_view name);

}  // namespace flexure::deform
