#pragma once
// A keyframe track: the keyed values of one animated target over time.
//
// Targets (resolved against a scene by track_binding.h):
//   "<node>.<slot>"                  one entry of Ψ, e.g. "shaft.angle"
//   "constraint:<name>.<field>"      a constraint's weight, enabled flag or numeric field
//                                    ("constraint:grip.weight", "constraint:hold.target.x")
// Quaternion tracks key four Ψ slots (w, x, y, z) as one group and interpolate them by slerp;
// the group is detected from the target slot's name (qw/qx/qy/qz, q.w/q.x/..., any stem
// followed by w, x, y, z) or given explicitly in `channels`.
//
// Times are in seconds (frame k of the timeline is at k / fps), the unit of constraint active
// intervals and of FamilySolver::advance. Before the first key the track holds the first key's
// value, after the last key the last key's value.
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "flexure/anim/interpolation.h"
#include "flexure/core/vec.h"

namespace flexure {

enum class TrackKind { Scalar, Quaternion };

struct Keyframe {
  double time = 0.0;
  double value = 0.0;  // scalar tracks
  Quatd rotation;      // quaternion tracks (w, x, y, z)
  // Interpolation of the segment from this key to the next one.
  Interpolation interpolation = Interpolation::Linear;
  // Bezier handles (offsets from the key). Absent: automatic handles, one third of the
  // segment long, with the Catmull-Rom slope, flattened at local extrema so that the curve
  // does not overshoot the keyed values ("auto clamped" in animation tools).
  std::optional<BezierHandle> in, out;

  bool operator==(const Keyframe& o) const;
};

class Track {
 public:
  std::string target;
  TrackKind kind = TrackKind::Scalar;
  // Quaternion tracks: qualified names of the w, x, y, z slots; empty = detect from target.
  std::vector<std::string> channels;
  std::vector<Keyframe> keys;  // sorted by time, distinct times

  // Inserts a key, replacing one at the same time (within 1e-9 s). Returns its index.
  int setKey(const Keyframe& key);
  // Removes the key at `time` (within 1e-9 s); false when there is none.
  bool removeKeyAt(double time);
  void sortKeys();
  // Index of the key at `time` (within 1e-9 s), or -1.
  int keyIndexAt(double time) const;

  double valueAt(double t) const;   // scalar tracks; 0 when there are no keys
  Quatd rotationAt(double t) const; // quaternion tracks; unit length; identity when no keys

  // True when a segment's shape depends on keys two positions away (Catmull-Rom tangents or
  // automatic Bezier handles use both neighbours of a key).
  bool usesNeighbourSlopes() const;
  // The automatic Bezier/Catmull-Rom slope at key i (value per second).
  double slopeAt(std::size_t i, bool clampExtrema) const;
};

// The earliest time after which the two versions of a track may give different values:
// -infinity when they differ from the very beginning (the first key changed, so the constant
// value held before it changed), +infinity when they are the same curve. A key edit changes the
// curve between the neighbouring keys of the edited key (two keys away for Catmull-Rom and
// automatic handles), so the curve up to the key before that is untouched.
double firstChangedTime(const Track& before, const Track& after);

}  // namespace flexure
