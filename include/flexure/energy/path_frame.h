#pragma once
// Maps points, normals and tangent directions given in a leaf primitive's own space through
// the operators of its path to world space (Witkin et al. 1987, Appendix A): points by T,
// normals by J^{-T} (Barr 1984), directions along the surface or an axis by J. Needed where a
// constraint speaks of a point that is not a surface sample (a pipe's axis end, pipefitting).
#include "flexure/core/operators/rotate.h"
#include "flexure/core/operators/translate.h"
#include "flexure/core/path.h"

namespace flexure {

template <class S>
Vec3<S> pathMapPoint(const Path& path, const ParamAccess<S>& params, Vec3<S> x) {
  for (const Operator* op : path.operators)
    if (!op->isIdentity()) x = op->apply(params, x);
  return x;
}

// Point and unit normal: N^{i,j} = J^{-T}(T^{i,j}) N^{i,j-1}, J evaluated at the point below.
// Rigid operators need no inverse: a translation leaves normals alone and a rotation's J^{-T}
// is J itself (this saves most of the jet arithmetic on pipe ends).
template <class S>
void pathMapPointNormal(const Path& path, const ParamAccess<S>& params, Vec3<S> x, Vec3<S> n, Vec3<S>& X,
                        Vec3<S>& N) {
  for (const Operator* op : path.operators) {
    if (op->isIdentity()) continue;
    if (dynamic_cast<const RotateOperator*>(op)) n = op->jacobian(params, x) * n;
    else if (!dynamic_cast<const TranslateOperator*>(op)) n = normalized(inverseTranspose(op->jacobian(params, x)) * n);
    x = op->apply(params, x);
  }
  X = x;
  N = n;
}

// Point and unit tangent direction (a vector carried by the map: J t).
template <class S>
void pathMapPointDirection(const Path& path, const ParamAccess<S>& params, Vec3<S> x, Vec3<S> t, Vec3<S>& X,
                           Vec3<S>& T) {
  for (const Operator* op : path.operators) {
    if (op->isIdentity()) continue;
    t = normalized(op->jacobian(params, x) * t);
    x = op->apply(params, x);
  }
  X = x;
  T = t;
}

}  // namespace flexure
