#include "flexure/energy/terms/attach_pipes.h"

#include <cmath>

#include "flexure/core/scene.h"

namespace flexure {

namespace {
// A pipe's slot value, or 0 when the primitive has no such slot.
template <class S>
S slotOrZero(const LeafRef& pipe, int local, const ParamAccess<S>& params) {
  return local < 0 ? S(0.0) : params.of(*pipe.leaf)[local];
}
}  // namespace

template <class S>
void pipeEnd(const LeafRef& pipe, int lengthSlot, int end, const ParamAccess<S>& params, Vec3<S>& point,
             Vec3<S>& outward) {
  // Before the operators: P = (±length/2, 0, 0), N = (±1, 0, 0) (section 4).
  const S half = slotOrZero(pipe, lengthSlot, params) * 0.5;
  const double s = end >= 0 ? 1.0 : -1.0;
  pathMapPointNormal(pipe.path, params, Vec3<S>(half * s, S(0.0), S(0.0)), Vec3<S>(S(s), S(0.0), S(0.0)), point,
                     outward);
}
template void pipeEnd<double>(const LeafRef&, int, int, const ParamAccess<double>&, Vec3d&, Vec3d&);
template void pipeEnd<Dual8>(const LeafRef&, int, int, const ParamAccess<Dual8>&, Vec3<Dual8>&, Vec3<Dual8>&);

std::string_view AttachPipesTerm::kind() const { return kKind; }

void AttachPipesTerm::visitFields(FieldVisitor& v) {
  v.field("pipe_a", a.node, FieldUse::Required);
  v.field("end_a", endA);
  v.field("pipe_b", b.node, FieldUse::Required);
  v.field("end_b", endB);
  if (v.isReading() && (std::abs(endA) != 1 || std::abs(endB) != 1)) throw FieldError::about(std::abs(endA) != 1 ? "end_a" : "end_b", "end_a and end_b must be +1 or -1");
}

std::vector<std::string> AttachPipesTerm::referencedNodes() const { return {a.node, b.node}; }
void AttachPipesTerm::resolveReferences(const Scene& scene) {
  a.resolve(scene, "attach-pipes pipe_a");
  b.resolve(scene, "attach-pipes pipe_b");
  if (a.localSlot("length") < 0 || a.localSlot("radius") < 0 || b.localSlot("length") < 0 || b.localSlot("radius") < 0)
    throw FieldError("attach-pipes: both pipes need \"length\" and \"radius\" parameters (a tube or a cylinder)");
  const char* slots[3] = {"length", "radius", "thickness"};
  for (int k = 0; k < 3; ++k) {
    slotsA_[k] = a.localSlot(slots[k]);
    slotsB_[k] = b.localSlot(slots[k]);
  }
}

std::vector<const Node*> AttachPipesTerm::nodesRead() const {
  std::vector<const Node*> out;
  appendPathNodes(a.path, out);
  appendPathNodes(b.path, out);
  return out;
}

template <class S>
void AttachPipesTerm::residualsT(const ParamAccess<S>& params, S* out) const {
  Vec3<S> p1, n1, p2, n2;
  pipeEnd(a, slotsA_[0], endA, params, p1, n1);
  pipeEnd(b, slotsB_[0], endB, params, p2, n2);
  const Vec3<S> d = p1 - p2;
  const Vec3<S> n = (n1 + n2) * std::sqrt(0.5);  // N1·N2 + 1 = |N1 + N2|²/2
  out[0] = d.x; out[1] = d.y; out[2] = d.z;
  out[3] = n.x; out[4] = n.y; out[5] = n.z;
  out[6] = slotOrZero(a, slotsA_[1], params) - slotOrZero(b, slotsB_[1], params);
  out[7] = slotOrZero(a, slotsA_[2], params) - slotOrZero(b, slotsB_[2], params);
}
FLEXURE_INSTANTIATE_RESIDUALS(AttachPipesTerm)

}  // namespace flexure
