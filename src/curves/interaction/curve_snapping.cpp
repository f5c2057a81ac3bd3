// What snapping (flexure/core/snap.h) knows of MES curves: an open curve's two ends are features
// ("curve-end", facing outward along the tangent), and a curve's end brought onto any feature of
// another part — a pipe's end, a face's centre, another curve's end — is nailed there with a
// curve-thumbnail C(q) = r(u*) − p* = 0 (Chen & Wu, section 5.1: "nailing a particular point on
// the curve to a fixed point"), u* = 0 or 1 and p* the other feature's point in the curve's
// plane. The curve solver closes it by constraint dynamics (Eqs. 9–12) like a thumbnail typed in.
#include "curves_interaction.h"
#include "flexure/core/param_access.h"
#include "flexure/core/path.h"
#include "flexure/core/snap.h"
#include "flexure/curves/curve_constraints.h"
#include "flexure/curves/mes_curve.h"

namespace flexure {

namespace {

bool curveEnd(const SnapFeature& f) { return f.kind == "curve-end"; }

// An open curve's ends at u = 0 ("start", end −1) and u = 1 ("end", end +1), in the curve's own
// space (its plane placed), facing away from the curve along −r'(0) and r'(1). A closed curve has none.
std::vector<SnapFeature> curveEndFeatures(const Node& node, const ParamAccess<double>& values) {
  const auto& curve = static_cast<const MesCurve&>(node);
  if (curve.shape().closed) return {};
  const CurvePlane plane = curve.plane();
  std::vector<SnapFeature> out;
  for (const int end : {-1, 1}) {
    const CurveSample<double> s = sampleCurveNode(curve, values, end > 0 ? 1.0 : 0.0);
    const Vec3d outward = plane.directionToWorld(s.r1 * double(end));
    const double length = norm(outward);
    out.push_back({"curve-end", end > 0 ? "end" : "start", {}, end, std::nullopt, plane.toWorld(s.r),
                   length > 0.0 ? outward / length : Vec3d(0, 0, 0), {}, {}});
  }
  return out;
}

// The dragged curve's end when the dragged part is a curve; otherwise the other part's curve end.
std::unique_ptr<Constraint> nailCurveEnd(const Scene& scene, const SnapFeature& moving, const SnapFeature& target) {
  const SnapFeature& end = curveEnd(moving) ? moving : target;
  const SnapFeature& onto = curveEnd(moving) ? target : moving;
  const auto* curve = dynamic_cast<const MesCurve*>(scene.find(end.node));
  if (curve == nullptr) return nullptr;
  const ValueAccess values(scene.parameters().values());
  auto nail = std::make_unique<CurveThumbnail>();
  nail->curve = end.node;
  nail->u = end.end > 0 ? 1.0 : 0.0;
  nail->point = curve->plane().toPlane(pathToLeafSpace(scene.pathTo(*curve), values, onto.world));
  nail->point.z = 0.0;
  return nail;
}

// A curve already nailed at that end is not offered the snap again: a second hard r(u*) = p*
// at the same u* would contradict the first (JM⁻¹Jᵀ of Eq. 12 turns singular).
bool sameNail(const Constraint& existing, const Constraint& candidate) {
  const auto* a = dynamic_cast<const CurveThumbnail*>(&existing);
  const auto* b = dynamic_cast<const CurveThumbnail*>(&candidate);
  return a != nullptr && b != nullptr && a->curve == b->curve && a->u == b->u;
}

}  // namespace

void registerCurveSnapping(SnapRegistry& registry) {
  registry.addFeatures(std::string(MesCurve::kType), curveEndFeatures);
  // Ranked after the rigid joint between solids and before the energy module's terms (which
  // join no curve end): a curve end meets whatever it is brought onto.
  registry.addRule({"curve nail", 90,
                    [](const Scene&, const SnapFeature& m, const SnapFeature& t) {
                      return m.node != t.node && (curveEnd(m) || curveEnd(t));
                    },
                    nailCurveEnd, sameNail});
}

}  // namespace flexure
