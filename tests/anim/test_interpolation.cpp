#include <catch2/catch.hpp>
#include <cmath>

#include "keyframe_test_support.h"
#include "flexure/anim/interpolation.h"
#include "flexure/anim/track.h"

using namespace flexure;
using flexure::test::key;

namespace {
Track scalarTrack(std::vector<Keyframe> keys) {
  Track tr;
  tr.target = "n.a";
  for (const Keyframe& k : keys) tr.setKey(k);
  return tr;
}
double qnorm(const Quatd& q) { return std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z); }
}  // namespace

TEST_CASE("empty and single-key tracks are constant", "[interpolation]") {
  Track empty;
  CHECK(empty.valueAt(3.0) == 0.0);
  const Track one = scalarTrack({key(1.0, 7.5, Interpolation::Bezier)});
  CHECK(one.valueAt(-10.0) == 7.5);
  CHECK(one.valueAt(1.0) == 7.5);
  CHECK(one.valueAt(10.0) == 7.5);
}

TEST_CASE("step holds the left key until the next key", "[interpolation]") {
  const Track tr = scalarTrack({key(0.0, 1.0, Interpolation::Step), key(1.0, 3.0, Interpolation::Step)});
  CHECK(tr.valueAt(0.0) == 1.0);
  CHECK(tr.valueAt(0.999) == 1.0);
  CHECK(tr.valueAt(1.0) == 3.0);
  CHECK(tr.valueAt(5.0) == 3.0);
}

TEST_CASE("linear interpolates and holds the end values outside the keys", "[interpolation]") {
  const Track tr = scalarTrack({key(1.0, 2.0), key(3.0, 6.0), key(4.0, 0.0)});
  CHECK(tr.valueAt(0.0) == 2.0);
  CHECK(tr.valueAt(2.0) == Approx(4.0));
  CHECK(tr.valueAt(3.0) == 6.0);
  CHECK(tr.valueAt(3.5) == Approx(3.0));
  CHECK(tr.valueAt(9.0) == 0.0);
}

TEST_CASE("keys inserted out of order are sorted and replace keys at the same time", "[interpolation]") {
  Track tr = scalarTrack({key(2.0, 4.0), key(0.0, 0.0)});
  CHECK(tr.valueAt(1.0) == Approx(2.0));
  tr.setKey(key(2.0, 8.0));
  REQUIRE(tr.keys.size() == 2);
  CHECK(tr.valueAt(1.0) == Approx(4.0));
  CHECK(tr.removeKeyAt(2.0));
  CHECK_FALSE(tr.removeKeyAt(2.0));
  CHECK(tr.valueAt(1.0) == 0.0);
}

TEST_CASE("Catmull-Rom passes through keys with chord slopes", "[interpolation]") {
  // Keys on the line v = 2t: Catmull-Rom slopes are exactly 2, so the curve is the line.
  const Track line = scalarTrack({key(0.0, 0.0, Interpolation::CatmullRom), key(1.0, 2.0, Interpolation::CatmullRom),
                                  key(3.0, 6.0, Interpolation::CatmullRom), key(4.0, 8.0, Interpolation::CatmullRom)});
  for (double t : {0.25, 0.5, 1.7, 2.9, 3.5}) CHECK(line.valueAt(t) == Approx(2.0 * t).margin(1e-12));
  // A peak: passes through the key and is smooth (value continuous, symmetric around the peak).
  const Track peak = scalarTrack({key(0.0, 0.0, Interpolation::CatmullRom), key(1.0, 1.0, Interpolation::CatmullRom),
                                  key(2.0, 0.0, Interpolation::CatmullRom)});
  CHECK(peak.valueAt(1.0) == 1.0);
  CHECK(peak.valueAt(0.5) == Approx(peak.valueAt(1.5)));
  // Catmull-Rom slope at the peak is 0 here; at the ends one-sided slopes of 1 and -1.
  CHECK(peak.valueAt(0.5) == Approx(hermiteSegmentValue(0, 0, 1, 1, 1, 0, 0.5)));
}

TEST_CASE("Bezier with explicit handles follows the control polygon", "[interpolation]") {
  // Handles on the chord: a straight line (linear in time since the handles are at thirds).
  Track straight = scalarTrack({key(0.0, 0.0, Interpolation::Bezier), key(3.0, 3.0, Interpolation::Bezier)});
  straight.keys[0].out = BezierHandle{1.0, 1.0};
  straight.keys[1].in = BezierHandle{-1.0, -1.0};
  for (double t : {0.3, 1.5, 2.7}) CHECK(straight.valueAt(t) == Approx(t).margin(1e-12));
  // Flat handles: ease in/out, the midpoint is halfway, the first quarter moves slowly.
  Track ease = straight;
  ease.keys[0].out = BezierHandle{1.0, 0.0};
  ease.keys[1].in = BezierHandle{-1.0, 0.0};
  CHECK(ease.valueAt(1.5) == Approx(1.5).margin(1e-12));
  CHECK(ease.valueAt(0.3) < 0.3);
  CHECK(ease.valueAt(2.7) > 2.7);
}

