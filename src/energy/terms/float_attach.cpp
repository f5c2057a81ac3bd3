#include "flexure/energy/terms/float_attach.h"

#include <cmath>

#include "flexure/core/scene.h"

namespace flexure {

template <class S>
void floatingContactResiduals(const LeafRef& a, const SurfacePoint& pa, const LeafRef& b, bool alignNormals,
                              const ParamAccess<S>& params, S* out) {
  Vec3<S> p, n;
  pathPositionNormal(a.path, params, pa.patch, S(pa.u), S(pa.v), p, n);
  out[0] = pathImplicit(b.path, params, p);
  if (!alignNormals) {
    out[1] = out[2] = out[3] = S(0.0);
    return;
  }
  // ∇I^b/|∇I^b| is the unit outward normal of b where I^b = 0.
  const Vec3<S> g = normalized(pathImplicitGradient(b.path, params, p));
  const Vec3<S> s = (n + g) * std::sqrt(0.5);
  out[1] = s.x; out[2] = s.y; out[3] = s.z;
}
template void floatingContactResiduals<double>(const LeafRef&, const SurfacePoint&, const LeafRef&, bool,
                                               const ParamAccess<double>&, double*);
template void floatingContactResiduals<Dual8>(const LeafRef&, const SurfacePoint&, const LeafRef&, bool,
                                              const ParamAccess<Dual8>&, Dual8*);

std::string_view FloatAttachTerm::kind() const { return kKind; }

void FloatAttachTerm::visitFields(FieldVisitor& v) {
  v.field("node_a", a.node, FieldUse::Required);
  v.field("point_a", pointA, FieldUse::Required);
  v.field("node_b", b.node, FieldUse::Required);
  v.field("align_normals", alignNormals);
}

std::vector<std::string> FloatAttachTerm::referencedNodes() const { return {a.node, b.node}; }
void FloatAttachTerm::resolveReferences(const Scene& scene) {
  a.resolve(scene, "float-attach node_a");
  b.resolve(scene, "float-attach node_b");
}

std::vector<const Node*> FloatAttachTerm::nodesRead() const {
  std::vector<const Node*> out;
  appendPathNodes(a.path, out);
  appendPathNodes(b.path, out);
  return out;
}

template <class S>
void FloatAttachTerm::residualsT(const ParamAccess<S>& params, S* out) const {
  floatingContactResiduals(a, pointA, b, alignNormals, params, out);
}
FLEXURE_INSTANTIATE_RESIDUALS(FloatAttachTerm)

}  // namespace flexure
