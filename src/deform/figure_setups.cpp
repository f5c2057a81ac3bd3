#include "flexure/deform/figure_setups.h"

#include <stdexcept>

namespace flexure::deform {

void DeformerSetup::set(int metaball, std::string_view slot, double v) {
  values.emplace_back(std::to_string(metaball) + "." + std::string(slot), v);
}

std::vector<double> configure(MetaballDeformOperator& op, const DeformerSetup& setup) {
  op.setMetaballs(setup.metaballs);
  op.setBlendMode(setup.blend);
  const std::vector<ParamSpec> specs = op.parameterSpecs();
  std::vector<double> slots;
  for (const ParamSpec& s : specs) slots.push_back(s.defaultValue);
  for (const auto& [name, value] : setup.values) {
    std::size_t i = 0;
    while (i < specs.size() && specs[i].name != name) ++i;
    if (i == specs.size()) throw std::invalid_argument("no metaball slot '" + name + "'");
    slots[i] = value;
  }
  return slots;
}

DeformerSetup zLetterSetup(double halfSize) {
  // The Z spans [-0.6, 0.6]^2 of a [-1, 1]^2 grid: four points on the top stroke, four on the
  // bottom stroke and four inside the diagonal joining (0.6, 0.6) to (-0.6, -0.6).
  std::vector<Vec3d> centers;
  for (double x : {-0.6, -0.2, 0.2, 0.6}) centers.emplace_back(x, 0.6, 0.0);
  for (int k = 1; k <= 4; ++k) {
    const double t = 0.6 - 1.2 * k / 5.0;
    centers.emplace_back(t, t, 0.0);
  }
  for (double x : {-0.6, -0.2, 0.2, 0.6}) centers.emplace_back(x, -0.6, 0.0);
  DeformerSetup setup;
  for (std::size_t i = 0; i < centers.size(); ++i) {
    Metaball m;
    PointSkeleton p;
    p.center = centers[i] * halfSize;
    m.skeleton = p;
    setup.metaballs.push_back(m);
    setup.set(static_cast<int>(i), "dz", 0.25 * halfSize);
    setup.set(static_cast<int>(i), "radius", 0.28 * halfSize);  // < 0.288, the closest spacing: a disjoint set
  }
  return setup;
}

DeformerSetup singleSkeletonSetup(std::string_view type, double h) {
  Metaball m;
  m.skeleton = makeSkeleton(type);
  double radius = 0.25 * h;
  std::visit(
      [&](auto& s) {
        using K = std::decay_t<decltype(s)>;
        if constexpr (std::is_same_v<K, PointSkeleton>) s.center = {0, 0, 0};
        if constexpr (std::is_same_v<K, SegmentSkeleton>) { s.a = Vec3d(-0.6, -0.3, 0) * h; s.b = Vec3d(0.6, 0.3, 0) * h; }
        if constexpr (std::is_same_v<K, LineSkeleton>) { s.point = {0, 0, 0}; s.direction = {1, 0.5, 0}; }
        if constexpr (std::is_same_v<K, PolylineSkeleton>)
          s.points = {Vec3d(-0.7, -0.5, 0) * h, Vec3d(-0.2, 0.4, 0) * h, Vec3d(0.3, -0.4, 0) * h, Vec3d(0.7, 0.5, 0) * h};
        if constexpr (std::is_same_v<K, CircleSkeleton>) { s.center = {0, 0, 0}; s.normal = {0, 0, 1}; s.radius = 0.5 * h; }
        if constexpr (std::is_same_v<K, BezierSkeleton>)
          s.controlPoints = {Vec3d(-0.7, -0.5, 0) * h, Vec3d(-0.2, 0.9, 0) * h, Vec3d(0.2, -0.9, 0) * h, Vec3d(0.7, 0.5, 0) * h};
        if constexpr (std::is_same_v<K, DiskSkeleton>) { s.center = {0, 0, 0}; s.normal = {0, 0, 1}; s.radius = 0.4 * h; }
        if constexpr (std::is_same_v<K, PolygonSkeleton>)  // a concave "L"
          s.points = {Vec3d(-0.5, -0.5, 0) * h, Vec3d(0.5, -0.5, 0) * h, Vec3d(0.5, -0.15, 0) * h,
                      Vec3d(-0.15, -0.15, 0) * h, Vec3d(-0.15, 0.5, 0) * h, Vec3d(-0.5, 0.5, 0) * h};
        if constexpr (std::is_same_v<K, PlaneSkeleton>) { s.point = {0, 0, 0}; s.normal = {1, 0, 1}; }
        if constexpr (std::is_same_v<K, SphereSkeleton>) { s.center = {0, 0, 0}; s.radius = 0.4 * h; }
        if constexpr (std::is_same_v<K, CylinderSkeleton>) {
          s.base = Vec3d(0, 0, -0.2) * h; s.axis = {0, 0, 1}; s.radius = 0.3 * h; s.height = 0.4 * h;
        }
        if constexpr (std::is_same_v<K, SphereVolumeSkeleton>) { s.center = {0, 0, 0}; s.radius = 0.3 * h; }
        if constexpr (std::is_same_v<K, BoxSkeleton>) { s.center = {0, 0, 0}; s.halfExtents = Vec3d(0.3, 0.2, 0.1) * h; }
      },
      m.skeleton);
  DeformerSetup setup;
  setup.metaballs.push_back(m);
  setup.set(0, "dz", 0.25 * h);
  setup.set(0, "radius", radius);
  return setup;
}

std::vector<std::string> benchmarkSkeletonTypes() {
  return {"segment", "bezier", "disk", "polygon", "box", "point", "line", "polyline", "circle",
          "plane", "sphere", "cylinder", "sphere-volume"};
}

}  // namespace flexure::deform
