#include "flexure/energy/terms/telescope.h"

#include "flexure/core/scene.h"

namespace flexure {

std::string_view TelescopeTerm::kind() const { return kKind; }

void TelescopeTerm::visitFields(FieldVisitor& v) {
  v.field("node_a", a.node, FieldUse::Required);
  v.field("a1", a1, FieldUse::Required);
  v.field("a2", a2, FieldUse::Required);
  v.field("node_b", b.node, FieldUse::Required);
  v.field("b1", b1, FieldUse::Required);
  v.field("b2", b2, FieldUse::Required);
  v.field("min_overlap", minOverlap);
}

std::vector<std::string> TelescopeTerm::referencedNodes() const { return {a.node, b.node}; }
void TelescopeTerm::resolveReferences(const Scene& scene) {
  a.resolve(scene, "telescope node_a");
  b.resolve(scene, "telescope node_b");
}

std::vector<const Node*> TelescopeTerm::nodesRead() const {
  std::vector<const Node*> out;
  appendPathNodes(a.path, out);
  appendPathNodes(b.path, out);
  return out;
}

template <class S>
void TelescopeTerm::residualsT(const ParamAccess<S>& params, S* out) const {
  const Vec3<S> A1 = pathMapPoint(a.path, params, Vec3<S>::from(a1));
  const Vec3<S> A2 = pathMapPoint(a.path, params, Vec3<S>::from(a2));
  const Vec3<S> B1 = pathMapPoint(b.path, params, Vec3<S>::from(b1));
  const Vec3<S> B2 = pathMapPoint(b.path, params, Vec3<S>::from(b2));
  const Vec3<S> e = A2 - A1;
  const S len2 = dot(e, e);
  const Vec3<S> u = e / sqrt(len2);
  // Colinearity: both ends of B on the line of A (PLD vectors).
  const Vec3<S> d1 = B1 - A1, d2 = B2 - A1;
  const Vec3<S> r1 = d1 - u * dot(d1, u), r2 = d2 - u * dot(d2, u);
  out[0] = r1.x; out[1] = r1.y; out[2] = r1.z;
  out[3] = r2.x; out[4] = r2.y; out[5] = r2.z;
  // Overlap of the parameter intervals [0, 1] (A) and [t1, t2] (B), in length units.
  const S t1 = dot(d1, e) / len2, t2 = dot(d2, e) / len2;
  const S overlap = (min(S(1.0), max(t1, t2)) - max(S(0.0), min(t1, t2))) * sqrt(len2);
  out[6] = max(S(0.0), S(minOverlap) - overlap);
}
FLEXURE_INSTANTIATE_RESIDUALS(TelescopeTerm)

}  // namespace flexure
