#include "flexure/anim/track.h"

#include <algorithm>
#include <cmath>

namespace flexure {

namespace {
constexpr double kSameTime = 1e-9;
}

bool Keyframe::operator==(const Keyframe& o) const {
  return time == o.time && value == o.value && rotation.w == o.rotation.w && rotation.x == o.rotation.x &&
         rotation.y == o.rotation.y && rotation.z == o.rotation.z && interpolation == o.interpolation && in == o.in &&
         out == o.out;
}

void Track::sortKeys() {
  std::stable_sort(keys.begin(), keys.end(), [](const Keyframe& a, const Keyframe& b) { return a.time < b.time; });
}

int Track::keyIndexAt(double time) const {
  for (std::size_t i = 0; i < keys.size(); ++i)
    if (std::abs(keys[i].time - time) <= kSameTime) return static_cast<int>(i);
  return -1;
}

int Track::setKey(const Keyframe& key) {
  if (int i = keyIndexAt(key.time); i >= 0) {
    keys[static_cast<std::size_t>(i)] = key;
    return i;
  }
  auto it = std::upper_bound(keys.begin(), keys.end(), key.time,
                             [](double t, const Keyframe& k) { return t < k.time; });
  return static_cast<int>(keys.insert(it, key) - keys.begin());
}

bool Track::removeKeyAt(double time) {
  const int i = keyIndexAt(time);
  if (i < 0) return false;
  keys.erase(keys.begin() + i);
  return true;
}

bool Track::usesNeighbourSlopes() const {
  for (const Keyframe& k : keys) {
    if (k.interpolation == Interpolation::CatmullRom) return true;
    if (k.interpolation == Interpolation::Bezier && (!k.in || !k.out)) return true;
  }
  return false;
}

double Track::slopeAt(std::size_t i, bool clampExtrema) const {
  const std::size_t n = keys.size();
  if (n < 2) return 0.0;
  // Catmull-Rom slope on a non-uniform time grid: the chord through both neighbours; one-sided
  // at the ends.
  const std::size_t a = i == 0 ? 0 : i - 1;
  const std::size_t b = i + 1 >= n ? n - 1 : i + 1;
  if (clampExtrema && i > 0 && i + 1 < n) {
    const double dl = keys[i].value - keys[a].value, dr = keys[b].value - keys[i].value;
    if (dl * dr <= 0.0) return 0.0;  // local extremum or plateau: flat, no overshoot
  }
  return (keys[b].value - keys[a].value) / (keys[b].time - keys[a].time);
}

double Track::valueAt(double t) const {
  if (keys.empty()) return 0.0;
  if (t <= keys.front().time) return keys.front().value;
  if (t >= keys.back().time) return keys.back().value;
  // Segment i: keys[i].time <= t < keys[i+1].time.
  const auto it = std::upper_bound(keys.begin(), keys.end(), t, [](double x, const Keyframe& k) { return x < k.time; });
  const std::size_t i = static_cast<std::size_t>(it - keys.begin()) - 1;
  const Keyframe& k0 = keys[i];
  const Keyframe& k1 = keys[i + 1];
  const double span = k1.time - k0.time;
  switch (k0.interpolation) {
    case Interpolation::Step: return k0.value;
    case Interpolation::Linear: return k0.value + (k1.value - k0.value) * (t - k0.time) / span;
    case Interpolation::CatmullRom:
      return hermiteSegmentValue(k0.time, k0.value, slopeAt(i, false), k1.time, k1.value, slopeAt(i + 1, false), t);
    case Interpolation::Bezier: {
      const BezierHandle out = k0.out ? *k0.out : BezierHandle{span / 3.0, slopeAt(i, true) * span / 3.0};
      const BezierHandle in = k1.in ? *k1.in : BezierHandle{-span / 3.0, -slopeAt(i + 1, true) * span / 3.0};
      return bezierSegmentValue(k0.time, k0.value, out, k1.time, k1.value, in, t);
    }
  }
  return k0.value;
}

Quatd Track::rotationAt(double t) const {
  if (keys.empty()) return {};
  // Align the keys' signs cumulatively (q and -q are the same rotation) so consecutive keys lie
  // in the same hemisphere: slerp then takes the shortest arc and the values written to Ψ are
  // continuous across keys.
  Quatd prev = normalized(keys.front().rotation);
  if (t <= keys.front().time) return prev;
  for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
    Quatd next = normalized(keys[i + 1].rotation);
    if (quatDot(prev, next) < 0.0) next = {-next.w, -next.x, -next.y, -next.z};
    if (t < keys[i + 1].time) {
      if (keys[i].interpolation == Interpolation::Step) return prev;
      return slerp(prev, next, (t - keys[i].time) / (keys[i + 1].time - keys[i].time));
    }
    prev = next;
  }
  return prev;
}

double firstChangedTime(const Track& before, const Track& after) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  if (before.target != after.target || before.kind != after.kind || before.channels != after.channels) return -kInf;
  const std::size_t common = std::min(before.keys.size(), after.keys.size());
  std::size_t j = 0;
  while (j < common && before.keys[j] == after.keys[j]) ++j;
  if (j == before.keys.size() && j == after.keys.size()) return kInf;
  // Keys [0, j) are identical. A segment depends on its two keys, plus their outer neighbours
  // when slopes come from neighbours, so the curve is unchanged up to key j - reach.
  const std::size_t reach = (before.usesNeighbourSlopes() || after.usesNeighbourSlopes()) ? 2 : 1;
  if (j < reach) return -kInf;
  return before.keys[j - reach].time;
}

}  // namespace flexure
