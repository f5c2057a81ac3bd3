#pragma once
// Maps points, normals and tangent directions given in a leaf primitive's own space through
// the operators of its path to world space (Witkin et al. 1987, Appendix A): points by T,
// normals by J^{-T} (Barr 1984), directions along the surface or an axis by J. Needed where a
// constraint speaks of a point that is not a surface sample (a pipe's axis end, pipefitting).
#include "flexure/core/operators/rotate.h"
#include "flexure/core/operators/translate.h"
#include "flexure/core/path.h"
#include "flexure/energy/seeded_pass.h"

#include <type_traits>
#include <typeinfo>

namespace flexure {

namespace path_frame_detail {

inline bool derivativeFree(const Vec3<Dual8>& v) {
  for (int l = 0; l < 8; ++l)
    if (v.x.v[static_cast<std::size_t>(l)] != 0.0 || v.y.v[static_cast<std::size_t>(l)] != 0.0 ||
        v.z.v[static_cast<std::size_t>(l)] != 0.0)
      return false;
  return true;
}
inline Vec3d plain(const Vec3<Dual8>& v) { return {v.x.a, v.y.a, v.z.a}; }
inline Vec3<Dual8> lifted(const Vec3d& v) { return {Dual8(v.x), Dual8(v.y), Dual8(v.z)}; }

// The pass whose derivatives are being taken, when a path of it carries no seeded lane and the
// input vectors no derivative: the path can then be evaluated with doubles (seeded_pass.h).
template <class S>
const SeededPass* unseededPass(const Path& path, const ParamAccess<S>& params, const Vec3<S>& x, const Vec3<S>& v) {
  if constexpr (std::is_same_v<S, Dual8>) {
    const auto* pass = dynamic_cast<const SeededPass*>(&params);
    if (pass && pass->unseeded(path) && derivativeFree(x) && derivativeFree(v)) return pass;
  } else {
    (void)path, (void)params, (void)x, (void)v;
  }
  return nullptr;
}

}  // namespace path_frame_detail

template <class S>
Vec3<S> pathMapPoint(const Path& path, const ParamAccess<S>& params, Vec3<S> x) {
  if constexpr (std::is_same_v<S, Dual8>) {
    if (const SeededPass* pass = path_frame_detail::unseededPass(path, params, x, x))
      return path_frame_detail::lifted(pathMapPoint<double>(path, pass->values(), path_frame_detail::plain(x)));
  }
  for (const Operator* op : path.operators)
    if (!op->isIdentity()) x = op->apply(params, x);
  return x;
}

namespace path_frame_detail {

template <class S>
double determinantValue(const Mat3<S>& m) {
  Mat3d v;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) v.m[i][k] = value(m.m[i][k]);
  return determinant(v);
}

// One operator of the normal function below, for any scalar type.
template <class S>
void mapPointNormalStep(const Operator& op, const ParamAccess<S>& params, Vec3<S>& x, Vec3<S>& n) {
  if (typeid(op) == typeid(RotateOperator)) {
    const Mat3<S> r = static_cast<const RotateOperator&>(op).rotationT(params);
    n = r * n;
    x = r * x;
    return;
  }
  if (typeid(op) != typeid(TranslateOperator)) {
    // J^{-T} = cof(J) / det J, and the normal is renormalized anyway: only det's sign is needed
    // (the cofactor form also stays finite where J is singular).
    const Mat3<S> j = op.jacobian(params, x);
    const Vec3<S> m = cofactor(j) * n;
    n = determinantValue(j) < 0.0 ? -normalized(m) : normalized(m);
  }
  x = op.apply(params, x);
}

// R v for a derivative-free vector: the first seeded rotation above a path's unseeded part.
inline Vec3<Dual8> timesPlain(const Mat3<Dual8>& r, const Vec3d& v) {
  Vec3<Dual8> out;
  for (int i = 0; i < 3; ++i) {
    Dual8& o = out[i];
    o.a = r.m[i][0].a * v.x + r.m[i][1].a * v.y + r.m[i][2].a * v.z;
    for (std::size_t l = 0; l < 8; ++l) o.v[l] = r.m[i][0].v[l] * v.x + r.m[i][1].v[l] * v.y + r.m[i][2].v[l] * v.z;
  }
  return out;
}

// r v for a constant matrix: a rotation no lane of the pass seeds.
inline Vec3<Dual8> timesConstant(const Mat3d& r, const Vec3<Dual8>& v) {
  Vec3<Dual8> out;
  for (int i = 0; i < 3; ++i) {
    Dual8& o = out[i];
    o.a = r.m[i][0] * v.x.a + r.m[i][1] * v.y.a + r.m[i][2] * v.z.a;
    for (std::size_t l = 0; l < 8; ++l) o.v[l] = r.m[i][0] * v.x.v[l] + r.m[i][1] * v.y.v[l] + r.m[i][2] * v.z.v[l];
  }
  return out;
}

// The normal function during a Jacobian pass: operators below the first seeded one (from the
// leaf up) act on derivative-free vectors and are evaluated with doubles; above it, a rotation or
// translation that the pass does not seed is a constant map applied to the jets; everything else
// is evaluated with jets as usual. Same values, same derivatives, less arithmetic.
inline void mapPointNormalInPass(const Path& path, const SeededPass& pass, Vec3<Dual8> x, Vec3<Dual8> n,
                                 Vec3<Dual8>& X, Vec3<Dual8>& N) {
  const std::vector<const Operator*>& ops = path.operators;
  std::size_t i = 0;
  if (derivativeFree(x) && derivativeFree(n)) {
    Vec3d xd = plain(x), nd = plain(n);
    for (; i < ops.size() && !pass.seeds(*ops[i]); ++i)
      if (!ops[i]->isIdentity()) mapPointNormalStep<double>(*ops[i], pass.values(), xd, nd);
    const Operator* first = i < ops.size() ? ops[i] : nullptr;
    if (first && typeid(*first) == typeid(RotateOperator)) {
      // The first seeded operator is a rotation of plain vectors: R's jets times doubles.
      const Mat3<Dual8> r = static_cast<const RotateOperator&>(*first).rotationT<Dual8>(pass);
      x = timesPlain(r, xd);
      n = timesPlain(r, nd);
      ++i;
    } else {
      x = lifted(xd);
      n = lifted(nd);
    }
  }
  for (; i < ops.size(); ++i) {
    const Operator& op = *ops[i];
    if (op.isIdentity()) continue;
    if (!pass.seeds(op) && typeid(op) == typeid(RotateOperator)) {
      const Mat3d r = static_cast<const RotateOperator&>(op).rotationT(pass.values());
      n = timesConstant(r, n);
      x = timesConstant(r, x);
    } else if (!pass.seeds(op) && typeid(op) == typeid(TranslateOperator)) {
      const double* t = pass.values().of(op);
      x.x.a += t[0];
      x.y.a += t[1];
      x.z.a += t[2];
    } else {
      mapPointNormalStep<Dual8>(op, pass, x, n);
    }
  }
  X = x;
  N = n;
}

}  // namespace path_frame_detail

