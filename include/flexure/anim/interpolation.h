#pragma once
// Pure interpolation functions behind keyframe tracks (track.h): cubic Bezier segments in the
// (time, value) plane as animation tools draw them, cubic Hermite segments for Catmull-Rom
// tangents, and quaternion slerp. Parametric keyframing of any model parameter is how Jin et al.
// 2000 (section 6) animate deformations: "interpolate the corresponding parameters of the
// keyframe constraints".
#include <optional>
#include <string_view>

#include "flexure/core/vec.h"

namespace flexure {

// How the segment that starts at a key runs to the next key.
enum class Interpolation { Step, Linear, Bezier, CatmullRom };

std::string_view interpolationName(Interpolation mode);  // "step", "linear", "bezier", "catmull-rom"
std::optional<Interpolation> parseInterpolation(std::string_view name);

// A Bezier handle as an offset from its key: dt in seconds, dv in the parameter's units.
struct BezierHandle {
  double dt = 0.0;
  double dv = 0.0;
  bool operator==(const BezierHandle&) const = default;
};

// Value at time t of the cubic Bezier from (t0, v0) to (t1, v1) whose inner control points are
// (t0 + out.dt, v0 + out.dv) and (t1 + in.dt, v1 + in.dv). The handles' time offsets are clamped
// into the segment (out.dt into [0, t1-t0], in.dt into [t0-t1, 0]), which keeps the curve's time
// coordinate monotonic in the Bezier parameter: time never runs backwards and every t has exactly
// one value. The Bezier parameter of t is found by bisection (deterministic, 60 halvings).
// Requires t0 < t1; t is clamped into [t0, t1].
double bezierSegmentValue(double t0, double v0, BezierHandle out, double t1, double v1, BezierHandle in, double t);

// Cubic Hermite segment from (t0, v0) with slope m0 to (t1, v1) with slope m1 (slopes in value
// per second). Requires t0 < t1; t is clamped into [t0, t1].
double hermiteSegmentValue(double t0, double v0, double m0, double t1, double v1, double m1, double t);

// Spherical linear interpolation along the shortest arc (b is negated when a·b < 0). The result
// has unit length for unit inputs; s in [0, 1].
Quatd slerp(const Quatd& a, const Quatd& b, double s);
double quatDot(const Quatd& a, const Quatd& b);

}  // namespace flexure
