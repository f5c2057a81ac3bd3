#include "flexure/energy/terms/param_anchor.h"

#include "flexure/core/scene.h"

namespace flexure {

std::string_view ParamAnchorTerm::kind() const { return kKind; }

void ParamAnchorTerm::visitFields(FieldVisitor& v) {
  v.field("node", node, FieldUse::Required);
  v.field("values", values, FieldUse::Required);
}

std::vector<std::string> ParamAnchorTerm::referencedNodes() const { return {node}; }

void ParamAnchorTerm::resolveReferences(const Scene& scene) {
  owner = scene.find(node);
  if (!owner) throw FieldError("param-anchor: no node named '" + node + "'");
  if (static_cast<int>(values.size()) != owner->paramCount())
    throw FieldError("param-anchor: node '" + node + "' has " + std::to_string(owner->paramCount()) +
                     " parameters, values has " + std::to_string(values.size()));
}

std::vector<const Node*> ParamAnchorTerm::nodesRead() const { return {owner}; }

template <class S>
void ParamAnchorTerm::residualsT(const ParamAccess<S>& params, S* out) const {
  const S* p = params.of(*owner);
  for (std::size_t k = 0; k < values.size(); ++k) out[k] = p[k] - values[k];
}
FLEXURE_INSTANTIATE_RESIDUALS(ParamAnchorTerm)

}  // namespace flexure
