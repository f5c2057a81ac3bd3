#include "flexure/energy/terms/user_spring.h"

#include "flexure/core/scene.h"

namespace flexure {

std::string_view UserSpringTerm::kind() const { return kKind; }

void UserSpringTerm::visitFields(FieldVisitor& v) {
  point.visit(v, "node");
  v.field("target", target, FieldUse::Required);
}

std::vector<std::string> UserSpringTerm::referencedNodes() const { return {point.ref.node}; }
void UserSpringTerm::resolveReferences(const Scene& scene) { point.ref.resolve(scene, "user-spring node"); }

std::vector<const Node*> UserSpringTerm::nodesRead() const {
  std::vector<const Node*> out;
  appendPathNodes(point.ref.path, out);
  return out;
}

template <class S>
void UserSpringTerm::residualsT(const ParamAccess<S>& params, S* out) const {
  const Vec3<S> r = point.position(params) - Vec3<S>::from(target);
  out[0] = r.x; out[1] = r.y; out[2] = r.z;
}
FLEXURE_INSTANTIATE_RESIDUALS(UserSpringTerm)

}  // namespace flexure
