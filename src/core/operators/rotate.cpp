#include "flexure/core/operators/rotate.h"

#include "../primitives/scalar_instantiation.h"

namespace flexure {

std::vector<ParamSpec> RotateOperator::parameterSpecs() const {
  return {{"qw", 1.0}, {"qx", 0.0}, {"qy", 0.0}, {"qz", 0.0}};
}

std::unique_ptr<Node> RotateOperator::cloneNode() const { return std::make_unique<RotateOperator>(); }

template <class S>
Mat3<S> RotateOperator::rotationT(const ParamAccess<S>& p) const {
  const S* q = p.of(*this);
  return toMatrix(normalized(Quat<S>(q[0], q[1], q[2], q[3])));
}

template <class S>
Vec3<S> RotateOperator::applyT(const ParamAccess<S>& p, const Vec3<S>& x) const {
  return rotationT(p) * x;
}

template <class S>
Vec3<S> RotateOperator::inverseT(const ParamAccess<S>& p, const Vec3<S>& X) const {
  return transpose(rotationT(p)) * X;
}

template <class S>
Mat3<S> RotateOperator::jacobianT(const ParamAccess<S>& p, const Vec3<S>&) const {
  return rotationT(p);
}

#define INSTANTIATE(S) \
  FLEXURE_INSTANTIATE_OPERATOR(RotateOperator, S) template Mat3<S> RotateOperator::rotationT<S>(const ParamAccess<S>&) const;
FLEXURE_FOR_EACH_SCALAR(INSTANTIATE)
#undef INSTANTIATE

void RotateOperator::applyBatch(const ParamAccess<double>& params, std::span<Vec3d> points,
                                std::span<Vec3d> normals) const {
  const Mat3d rotation = rotationT(params);
  const Mat3d normalMap = inverseTranspose(rotation);  // what Operator::applyBatch applies
  const bool withNormals = normals.size() == points.size();
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (withNormals) normals[i] = normalized(normalMap * normals[i]);
    points[i] = rotation * points[i];
  }
}

TrsTransform RotateOperator::trs(const ParamAccess<double>& params) const {
  const double* q = params.of(*this);
  TrsTransform parts;
  parts.rotation = normalized(Quatd(q[0], q[1], q[2], q[3]));
  return parts;
}

}  // namespace flexure
