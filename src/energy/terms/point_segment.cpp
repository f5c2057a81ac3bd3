#include "flexure/energy/terms/point_segment.h"

#include "flexure/core/scene.h"
#include "flexure/energy/terms/slider.h"

namespace flexure {

std::string_view PointSegmentTerm::kind() const { return kKind; }

void PointSegmentTerm::visitFields(FieldVisitor& v) {
  point.visit(v, "node");
  v.field("line_node", line.node);
  v.field("p1", p1, FieldUse::Required);
  v.field("p2", p2, FieldUse::Required);
}

std::vector<std::string> PointSegmentTerm::referencedNodes() const {
  if (line.node.empty()) return {point.ref.node};
  return {point.ref.node, line.node};
}

void PointSegmentTerm::resolveReferences(const Scene& scene) {
  point.ref.resolve(scene, "point-segment node");
  if (!line.node.empty()) line.resolve(scene, "point-segment line_node");
}

std::vector<const Node*> PointSegmentTerm::nodesRead() const {
  std::vector<const Node*> out;
  appendPathNodes(point.ref.path, out);
  if (line.resolved()) appendPathNodes(line.path, out);
  return out;
}

template <class S>
void PointSegmentTerm::residualsT(const ParamAccess<S>& params, S* out) const {
  Vec3<S> a, b;
  lineEnds(line, p1, p2, params, a, b);
  const Vec3<S> e = b - a;
  const Vec3<S> p = point.position(params);
  const S t = clamp(dot(p - a, e) / dot(e, e), S(0.0), S(1.0));
  const Vec3<S> r = p - (a + e * t);
  out[0] = r.x; out[1] = r.y; out[2] = r.z;
}
FLEXURE_INSTANTIATE_RESIDUALS(PointSegmentTerm)

}  // namespace flexure