TEST_CASE("Bezier handles longer than the segment are clamped in time, keeping their slope", "[interpolation]") {
  // A handle reaching past the next key would make time run backwards; clamping keeps the
  // curve a function of time: values stay finite, monotone here, and inside the key range.
  const BezierHandle longOut{10.0, 10.0}, longIn{-10.0, -10.0};
  double prev = -1.0;
  for (int i = 0; i <= 100; ++i) {
    const double t = i / 100.0;
    const double v = bezierSegmentValue(0.0, 0.0, longOut, 1.0, 1.0, longIn, t);
    CHECK(v >= prev - 1e-12);
    CHECK(v >= -1e-12);
    CHECK(v <= 1.0 + 1e-12);
    prev = v;
  }
  // Same slope as a handle of the right length: identical to handles (1, 1) and (-1, -1).
  CHECK(bezierSegmentValue(0, 0, longOut, 1, 1, longIn, 0.3) ==
        Approx(bezierSegmentValue(0, 0, {1.0, 1.0}, 1, 1, {-1.0, -1.0}, 0.3)));
  // Boundaries hit the keys exactly.
  CHECK(bezierSegmentValue(0, 2, longOut, 1, 5, longIn, 0.0) == Approx(2.0));
  CHECK(bezierSegmentValue(0, 2, longOut, 1, 5, longIn, 1.0) == Approx(5.0));
}

TEST_CASE("automatic Bezier handles do not overshoot at an extremum", "[interpolation]") {
  const Track tr = scalarTrack({key(0.0, 0.0, Interpolation::Bezier), key(1.0, 1.0, Interpolation::Bezier),
                                key(2.0, 0.0, Interpolation::Bezier)});
  for (int i = 0; i <= 200; ++i) {
    const double v = tr.valueAt(i / 100.0);
    CHECK(v <= 1.0 + 1e-12);
    CHECK(v >= -1e-12);
  }
  CHECK(tr.valueAt(1.0) == 1.0);
}

TEST_CASE("slerp keeps unit length and takes the shortest arc", "[interpolation]") {
  const Quatd a = Quatd::fromAxisAngle(Vec3d{0, 0, 1}, 0.2);
  const Quatd b = Quatd::fromAxisAngle(Vec3d{0, 0, 1}, 1.4);
  for (double s : {0.0, 0.25, 0.5, 0.75, 1.0}) {
    const Quatd q = slerp(a, b, s);
    CHECK(qnorm(q) == Approx(1.0).margin(1e-14));
    // Rotation about z by 0.2 + 1.2 s: constant angular speed.
    CHECK(2.0 * std::atan2(q.z, q.w) == Approx(0.2 + 1.2 * s).margin(1e-12));
  }
  // -b is the same rotation: slerp must go the short way (angle 1.2), not the long way.
  const Quatd negB{-b.w, -b.x, -b.y, -b.z};
  const Quatd mid = slerp(a, negB, 0.5);
  const double angle = 2.0 * std::atan2(mid.z, mid.w);
  CHECK(std::remainder(angle - 0.8, 2.0 * M_PI) == Approx(0.0).margin(1e-12));
}

TEST_CASE("quaternion tracks slerp between keys, hold at the ends and step on request", "[interpolation]") {
  Track tr;
  tr.kind = TrackKind::Quaternion;
  Keyframe k0, k1, k2;
  k0.time = 0.0;
  k0.rotation = Quatd::fromAxisAngle(Vec3d{1, 0, 0}, 0.0);
  k1.time = 1.0;
  k1.rotation = Quatd::fromAxisAngle(Vec3d{1, 0, 0}, 2.0);
  // Third key written with the opposite sign: still continuous (no jump of Ψ at key 1).
  const Quatd q2 = Quatd::fromAxisAngle(Vec3d{1, 0, 0}, 3.0);
  k2.time = 2.0;
  k2.rotation = {-q2.w, -q2.x, -q2.y, -q2.z};
  k2.interpolation = Interpolation::Step;
  tr.setKey(k0);
  tr.setKey(k1);
  tr.setKey(k2);
  CHECK(2.0 * std::atan2(tr.rotationAt(0.5).x, tr.rotationAt(0.5).w) == Approx(1.0));
  const Quatd before = tr.rotationAt(1.0 - 1e-9), after = tr.rotationAt(1.0 + 1e-9);
  CHECK(quatDot(before, after) == Approx(1.0).margin(1e-8));
  CHECK(2.0 * std::atan2(tr.rotationAt(1.5).x, tr.rotationAt(1.5).w) == Approx(2.5));
  CHECK(qnorm(tr.rotationAt(1.3)) == Approx(1.0).margin(1e-14));
  CHECK(std::abs(quatDot(tr.rotationAt(7.0), q2)) == Approx(1.0));
  tr.keys[0].interpolation = Interpolation::Step;
  CHECK(tr.rotationAt(0.9).w == Approx(1.0));
}
