#include "flexure/energy/terms/double_float.h"

#include "flexure/core/scene.h"
#include "flexure/energy/terms/float_attach.h"

namespace flexure {

std::string_view DoubleFloatTerm::kind() const { return kKind; }

void DoubleFloatTerm::visitFields(FieldVisitor& v) {
  v.field("node_a", a.node, FieldUse::Required);
  v.field("point_a", pointA, FieldUse::Required);
  v.field("node_b", b.node, FieldUse::Required);
  v.field("point_b", pointB, FieldUse::Required);
  v.field("align_normals", alignNormals);
}

std::vector<std::string> DoubleFloatTerm::referencedNodes() const { return {a.node, b.node}; }
void DoubleFloatTerm::resolveReferences(const Scene& scene) {
  a.resolve(scene, "double-float node_a");
  b.resolve(scene, "double-float node_b");
}

std::vector<const Node*> DoubleFloatTerm::nodesRead() const {
  std::vector<const Node*> out;
  appendPathNodes(a.path, out);
  appendPathNodes(b.path, out);
  return out;
}

template <class S>
void DoubleFloatTerm::residualsT(const ParamAccess<S>& params, S* out) const {
  floatingContactResiduals(a, pointA, b, alignNormals, params, out);
  floatingContactResiduals(b, pointB, a, alignNormals, params, out + 4);
}
FLEXURE_INSTANTIATE_RESIDUALS(DoubleFloatTerm)

}  // namespace flexure
