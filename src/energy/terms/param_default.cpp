#include "flexure/energy/terms/param_default.h"

#include "flexure/core/scene.h"

namespace flexure {

std::string_view ParamDefaultTerm::kind() const { return kKind; }

void ParamDefaultTerm::visitFields(FieldVisitor& v) {
  v.field("node", param.node, FieldUse::Required);
  v.field("slot", param.slot, FieldUse::Required);
  v.field("value", target, FieldUse::Required);
}

std::vector<std::string> ParamDefaultTerm::referencedNodes() const { return {param.node}; }
void ParamDefaultTerm::resolveReferences(const Scene& scene) { param.resolve(scene, "param-default"); }
std::vector<const Node*> ParamDefaultTerm::nodesRead() const { return {param.owner}; }

template <class S>
void ParamDefaultTerm::residualsT(const ParamAccess<S>& params, S* out) const {
  out[0] = param.read(params) - target;
}
FLEXURE_INSTANTIATE_RESIDUALS(ParamDefaultTerm)

}  // namespace flexure
