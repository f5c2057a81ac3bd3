#include "flexure/energy/terms/slider.h"

#include "flexure/core/scene.h"

namespace flexure {

template <class S>
void lineEnds(const LeafRef& line, const Vec3d& p1, const Vec3d& p2, const ParamAccess<S>& params, Vec3<S>& a,
              Vec3<S>& b) {
  a = Vec3<S>::from(p1);
  b = Vec3<S>::from(p2);
  if (!line.resolved()) return;
  a = pathMapPoint(line.path, params, a);
  b = pathMapPoint(line.path, params, b);
}
template void lineEnds<double>(const LeafRef&, const Vec3d&, const Vec3d&, const ParamAccess<double>&, Vec3d&, Vec3d&);
template void lineEnds<Dual8>(const LeafRef&, const Vec3d&, const Vec3d&, const ParamAccess<Dual8>&, Vec3<Dual8>&,
                              Vec3<Dual8>&);

std::string_view SliderTerm::kind() const { return kKind; }

void SliderTerm::visitFields(FieldVisitor& v) {
  point.visit(v, "node");
  v.field("line_node", line.node);
  v.field("p1", p1, FieldUse::Required);
  v.field("p2", p2, FieldUse::Required);
}

std::vector<std::string> SliderTerm::referencedNodes() const {
  if (line.node.empty()) return {point.ref.node};
  return {point.ref.node, line.node};
}

void SliderTerm::resolveReferences(const Scene& scene) {
  point.ref.resolve(scene, "slider node");
  if (!line.node.empty()) line.resolve(scene, "slider line_node");
}

std::vector<const Node*> SliderTerm::nodesRead() const {
  std::vector<const Node*> out;
  appendPathNodes(point.ref.path, out);
  if (line.resolved()) appendPathNodes(line.path, out);
  return out;
}

// PLD as a vector: the component of P − P1 orthogonal to the line.
template <class S>
void SliderTerm::residualsT(const ParamAccess<S>& params, S* out) const {
  Vec3<S> a, b;
  lineEnds(line, p1, p2, params, a, b);
  const Vec3<S> u = normalized(b - a);
  const Vec3<S> d = point.position(params) - a;
  const Vec3<S> r = d - u * dot(d, u);
  out[0] = r.x; out[1] = r.y; out[2] = r.z;
}
FLEXURE_INSTANTIATE_RESIDUALS(SliderTerm)

}  // namespace flexure
