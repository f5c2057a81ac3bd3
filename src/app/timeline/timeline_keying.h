#pragma once
// Key edits of the timeline widget, as pure functions on a copy of the scene's "timeline" block
// (anim/timeline_settings.h): which tracks belong to a node, where its keys are, and the block
// with keys added, moved or deleted. The widget wraps the result in a TimelineEditCommand, so
// every key edit is one undo step and the bake cache is invalidated from what actually changed.
#include <string>
#include <vector>

#include "flexure/anim/timeline_settings.h"

namespace flexure {
class Node;
class Scene;
}  // namespace flexure

namespace flexure::app {

// What a node's "add key" keys: one target per keyable group of its Ψ slots. A rotation's four
// quaternion slots form one quaternion target (slerp), every other slot a scalar target.
struct KeyTarget {
  std::string target;  // "<node>.<slot>" (the quaternion's w slot for quaternion targets)
  TrackKind kind = TrackKind::Scalar;
};
std::vector<KeyTarget> keyTargetsOf(const Scene& scene, const Node& node);

// The tracks of `timeline` that animate one of `node`'s Ψ slots.
std::vector<const Track*> tracksOfNode(const Scene& scene, const Node& node, const TimelineSettings& timeline);
// Sorted distinct key times of those tracks (the timeline's key markers).
std::vector<double> keyTimesOfNode(const Scene& scene, const Node& node, const TimelineSettings& timeline);

// Keys the node's current Ψ values at time t: its already animated targets, or all of its key
// targets when none is animated yet. A key already at t is replaced (its interpolation kept).
TimelineSettings withKeysAdded(const Scene& scene, const Node& node, TimelineSettings timeline, double t);
// Deletes the node's keys at time t (within 1e-9 s); tracks left without keys are removed.
TimelineSettings withKeysRemoved(const Scene& scene, const Node& node, TimelineSettings timeline, double t);
// Moves the node's keys at time `from` to time `to` (replacing keys already at `to`).
TimelineSettings withKeysMoved(const Scene& scene, const Node& node, TimelineSettings timeline, double from, double to);

// The targets of the tracks that write one of the Ψ slots named ("node.slot"; a quaternion
// track writes all four of its slots), in the block's order: which keyed values a drag that
// turned those slots changed (issue 17 item 1, session::DragOutcome::changedDrives).
std::vector<std::string> tracksWritingSlots(const Scene& scene, const TimelineSettings& timeline,
                                            const std::vector<std::string>& slotNames);
// Keys the current Ψ values of the tracks with those targets at time t (a key already at t is
// replaced, its interpolation kept); targets without a track are ignored.
TimelineSettings withTracksKeyed(const Scene& scene, TimelineSettings timeline, const std::vector<std::string>& targets,
                                 double t);

}  // namespace flexure::app
