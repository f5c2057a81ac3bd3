// What snapping (flexure/core/snap.h) joins with energy terms (Witkin et al. 1987, section 3 and
// the pipefitting example of section 4): two pipe ends with attach-pipes, two faces with
// attach-surface (the points meet, the normals oppose), a pipe's end on a face with a floating
// contact (its end ring on the face's implicit surface, flush with it). The fallback rules,
// asked after the rigid module's joint between solids.
#include "energy_interaction.h"
#include "flexure/core/primitives/tube.h"
#include "flexure/core/snap.h"
#include "flexure/energy/terms/attach_pipes.h"
#include "flexure/energy/terms/attach_surface.h"
#include "flexure/energy/terms/float_attach.h"

namespace flexure {

namespace {

bool pipeEnd(const SnapFeature& f) { return f.kind == "pipe-end"; }
bool face(const SnapFeature& f) { return f.kind == "face" && f.surface.has_value(); }

std::unique_ptr<Constraint> attachPipes(const Scene&, const SnapFeature& moving, const SnapFeature& target) {
  auto term = std::make_unique<AttachPipesTerm>();
  term->a.node = moving.node;
  term->endA = moving.end;
  term->b.node = target.node;
  term->endB = target.end;
  return term;
}

std::unique_ptr<Constraint> attachFaces(const Scene&, const SnapFeature& moving, const SnapFeature& target) {
  auto term = std::make_unique<AttachSurfaceTerm>();
  term->a.node = moving.node;
  term->pointA = *moving.surface;
  term->b.node = target.node;
  term->pointB = *target.surface;
  return term;
}

// The pipe's end ring half way across its wall (tube.h: patch 2 at −x, 3 at +x, ρ = ri + t v):
// the point that lands on the face.
std::unique_ptr<Constraint> pipeOnFace(const Scene&, const SnapFeature& moving, const SnapFeature& target) {
  const SnapFeature& pipe = pipeEnd(moving) ? moving : target;
  const SnapFeature& onto = pipeEnd(moving) ? target : moving;
  auto term = std::make_unique<FloatAttachTerm>();
  term->a.node = pipe.node;
  term->pointA = {pipe.end > 0 ? TubePrimitive::kEndRingPlusX : TubePrimitive::kEndRingMinusX, 0.25, 0.5};
  term->b.node = onto.node;
  term->alignNormals = true;
  return term;
}

}  // namespace

void registerEnergySnapRules(SnapRegistry& registry) {
  registry.addRule({"attach-pipes", 100,
                    [](const Scene&, const SnapFeature& m, const SnapFeature& t) {
                      return pipeEnd(m) && pipeEnd(t) && m.node != t.node;
                    },
                    attachPipes, {}});
  registry.addRule({"attach-surface", 100,
                    [](const Scene&, const SnapFeature& m, const SnapFeature& t) {
                      return face(m) && face(t) && m.node != t.node;
                    },
                    attachFaces, {}});
  registry.addRule({"float-attach", 100,
                    [](const Scene&, const SnapFeature& m, const SnapFeature& t) {
                      return m.node != t.node && ((pipeEnd(m) && face(t)) || (face(m) && pipeEnd(t)));
                    },
                    pipeOnFace, {}});
}

}  // namespace flexure
