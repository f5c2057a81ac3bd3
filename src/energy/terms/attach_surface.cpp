#include "flexure/energy/terms/attach_surface.h"

#include <cmath>

#include "flexure/core/scene.h"

namespace flexure {

std::string_view AttachSurfaceTerm::kind() const { return kKind; }

void AttachSurfaceTerm::visitFields(FieldVisitor& v) {
  v.field("node_a", a.node, FieldUse::Required);
  v.field("point_a", pointA, FieldUse::Required);
  v.field("node_b", b.node, FieldUse::Required);
  v.field("point_b", pointB, FieldUse::Required);
}

std::vector<std::string> AttachSurfaceTerm::referencedNodes() const { return {a.node, b.node}; }
void AttachSurfaceTerm::resolveReferences(const Scene& scene) {
  a.resolve(scene, "attach-surface node_a");
  b.resolve(scene, "attach-surface node_b");
}

std::vector<const Node*> AttachSurfaceTerm::nodesRead() const {
  std::vector<const Node*> out;
  appendPathNodes(a.path, out);
  appendPathNodes(b.path, out);
  return out;
}

template <class S>
void AttachSurfaceTerm::residualsT(const ParamAccess<S>& params, S* out) const {
  Vec3<S> pa, na, pb, nb;
  pathPositionNormal(a.path, params, pointA.patch, S(pointA.u), S(pointA.v), pa, na);
  pathPositionNormal(b.path, params, pointB.patch, S(pointB.u), S(pointB.v), pb, nb);
  const Vec3<S> d = pa - pb;
  const Vec3<S> n = (na + nb) * std::sqrt(0.5);  // |Na + Nb|²/2 = Na·Nb + 1 for unit normals
  out[0] = d.x; out[1] = d.y; out[2] = d.z;
  out[3] = n.x; out[4] = n.y; out[5] = n.z;
}
FLEXURE_INSTANTIATE_RESIDUALS(AttachSurfaceTerm)

}  // namespace flexure
