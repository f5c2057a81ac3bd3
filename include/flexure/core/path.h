#pragma once
// A leaf-to-root path: one object of the model with its bundle of functions P(u,v), N(u,v) and
// I(X) (Witkin et al. 1987, Appendix A):
//   P^{i,j} = T^{i,j}(P^{i,j-1}),   P^{i,1} = P^{L^i}
//   N^{i,j} = J^{-T}(T^{i,j}) N^{i,j-1}   (each operator's Jacobian at the point below it)
//   I^{i,j}(X) = I^{i,j-1}((T^{i,j})^{-1}(X))
// Templated on the scalar, so the same code gives values (double) and exact derivatives (jets).
#include <vector>

#include "flexure/core/operator.h"
#include "flexure/core/primitive.h"

namespace flexure {

struct Path {
  const Primitive* leaf = nullptr;
  std::vector<const Operator*> operators;  // from the leaf's parent up to the root

  // Every Ψ index whose value can change P, N or I of this path (its nodes' slices and those
  // of their dependencies), sorted and unique.
  std::vector<int> parameterIndices() const;
  // Every node whose slice is read (for building ParamAccess buffers).
  std::vector<const Node*> nodes() const;
};

template <class S>
Vec3<S> pathPosition(const Path& path, const ParamAccess<S>& params, int patch, const S& u, const S& v) {
  Vec3<S> x = path.leaf->position(params, patch, u, v);
  for (const Operator* op : path.operators)
    if (!op->isIdentity()) x = op->apply(params, x);
  return x;
}

// Unit normal at P(u,v); each operator's J^{-T} is evaluated at the point below it.
template <class S>
Vec3<S> pathNormal(const Path& path, const ParamAccess<S>& params, int patch, const S& u, const S& v) {
  Vec3<S> x = path.leaf->position(params, patch, u, v);
  Vec3<S> n = path.leaf->normal(params, patch, u, v);
  for (const Operator* op : path.operators) {
    if (op->isIdentity()) continue;
    n = normalized(inverseTranspose(op->jacobian(params, x)) * n);
    x = op->apply(params, x);
  }
  return n;
}

// Both at once, sharing the forward pass.
template <class S>
void pathPositionNormal(const Path& path, const ParamAccess<S>& params, int patch, const S& u, const S& v,
                        Vec3<S>& position, Vec3<S>& normal) {
  Vec3<S> x = path.leaf->position(params, patch, u, v);
  Vec3<S> n = path.leaf->normal(params, patch, u, v);
  for (const Operator* op : path.operators) {
    if (op->isIdentity()) continue;
    n = normalized(inverseTranspose(op->jacobian(params, x)) * n);
    x = op->apply(params, x);
  }
  position = x;
  normal = n;
}

// Pulls a world point back to the leaf's own space through every inverse, root first.
template <class S>
Vec3<S> pathToLeafSpace(const Path& path, const ParamAccess<S>& params, const Vec3<S>& X) {
  Vec3<S> x = X;
  for (auto it = path.operators.rbegin(); it != path.operators.rend(); ++it)
    if (!(*it)->isIdentity()) x = (*it)->inverse(params, x);
  return x;
}

// A point and a direction (a tangent: mapped by each operator's Jacobian, not J^{-T} as a normal
// is) of the space below path.operators[from] — the leaf's own space for from = 0 — mapped up to
// the world; the direction comes out unit (zero stays zero). Where a grip or a snap feature is.
void pathMapPointAndDirection(const Path& path, std::size_t from, const ParamAccess<double>& params, Vec3d& point,
                              Vec3d& direction);

// A point of the space `node`'s children live in (its own space, for an operator; its parent's
// otherwise) mapped out to the world through every operator from `node` up; and a world point
// pulled back into that space, root first. Where a part added under or grouped below `node`
// must go to stay at a world point.
Vec3d nodeFrameToWorld(const Node& node, const ParamAccess<double>& params, Vec3d x);
Vec3d worldToNodeFrame(const Node& node, const ParamAccess<double>& params, Vec3d X);

template <class S>
S pathImplicit(const Path& path, const ParamAccess<S>& params, const Vec3<S>& X) {
  return path.leaf->implicit(params, pathToLeafSpace(path, params, X));
}

// ∇_X I(X). With x_k the preimages below each operator, ∇_X I = Π J_k(x_k)^{-T} ∇I_leaf(x_0):
// the same transform as a normal, which is why ∇I/|∇I| is a unit normal on the surface.
template <class S>
Vec3<S> pathImplicitGradient(const Path& path, const ParamAccess<S>& params, const Vec3<S>& X) {
  std::vector<Vec3<S>> below(path.operators.size());
  Vec3<S> x = X;
  for (std::size_t k = path.operators.size(); k-- > 0;) {
    if (!path.operators[k]->isIdentity()) x = path.operators[k]->inverse(params, x);
    below[k] = x;
  }
  Vec3<S> g = path.leaf->implicitGradient(params, x);
  for (std::size_t k = 0; k < path.operators.size(); ++k)
    if (!path.operators[k]->isIdentity())
      g = inverseTranspose(path.operators[k]->jacobian(params, below[k])) * g;
  return g;
}

}  // namespace flexure
