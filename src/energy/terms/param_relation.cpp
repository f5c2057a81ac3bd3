#include "flexure/energy/terms/param_relation.h"

#include "flexure/core/scene.h"

namespace flexure {

std::string_view ParamRelationTerm::kind() const { return kKind; }

void ParamRelationTerm::visitFields(FieldVisitor& v) {
  v.field("node_a", alpha.node, FieldUse::Required);
  v.field("slot_a", alpha.slot, FieldUse::Required);
  v.field("node_b", beta.node, FieldUse::Required);
  v.field("slot_b", beta.slot, FieldUse::Required);
  v.field("k1", k1);
  v.field("k2", k2);
}

std::vector<std::string> ParamRelationTerm::referencedNodes() const { return {alpha.node, beta.node}; }
void ParamRelationTerm::resolveReferences(const Scene& scene) {
  alpha.resolve(scene, "param-relation a");
  beta.resolve(scene, "param-relation b");
}

std::vector<const Node*> ParamRelationTerm::nodesRead() const {
  std::vector<const Node*> out;
  appendNode(alpha.owner, out);
  appendNode(beta.owner, out);
  return out;
}

template <class S>
void ParamRelationTerm::residualsT(const ParamAccess<S>& params, S* out) const {
  out[0] = alpha.read(params) - beta.read(params) * k1 - k2;
}
FLEXURE_INSTANTIATE_RESIDUALS(ParamRelationTerm)

}  // namespace flexure
