#include "flexure/deform/deformation_animation.h"

#include <cmath>
#include <stdexcept>

namespace flexure::deform {

namespace {
// The bracketing keys of t and the fraction between them.
void bracket(const std::vector<double>& times, double t, std::size_t& k, double& s) {
  if (times.empty()) throw std::invalid_argument("animation: no keys");
  for (std::size_t i = 1; i < times.size(); ++i)
    if (!(times[i] > times[i - 1])) throw std::invalid_argument("animation: key times must increase");
  if (times.size() == 1 || t <= times.front()) { k = 0; s = 0.0; return; }
  if (t >= times.back()) { k = times.size() - 2; s = 1.0; return; }
  k = 0;
  while (times[k + 1] < t) ++k;
  s = (t - times[k]) / (times[k + 1] - times[k]);
}
}  // namespace

void blendPositions(std::span<const Vec3d> a, std::span<const Vec3d> b, double s, std::span<Vec3d> out) {
  if (a.size() != b.size() || out.size() != a.size()) throw std::invalid_argument("blendPositions: sizes differ");
  for (std::size_t i = 0; i < a.size(); ++i) out[i] = a[i] * (1.0 - s) + b[i] * s;
}

TriangleMesh blendKeyMeshes(const std::vector<TriangleMesh>& keys, const std::vector<double>& times, double t) {
  if (keys.size() != times.size()) throw std::invalid_argument("blendKeyMeshes: one time per key");
  for (const TriangleMesh& k : keys)
    if (k.positions.size() != keys.front().positions.size() || k.triangles != keys.front().triangles)
      throw std::invalid_argument("blendKeyMeshes: key meshes must share vertices and topology");
  std::size_t k = 0;
  double s = 0.0;
  bracket(times, t, k, s);
  if (keys.size() == 1) return keys.front();
  const TriangleMesh& a = keys[k];
  const TriangleMesh& b = keys[k + 1];
  TriangleMesh out = a;
  blendPositions(a.positions, b.positions, s, out.positions);
  if (a.normals.size() == a.positions.size() && b.normals.size() == b.positions.size())
    for (std::size_t i = 0; i < out.normals.size(); ++i) {
      const Vec3d n = a.normals[i] * (1.0 - s) + b.normals[i] * s;
      const double l = norm(n);
      out.normals[i] = l > 0.0 ? n / l : a.normals[i];
    }
  return out;
}


Quatd slerp(const Quatd& a, const Quatd& bIn, double s) {
  Quatd b = bIn;
  double c = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
  if (c < 0.0) {  // q and -q are the same rotation: take the shorter arc
    b = {-b.w, -b.x, -b.y, -b.z};
    c = -c;
  }
  double wa = 1.0 - s, wb = s;
  if (c < 0.9999999) {
    const double theta = std::acos(c), sinTheta = std::sin(theta);
    wa = std::sin((1.0 - s) * theta) / sinTheta;
    wb = std::sin(s * theta) / sinTheta;
  }
  return normalized(Quatd(wa * a.w + wb * b.w, wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z));
}

void toAxisAngle(const Quatd& qIn, Vec3d& axis, double& angle) {
  Quatd q = normalized(qIn);
  if (q.w < 0.0) q = {-q.w, -q.x, -q.y, -q.z};
  const double s = std::sqrt(q.x * q.x + q.y * q.y + q.z * q.z);
  if (s < 1e-15) {
    axis = {0, 0, 1};
    angle = 0.0;
    return;
  }
  axis = Vec3d(q.x, q.y, q.z) / s;
  angle = 2.0 * std::atan2(s, q.w);
}

std::vector<double> interpolateMetaballSlots(const MetaballDeformOperator& op, std::span<const double> a,
                                             std::span<const double> b, double s) {
  if (a.size() != b.size()) throw std::invalid_argument("interpolateMetaballSlots: keys of different layouts");
  std::vector<double> out(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) out[i] = a[i] * (1.0 - s) + b[i] * s;
  for (std::size_t m = 0; m < op.metaballs().size(); ++m) {
    const std::size_t o = static_cast<std::size_t>(op.slotOffset(static_cast<int>(m)));
    const Vec3d axisA(a[o + kSlotAxisX], a[o + kSlotAxisY], a[o + kSlotAxisZ]);
    const Vec3d axisB(b[o + kSlotAxisX], b[o + kSlotAxisY], b[o + kSlotAxisZ]);
    const double angleA = a[o + kSlotAngle], angleB = b[o + kSlotAngle];
    const double la = norm(axisA), lb = norm(axisB);
    if (!(la > 0.0) || !(lb > 0.0)) continue;
    const Vec3d ua = axisA / la, ub = axisB / lb;
    Vec3d axis;
    double angle;
    if (norm(cross(ua, ub)) < 1e-12 && dot(ua, ub) > 0.0) {
      axis = ua;  // same axis: the angle itself interpolates (slerp of a one-axis rotation)
      angle = angleA * (1.0 - s) + angleB * s;
    } else if (angleA == 0.0 || angleB == 0.0) {
      // From or to no rotation: slerp from the identity turns about the other key's axis.
      axis = angleA == 0.0 ? ub : ua;
      angle = angleA * (1.0 - s) + angleB * s;
    } else {
      toAxisAngle(slerp(Quatd::fromAxisAngle(ua, angleA), Quatd::fromAxisAngle(ub, angleB), s), axis, angle);
    }
    out[o + kSlotAxisX] = axis.x;
    out[o + kSlotAxisY] = axis.y;
    out[o + kSlotAxisZ] = axis.z;
    out[o + kSlotAngle] = angle;
  }
  return out;
}

std::vector<double> interpolateMetaballKeys(const MetaballDeformOperator& op, const std::vector<std::vector<double>>& keys,
                                            const std::vector<double>& times, double t) {
  if (keys.size() != times.size()) throw std::invalid_argument("interpolateMetaballKeys: one time per key");
  std::size_t k = 0;
  double s = 0.0;
  bracket(times, t, k, s);
  if (keys.size() == 1) return keys.front();
  return interpolateMetaballSlots(op, keys[k], keys[k + 1], s);
}

}  // namespace flexure::deform
