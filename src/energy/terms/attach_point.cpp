#include "flexure/energy/terms/attach_point.h"

#include "flexure/core/scene.h"

namespace flexure {

std::string_view AttachPointTerm::kind() const { return kKind; }

void AttachPointTerm::visitFields(FieldVisitor& v) {
  point.visit(v, "node");
  v.field("target", target, FieldUse::Required);
}

std::vector<std::string> AttachPointTerm::referencedNodes() const { return {point.ref.node}; }
void AttachPointTerm::resolveReferences(const Scene& scene) { point.ref.resolve(scene, "attach-point node"); }

std::vector<const Node*> AttachPointTerm::nodesRead() const {
  std::vector<const Node*> out;
  appendPathNodes(point.ref.path, out);
  return out;
}

template <class S>
void AttachPointTerm::residualsT(const ParamAccess<S>& params, S* out) const {
  const Vec3<S> r = point.position(params) - Vec3<S>::from(target);
  out[0] = r.x; out[1] = r.y; out[2] = r.z;
}
FLEXURE_INSTANTIATE_RESIDUALS(AttachPointTerm)

}  // namespace flexure
