#include "flexure/anim/interpolation.h"

#include <algorithm>
#include <cmath>

namespace flexure {

std::string_view interpolationName(Interpolation mode) {
  switch (mode) {
    case Interpolation::Step: return "step";
    case Interpolation::Linear: return "linear";
    case Interpolation::Bezier: return "bezier";
    case Interpolation::CatmullRom: return "catmull-rom";
  }
  return "linear";
}

std::optional<Interpolation> parseInterpolation(std::string_view name) {
  for (Interpolation m : {Interpolation::Step, Interpolation::Linear, Interpolation::Bezier, Interpolation::CatmullRom})
    if (interpolationName(m) == name) return m;
  return std::nullopt;
}

namespace {

// One coordinate of a cubic Bezier with control values p0..p3 at parameter s.
double cubicBezier(double p0, double p1, double p2, double p3, double s) {
  const double r = 1.0 - s;
  return r * r * r * p0 + 3.0 * r * r * s * p1 + 3.0 * r * s * s * p2 + s * s * s * p3;
}

}  // namespace

double bezierSegmentValue(double t0, double v0, BezierHandle out, double t1, double v1, BezierHandle in, double t) {
  const double span = t1 - t0;
  t = std::clamp(t, t0, t1);
  // Clamp the handles' time offsets into the segment: with both inner control times inside
  // [t0, t1] the time polynomial x(s) has a non-negative derivative, so x is monotonic.
  // The value offsets are scaled with the time offsets, so a clamped handle keeps its slope.
  auto clampHandle = [span](BezierHandle h, double lo, double hi) {
    const double dt = std::clamp(h.dt, lo, hi);
    if (h.dt != 0.0 && dt != h.dt) h.dv *= dt / h.dt;
    h.dt = dt;
    return h;
  };
  out = clampHandle(out, 0.0, span);
  in = clampHandle(in, -span, 0.0);
  const double x1 = t0 + out.dt, x2 = t1 + in.dt;
  // Solve x(s) = t by bisection on the monotonic x.
  double lo = 0.0, hi = 1.0;
  for (int i = 0; i < 60; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (cubicBezier(t0, x1, x2, t1, mid) < t)
      lo = mid;
    else
      hi = mid;
  }
  const double s = 0.5 * (lo + hi);
  return cubicBezier(v0, v0 + out.dv, v1 + in.dv, v1, s);
}

double hermiteSegmentValue(double t0, double v0, double m0, double t1, double v1, double m1, double t) {
  const double h = t1 - t0;
  const double s = (std::clamp(t, t0, t1) - t0) / h;
  const double s2 = s * s, s3 = s2 * s;
  const double h00 = 2.0 * s3 - 3.0 * s2 + 1.0, h10 = s3 - 2.0 * s2 + s;
  const double h01 = -2.0 * s3 + 3.0 * s2, h11 = s3 - s2;
  return h00 * v0 + h10 * h * m0 + h01 * v1 + h11 * h * m1;
}

double quatDot(const Quatd& a, const Quatd& b) { return a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z; }

Quatd slerp(const Quatd& a, const Quatd& bIn, double s) {
  Quatd b = bIn;
  double c = quatDot(a, b);
  if (c < 0.0) {  // q and -q are the same rotation: take the shorter arc
    b = {-b.w, -b.x, -b.y, -b.z};
    c = -c;
  }
  double wa, wb;
  if (c > 0.9995) {
    // Nearly parallel: sin(θ) ≈ 0, use normalized linear interpolation.
    wa = 1.0 - s;
    wb = s;
  } else {
    const double theta = std::acos(std::min(c, 1.0));
    const double sinTheta = std::sin(theta);
    wa = std::sin((1.0 - s) * theta) / sinTheta;
    wb = std::sin(s * theta) / sinTheta;
  }
  return normalized(Quatd{wa * a.w + wb * b.w, wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z});
}

}  // namespace flexure
