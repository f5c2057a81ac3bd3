#pragma once
// Which cached frames an edit invalidates. Frame k is solved from frame k-1's state and the
// keys at t_k = k / fps, so once one frame changes every later frame changes too: each edit maps
// to a first invalid frame, and the cache drops that frame and every later one.
//
//   key edit (add, move, delete, change value, interpolation or handles)
//       the curve changes only after the key before the first edited key (two keys before with
//       Catmull-Rom or automatic Bezier handles, whose slopes use both neighbours); editing the
//       first key also changes the value held before it: everything.
//   constraint edit (fields, weight, enabled flag, active interval; not keyed)
//       a constraint acts only inside its active interval: frames before the earlier of its old
//       and new interval begins are untouched; an always-active constraint: everything.
//   parameter edit (a value typed in the property editor, not keyed)
//       the document's state is the animation's initial state, so everything, unless the entry
//       is keyed: then the keys overwrite it at every frame and nothing changes.
//   solver setting, frame rate, start frame, structure (nodes or constraints added/removed)
//       everything.
// The frame exactly at the boundary time is invalidated too (conservative by at most one frame:
// a Bezier segment evaluated at its own first key may differ in the last bits). std::nullopt
// means no frame changes.
#include <optional>

namespace flexure {

class Constraint;
class TimelineSettings;
class Track;
class TrackBinding;

// First frame whose time is at or after t, never before the start frame.
// t = -infinity: the start frame; t = +infinity: nothing.
std::optional<int> firstFrameAfterTime(const TimelineSettings& timeline, double t);
// `before` or `after` may be null for a track that is created or deleted.
std::optional<int> firstInvalidFrameForKeyEdit(const TimelineSettings& timeline, const Track* before, const Track* after);
std::optional<int> firstInvalidFrameForConstraintEdit(const TimelineSettings& timeline, const Constraint& before,
                                                      const Constraint& after);
std::optional<int> firstInvalidFrameForParameterEdit(const TimelineSettings& timeline, const TrackBinding& binding,
                                                     int psiIndex);
// Solver settings, frame rate, start frame, structural edits.
int firstInvalidFrameForGlobalEdit(const TimelineSettings& timeline);

}  // namespace flexure
