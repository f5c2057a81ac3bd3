#pragma once
// The drag's metric on Ψ: a stiffness ladder (issue 26).
//
// Witkin et al. 1987 (section 2) move Ψ down the energy: ψ' = −∇E, the gradient flow in the
// identity metric, every entry of Ψ alike. Wherever the spring E_user and the constraints leave a
// choice — a free part can follow the hand by translating, by turning about its origin, or by
// stretching — the drag's result is the choice that metric finds cheapest (the anchor
// ε Σ m_k (ψ_k − ψ_k,start)² of drag.h: the drag's state is the minimizer of E + E_user + that
// anchor, so M = diag(m_k) is the metric of the flow the drag follows). With every m_k = 1 a unit of a
// quaternion component moves a point at distance r about 2r and a unit of translation moves it
// 1: a free tube grabbed near its end turns instead of moving.
//
// The ladder gives the metric per-kind weights:
//
//   m_k = ladder(kind_k) · g_k,   g_k = mean over the points X of the parts ψ_k moves of |∂X/∂ψ_k|²
//
// g_k (the diagonal of the points' mass matrix Σ (∂X/∂Ψ)ᵀ(∂X/∂Ψ), a body's kinetic-energy
// metric with unit mass spread over its sample points) measures how far the parts move per unit
// of ψ_k, so the metric does not depend on units or on the part's size (a rotation's g grows with
// the square of the part's extent). The ladder then ranks the kinds by orders of magnitude:
//
//   translation of a placement (a rigid operator's parameter moving every point alike)   1e-7
//   rotation of a placement (a rigid operator's other parameters)                         1e-3
//   shape: the part's own parameters, its deformers', every other                          1
//
// so the cheapest kind that can follow the hand does: a free part translates (its turn for a
// pull of d at distance r from its origin is about d·r/(10⁴ r̄²) radians), a part whose
// constraints hold its translation turns about that hinge, and a part whose placement is held
// bends and stretches (drag_space.h still restricts what a mode lets the hand move).
#include <Eigen/Core>
#include <vector>

#include "flexure/core/scene.h"

namespace flexure {

enum class ParameterKind { Translation, Rotation, Shape };

// The ladder's weight per kind, relative to shape (drag.h multiplies by its anchor weight ε).
struct StiffnessLadder {
  double translation = 1e-7;
  double rotation = 1e-3;
  double shape = 1.0;
  double of(ParameterKind kind) const {
    return kind == ParameterKind::Translation ? translation : kind == ParameterKind::Rotation ? rotation : shape;
  }
  // Every kind alike: the paper's metric (DragMode::Free).
  static StiffnessLadder uniform() { return {1.0, 1.0, 1.0}; }
};

// What one entry of Ψ does to the points of the parts it moves.
struct ParameterMotion {
  ParameterKind kind = ParameterKind::Shape;
  double scale = 1.0;  // g: mean |∂X/∂ψ|² over the sample points (X in the node's output space)
};

// Points of a primitive in its own space at which the drag looks at it: a 3 × 3 grid of
// (u, v) on each of at most `maxPatches` patches (evenly spread over a mesh's triangles).
std::vector<Vec3d> primitiveSamplePoints(const Primitive& leaf, const ParamAccess<double>& values, int maxPatches = 16);

// The motion of each slot of `node` (a primitive, or an operator over the sample points of the
// primitives below it, at most `maxLeaves` of them), at Ψ = values. Exact: one pass of dual
// numbers per eight slots. An operator whose Jacobian is a rotation for every value of its
// parameters (operatorIsRigid, drag_space.h) has translation slots (∂X/∂ψ the same at every
// point) and rotation slots; every other slot is shape. A node with no primitive below it, or
// whose evaluation reads nodes it does not declare, gets shape slots of scale 1.
std::vector<ParameterMotion> nodeParameterMotion(const Scene& scene, const Node& node, int maxLeaves = 32);

struct DragMetric {
  std::vector<ParameterKind> kinds;  // per column
  Eigen::VectorXd weights;           // per column: ladder(kind)·g, the anchor's m_k
};

// The metric over `columns` (Ψ indices) for `ladder`. Only the entries in `relevant` (sorted Ψ
// indices: those on the dragged path or read by a constraint) are looked at; the others cannot
// move in the drag (nothing pulls on them) and get the shape weight 1.
DragMetric dragMetric(const Scene& scene, const std::vector<int>& columns, const std::vector<int>& relevant,
                      const StiffnessLadder& ladder);

}  // namespace flexure
