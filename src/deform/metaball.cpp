#include "flexure/deform/metaball.h"

#include <cmath>
#include <limits>
#include <string>

namespace flexure::deform {

std::string_view metricName(Metric m) {
  switch (m) {
    case Metric::L1: return "l1";
    case Metric::LInf: return "linf";
    case Metric::Interpolated: return "interpolated";
    case Metric::L2: break;
  }
  return "l2";
}

Metric metricFromName(std::string_view name) {
  if (name == "l2") return Metric::L2;
  if (name == "l1") return Metric::L1;
  if (name == "linf") return Metric::LInf;
  if (name == "interpolated") return Metric::Interpolated;
  throw FieldError("unknown metric '" + std::string(name) + "' (known: l2, l1, linf, interpolated)");
}

std::string_view potentialName(PotentialKind k) { return k == PotentialKind::Bezier ? "bezier" : "wyvill"; }

PotentialKind potentialFromName(std::string_view name) {
  if (name == "wyvill") return PotentialKind::Wyvill;
  if (name == "bezier") return PotentialKind::Bezier;
  throw FieldError("unknown potential '" + std::string(name) + "' (known: wyvill, bezier)");
}

void Metaball::visitFields(FieldVisitor& v) {
  // The skeleton type comes first: reading it decides which geometry fields follow.
  std::string type(skeletonType(skeleton));
  v.field("skeleton", type, FieldUse::Required);
  if (v.isReading() && type != skeletonType(skeleton)) skeleton = makeSkeleton(type);
  visitSkeletonFields(skeleton, v);
  std::string metricText(metricName(metric));
  v.field("metric", metricText);
  std::string potentialText(potentialName(potential));
  v.field("potential", potentialText);
  v.field("bezier_degree", bezierDegree, IntRange{1, kMaxPotentialDegree});
  v.field("has_pivot", hasPivot);
  v.field("pivot", pivotPoint);
  v.field("frame_axis", frameAxis);
  v.field("frame_angle", frameAngle);
  if (v.isReading()) {
    metric = metricFromName(metricText);
    potential = potentialFromName(potentialText);
  }
}

void Metaball::prepare() {
  if (bezierDegree < 1 || bezierDegree > kMaxPotentialDegree)
    throw FieldError("bezier_degree must be between 1 and " + std::to_string(kMaxPotentialDegree));
  prepareSkeleton(skeleton);
  const double pi = 3.14159265358979323846;
  frame_ = toMatrix(Quatd::fromAxisAngle(unitOrThrow(frameAxis, "metaball frame_axis"), frameAngle * pi / 180.0));
  frameT_ = transpose(frame_);
}

Bounds3 Metaball::influenceBox(const double* s) const {
  const Vec3d reach = Metaball::reach(s);
  // |d_local,j| < R r_j inside the metaball, so along world axis k |d_k| < sum_j |F_kj| R r_j.
  Vec3d worldReach = reach;
  if (hasFrame())
    for (int k = 0; k < 3; ++k)
      worldReach[k] = std::fabs(frame_.m[k][0]) * reach.x + std::fabs(frame_.m[k][1]) * reach.y + std::fabs(frame_.m[k][2]) * reach.z;
  Bounds3 box = skeletonBounds(skeleton);
  box.lo = box.lo - worldReach;
  box.hi = box.hi + worldReach;
  return box;
}

void Metaball::appendParameterSpecs(int index, std::vector<ParamSpec>& out) const {
  const std::string p = std::to_string(index) + ".";
  const double inf = std::numeric_limits<double>::infinity();
  out.push_back({p + "dx", 0.0});
  out.push_back({p + "dy", 0.0});
  out.push_back({p + "dz", 0.0});
  out.push_back({p + "radius", 1.0, 1e-9, inf});
  out.push_back({p + "inner", 0.0, 0.0, inf});
  out.push_back({p + "angle", 0.0});
  out.push_back({p + "ax", 0.0});
  out.push_back({p + "ay", 0.0});
  out.push_back({p + "az", 1.0});
  out.push_back({p + "sx", 1.0});
  out.push_back({p + "sy", 1.0});
  out.push_back({p + "sz", 1.0});
  out.push_back({p + "rx", 1.0, 1e-9, inf});
  out.push_back({p + "ry", 1.0, 1e-9, inf});
  out.push_back({p + "rz", 1.0, 1e-9, inf});
  out.push_back({p + "u", 0.0, 0.0, 1.0});
  for (int j = 1; j <= controlCount(); ++j) out.push_back({p + "g" + std::to_string(j), defaultBezierControl(j, bezierDegree)});
}

}  // namespace flexure::deform
