#pragma once
// Explicit instantiation lists for the templated evaluation code of core nodes.
//
// Node templates (positionT, implicitT, applyT, ...) are defined in their .cpp files, not in the
// headers, so that they compile once. They must then be instantiated for every scalar the
// virtual entry points use (double, Dual, Dual8) and for the nested jets with which PrimitiveT /
// OperatorT differentiate them with respect to the point: Jet<S, 2> (∂P/∂u, ∂P/∂v for default
// normals) and Jet<S, 3> (∇I and operator Jacobians).
#include "flexure/core/scalar_types.h"

namespace flexure::instantiation {

using D2 = Jet<double, 2>;
using D3 = Jet<double, 3>;
using Dual2 = Jet<Dual, 2>;
using Dual3 = Jet<Dual, 3>;
using Dual8x2 = Jet<Dual8, 2>;
using Dual8x3 = Jet<Dual8, 3>;

}  // namespace flexure::instantiation

// X(S) for every scalar a node's templates may be called with.
#define FLEXURE_FOR_EACH_EVAL_SCALAR(X)                                                           \
  X(double) X(::flexure::Dual) X(::flexure::Dual8) X(::flexure::instantiation::D2)                 \
  X(::flexure::instantiation::D3) X(::flexure::instantiation::Dual2) X(::flexure::instantiation::Dual3) \
  X(::flexure::instantiation::Dual8x2) X(::flexure::instantiation::Dual8x3)

// Primitive templates: positionT, normalT, implicitT (and implicitGradientT when overridden).
#define FLEXURE_INSTANTIATE_PRIMITIVE_POSITION(CLASS, S)                                            \
  template ::flexure::Vec3<S> CLASS::positionT<S>(const ::flexure::ParamAccess<S>&, int, const S&,  \
                                                  const S&) const;
#define FLEXURE_INSTANTIATE_PRIMITIVE_NORMAL(CLASS, S)                                              \
  template ::flexure::Vec3<S> CLASS::normalT<S>(const ::flexure::ParamAccess<S>&, int, const S&,    \
                                                const S&) const;
#define FLEXURE_INSTANTIATE_PRIMITIVE_IMPLICIT(CLASS, S)                                            \
  template S CLASS::implicitT<S>(const ::flexure::ParamAccess<S>&, const ::flexure::Vec3<S>&) const;

// Operator templates: applyT, inverseT, jacobianT.
#define FLEXURE_INSTANTIATE_OPERATOR(CLASS, S)                                                      \
  template ::flexure::Vec3<S> CLASS::applyT<S>(const ::flexure::ParamAccess<S>&,                    \
                                               const ::flexure::Vec3<S>&) const;                    \
  template ::flexure::Vec3<S> CLASS::inverseT<S>(const ::flexure::ParamAccess<S>&,                  \
                                                 const ::flexure::Vec3<S>&) const;                  \
  template ::flexure::Mat3<S> CLASS::jacobianT<S>(const ::flexure::ParamAccess<S>&,                 \
                                                  const ::flexure::Vec3<S>&) const;
