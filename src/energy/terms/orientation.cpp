#include "flexure/energy/terms/orientation.h"

#include <cmath>

#include "flexure/core/scene.h"

namespace flexure {

std::string_view OrientationTerm::kind() const { return kKind; }

void OrientationTerm::visitFields(FieldVisitor& v) {
  v.field("node", a.node, FieldUse::Required);
  v.field("mode", mode);
  v.field("point", point);
  v.field("axis", axis);
  v.field("origin", origin);
  v.field("direction", direction, FieldUse::Required);
  if (v.isReading() && mode != "axis" && mode != "normal")
    throw FieldError::about("mode", "orientation mode must be \"axis\" or \"normal\", not \"" + mode + "\"");
}

std::vector<std::string> OrientationTerm::referencedNodes() const { return {a.node}; }
void OrientationTerm::resolveReferences(const Scene& scene) { a.resolve(scene, "orientation node"); }

std::vector<const Node*> OrientationTerm::nodesRead() const {
  std::vector<const Node*> out;
  appendPathNodes(a.path, out);
  return out;
}

template <class S>
void OrientationTerm::residualsT(const ParamAccess<S>& params, S* out) const {
  Vec3<S> x, V;
  if (mode == "normal")
    pathPositionNormal(a.path, params, point.patch, S(point.u), S(point.v), x, V);
  else
    pathMapPointDirection(a.path, params, Vec3<S>::from(origin), Vec3<S>::from(axis), x, V);
  const Vec3d d = normalized(direction);
  const Vec3<S> r = (V - Vec3<S>::from(d)) * std::sqrt(0.5);  // |V − d|²/2 = 1 − V·d
  out[0] = r.x; out[1] = r.y; out[2] = r.z;
}
FLEXURE_INSTANTIATE_RESIDUALS(OrientationTerm)

}  // namespace flexure