// Point and unit normal: N^{i,j} = J^{-T}(T^{i,j}) N^{i,j-1}, J evaluated at the point below
// (Appendix A, the normal function). Rigid operators need no inverse: a translation leaves
// normals alone and a rotation's J^{-T} is J itself, R, built once for the point and the normal
// (this saves most of the jet arithmetic on pipe ends).
template <class S>
void pathMapPointNormal(const Path& path, const ParamAccess<S>& params, Vec3<S> x, Vec3<S> n, Vec3<S>& X,
                        Vec3<S>& N) {
  if constexpr (std::is_same_v<S, Dual8>) {
    if (const auto* pass = dynamic_cast<const SeededPass*>(&params)) {
      path_frame_detail::mapPointNormalInPass(path, *pass, x, n, X, N);
      return;
    }
  }
  for (const Operator* op : path.operators)
    if (!op->isIdentity()) path_frame_detail::mapPointNormalStep<S>(*op, params, x, n);
  X = x;
  N = n;
}

// Point and unit tangent direction (a vector carried by the map: J t).
template <class S>
void pathMapPointDirection(const Path& path, const ParamAccess<S>& params, Vec3<S> x, Vec3<S> t, Vec3<S>& X,
                           Vec3<S>& T) {
  if constexpr (std::is_same_v<S, Dual8>) {
    if (const SeededPass* pass = path_frame_detail::unseededPass(path, params, x, t)) {
      Vec3d x0, t0;
      pathMapPointDirection<double>(path, pass->values(), path_frame_detail::plain(x), path_frame_detail::plain(t), x0, t0);
      X = path_frame_detail::lifted(x0);
      T = path_frame_detail::lifted(t0);
      return;
    }
  }
  for (const Operator* op : path.operators) {
    if (op->isIdentity()) continue;
    t = normalized(op->jacobian(params, x) * t);
    x = op->apply(params, x);
  }
  X = x;
  T = t;
}

}  // namespace flexure
