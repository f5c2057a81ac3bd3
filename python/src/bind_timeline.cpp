// The timeline: keys on any Ψ slot or constraint field (the scene's "timeline" settings block),
// baking frames through the anim module's BakeSession exactly as `flexure-cli animate` does, and
// going to a frame.
#include <array>
#include <cmath>

#include <pybind11/stl.h>

#include "bindings.h"
#include "flexure/anim/bake_session.h"
#include "flexure/anim/frame_sequence.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/core/scene.h"
#include "flexure/core/solve_summary.h"
#include "flexure/interchange/gltf_export.h"
#include "flexure/render/color.h"
#include "json_bridge.h"
#include "module_support.h"

namespace flexure::python {

namespace py = pybind11;

namespace {

struct Timeline {
  HandlePtr handle;
};

double keyTime(const TimelineSettings& timeline, const py::object& frame, const py::object& time) {
  if (frame.is_none() == time.is_none()) throw py::value_error("give exactly one of frame= and time=");
  const double t = frame.is_none() ? time.cast<double>() : timeline.timeOfFrame(frame.cast<int>());
  if (!std::isfinite(t)) throw py::value_error("a key's time must be finite");
  return t;
}

void checkTarget(const Scene& scene, const std::string& target) {
  if (target.rfind("constraint:", 0) == 0) return;  // resolved (and checked) by the bake session
  if (scene.parameters().find(target) < 0)
    throw py::key_error("no parameter \"" + target + "\" to key (targets are \"<node>.<slot>\" or \"constraint:<name>.<field>\")");
}

py::dict keyDict(const Keyframe& k, TrackKind kind) {
  py::dict d;
  d["time"] = k.time;
  if (kind == TrackKind::Quaternion) d["rotation"] = py::make_tuple(k.rotation.w, k.rotation.x, k.rotation.y, k.rotation.z);
  else d["value"] = k.value;
  d["interpolation"] = std::string(interpolationName(k.interpolation));
  return d;
}

bool sameOptions(const SolveOptions& a, const SolveOptions& b) {
  return a.method == b.method && a.maxIterations == b.maxIterations && a.tolerance == b.tolerance;
}

}  // namespace

py::list bake(const HandlePtr& handle, int first, int last, const py::object& fps, const SolveOptions& options) {
  if (first < 0 || last < first) throw py::value_error("bake expects 0 <= first <= last");
  Scene& scene = handle->scene();
  if (!fps.is_none()) {
    const double f = fps.cast<double>();
    if (!(f > 0) || !std::isfinite(f)) throw py::value_error("fps must be positive");
    if (timelineOf(static_cast<const Scene&>(scene)).fps != f) {
      SceneHandle::Edit edit(*handle, EditKind::Structure);
      timelineOf(scene).fps = f;
    }
  }
  BakeSession& session = handle->bakeSession();
  if (!sameOptions(session.solveOptions(), options)) session.setSolveOptions(options);
  std::vector<nlohmann::json> lines;
  SequenceResult result;
  {
    SceneHandle::Edit edit(*handle, EditKind::Values, /*keepBake=*/true);
    SceneHandle::Busy busy(*handle);
    py::gil_scoped_release release;
    // What `flexure-cli animate --stats` prints, line by line (frameStatsLine).
    result = exportFrameSequence(session, {first, last}, {}, {}, [&](const SequenceProgress& p) {
      if (p.stats) lines.push_back(frameStatsLine(p.frame, p.stats->time, p.stats->seconds, p.stats->reports));
    });
  }
  if (result.cancelled) throw std::runtime_error("the bake stopped before the last frame");
  py::list out;
  for (const nlohmann::json& line : lines) out.append(toPython(line));
  return out;
}

// Writes glTF 2.0 as `flexure-cli export-gltf` does: the scene as it is, or (frames given) the
// baked range as one animation, from the same bake session as bake() (interchange/gltf_export.h).
py::dict exportGltfFile(const HandlePtr& handle, const std::string& path, const py::object& frames,
                        const py::object& fps, int resolution) {
  if (!path.ends_with(".glb") && !path.ends_with(".gltf")) throw py::value_error("path must end in .glb or .gltf");
  if (resolution < 1 || resolution > 4096) throw py::value_error("resolution must be between 1 and 4096");
  GltfExportOptions options;
  options.tessellation.resolution = resolution;
  options.partColor = [](std::size_t i) {  // the viewport's part colours, as the CLI writes them
    const ColorRgb c = paletteColor(static_cast<int>(i));
    return std::array<float, 3>{c.r, c.g, c.b};
  };
  GltfExportResult result;
  if (frames.is_none()) {
    if (!fps.is_none()) throw py::value_error("fps needs frames");
    const Scene& scene = handle->scene();
    SceneHandle::Busy busy(*handle);
    py::gil_scoped_release release;
    result = exportGltf(scene, path, options);
  } else {
    const auto [first, last] = frames.cast<std::pair<int, int>>();
    if (first < 0 || last < first) throw py::value_error("frames expects (first, last) with 0 <= first <= last");
    if (!fps.is_none()) {
      const double f = fps.cast<double>();
      if (!(f > 0) || !std::isfinite(f)) throw py::value_error("fps must be positive");
      if (timelineOf(static_cast<const Scene&>(handle->scene())).fps != f) {
        SceneHandle::Edit edit(*handle, EditKind::Structure);
        timelineOf(handle->scene()).fps = f;
      }
    }
    BakeSession& session = handle->bakeSession();
    SceneHandle::Edit edit(*handle, EditKind::Values, /*keepBake=*/true);
    SceneHandle::Busy busy(*handle);
    py::gil_scoped_release release;
    result = exportGltfAnimation(session, FrameRange{first, last}, path, options);
  }
  py::dict out;
  out["bytes"] = result.bytes;
  out["frames"] = result.frames;
  out["nodes"] = result.nodes;
  out["meshes"] = result.meshes;
  out["transform_channels"] = result.transformChannels;
  out["morph_targets"] = result.morphTargets;
  return out;
}

py::object goToFrame(const HandlePtr& handle, int frame) {
  BakeSession& session = handle->bakeSession();
  BakeOutcome outcome;
  {
    SceneHandle::Edit edit(*handle, EditKind::Values, /*keepBake=*/true);
    SceneHandle::Busy busy(*handle);
    py::gil_scoped_release release;
    outcome = session.goToFrame(frame);
  }
  if (outcome.cancelled) throw std::runtime_error("going to the frame was cancelled");
  py::dict d;
  d["frame"] = frame;
  d["solved_frames"] = outcome.solvedFrames;
  d["from_cache"] = outcome.fromCache;
  if (const auto cached = session.cache().find(frame))
    d["stats"] = toPython(frameStatsLine(frame, cached->stats.time, cached->stats.seconds, cached->stats.reports));
  return d;
}

void defineTimeline(py::module_& m, SceneClass& scene) {
  py::class_<Timeline>(m, "Timeline",
                       "The scene's timeline (its 'timeline' settings block): frame rate, frame range and\n"
                       "keyframe tracks on any parameter ('<node>.<slot>') or constraint field\n"
                       "('constraint:<name>.<field>'). Frame k is at time k / fps.")
      .def_property(
          "fps", [](const Timeline& t) { return timelineOf(static_cast<const Scene&>(t.handle->scene())).fps; },
          [](Timeline& t, double fps) {
            if (!(fps > 0) || !std::isfinite(fps)) throw py::value_error("fps must be positive");
            SceneHandle::Edit edit(*t.handle, EditKind::Structure);
            timelineOf(t.handle->scene()).fps = fps;
          },
          "Frames per second.")
      .def_property(
          "frame_range",
          [](const Timeline& t) {
            const TimelineSettings& tl = timelineOf(static_cast<const Scene&>(t.handle->scene()));
            return std::make_pair(tl.startFrame, tl.endFrame);
          },
          [](Timeline& t, std::pair<int, int> range) {
            if (range.second < range.first) throw py::value_error("the frame range ends before it starts");
            SceneHandle::Edit edit(*t.handle, EditKind::Structure);
            TimelineSettings& tl = timelineOf(t.handle->scene());
            tl.startFrame = range.first;
            tl.endFrame = range.second;
          },
          "(start_frame, end_frame).")
      .def(
          "key",
          [](Timeline& t, const std::string& target, const py::object& frame, const py::object& time, const py::object& value,
             const std::string& interpolation, const py::object& rotation) {
            Scene& s = t.handle->scene();
            checkTarget(s, target);
            const auto mode = parseInterpolation(interpolation);
            if (!mode) throw py::value_error("interpolation is \"step\", \"linear\", \"bezier\" or \"catmull-rom\", not \"" + interpolation + "\"");
            Keyframe key;
            key.time = keyTime(timelineOf(static_cast<const Scene&>(s)), frame, time);
            key.interpolation = *mode;
            TrackKind kind = TrackKind::Scalar;
            if (!rotation.is_none()) {
              if (!value.is_none()) throw py::value_error("give value= (a scalar key) or rotation= (a quaternion key), not both");
              const auto q = rotation.cast<std::vector<double>>();
              if (q.size() != 4) throw py::value_error("rotation takes (w, x, y, z)");
              key.rotation = Quatd(q[0], q[1], q[2], q[3]);
              kind = TrackKind::Quaternion;
            } else {
              if (value.is_none()) throw py::value_error("a key needs value= (or rotation= for a quaternion track)");
              key.value = value.cast<double>();
              if (!std::isfinite(key.value)) throw py::value_error("a key's value must be finite");
            }
            SceneHandle::Edit edit(*t.handle, EditKind::Structure);
            TimelineSettings& tl = timelineOf(s);
            Track& track = tl.trackFor(target, kind);
            if (track.kind != kind) throw py::value_error("the track of \"" + target + "\" is of the other kind (scalar/quaternion)");
            track.setKey(key);
          },
          py::arg("target"), py::kw_only(), py::arg("frame") = py::none(), py::arg("time") = py::none(),
          py::arg("value") = py::none(), py::arg("interpolation") = "linear", py::arg("rotation") = py::none(),
          "Sets a key (replacing one at the same time): key('pipe-translate.x', frame=10, value=0.5,\n"
          "interpolation='bezier'). Give frame= or time= (seconds); value= for a scalar track,\n"
          "rotation=(w, x, y, z) for a quaternion track. interpolation: step, linear, bezier,\n"
          "catmull-rom (of the segment that starts at this key).")
      .def(
          "remove_key",
          [](Timeline& t, const std::string& target, const py::object& frame, const py::object& time) {
            Scene& s = t.handle->scene();
            const double at = keyTime(timelineOf(static_cast<const Scene&>(s)), frame, time);
            TimelineSettings& tl = timelineOf(s);
            Track* track = tl.findTrack(target);
            if (!track || track->keyIndexAt(at) < 0) return false;
            SceneHandle::Edit edit(*t.handle, EditKind::Structure);
            track->removeKeyAt(at);
            return true;
          },
          py::arg("target"), py::kw_only(), py::arg("frame") = py::none(), py::arg("time") = py::none(),
          "Removes the key at frame= or time=; False when there is none.")
      .def_property_readonly(
          "tracks",
          [](const Timeline& t) {
            py::dict d;
            for (const Track& track : timelineOf(static_cast<const Scene&>(t.handle->scene())).tracks) {
              py::list keys;
              for (const Keyframe& k : track.keys) keys.append(keyDict(k, track.kind));
              d[py::str(track.target)] = keys;
            }
            return d;
          },
          "{target: [{time, value or rotation, interpolation}, ...]} of every track (a copy).")
      .def(
          "value_at",
          [](const Timeline& t, const std::string& target, double time) {
            const Track* track = timelineOf(static_cast<const Scene&>(t.handle->scene())).findTrack(target);
            if (!track) throw py::key_error("no track \"" + target + "\"");
            if (track->kind == TrackKind::Quaternion) {
              const Quatd q = track->rotationAt(time);
              return py::object(py::make_tuple(q.w, q.x, q.y, q.z));
            }
            return py::object(py::float_(track->valueAt(time)));
          },
          py::arg("target"), py::arg("time"), "The keyed value of a track at a time (seconds).");

  scene.def_property_readonly(
      "timeline", [](const HandlePtr& h) { return Timeline{h}; }, "The timeline: fps, frame_range, key(), tracks.");
  scene.def(
      "bake",
      [](const HandlePtr& h, int first, int last, const py::object& fps, const std::string& method,
         const py::object& maxIterations, const py::object& tolerance) {
        return bake(h, first, last, fps, solveOptionsOf(method, maxIterations, tolerance));
      },
      py::arg("first"), py::arg("last"), py::kw_only(), py::arg("fps") = py::none(), py::arg("method") = "default",
      py::arg("max_iterations") = py::none(), py::arg("tolerance") = py::none(),
      "Bakes frames first..last through the anim module's bake session, as `flexure-cli animate\n"
      "--frames first-last --stats` does, and returns its --stats lines as dicts (frame, time,\n"
      "converged, energy, max_violation, iterations, evaluations, seconds, residuals, ...).\n"
      "Keyed values apply; the start frame is solved once, each next frame advances from the\n"
      "previous one. The scene then holds frame `last`; solved frames stay cached for\n"
      "go_to_frame until the scene is edited. The GIL is released while baking.");
  scene.def("export_gltf", &exportGltfFile, py::arg("path"), py::kw_only(), py::arg("frames") = py::none(),
            py::arg("fps") = py::none(), py::arg("resolution") = 32,
            "Writes glTF 2.0 (.glb, or .gltf + .bin) atomically, as `flexure-cli export-gltf` does: the\n"
            "scene as it is, or with frames=(first, last) the baked range as one animation (rigid motion\n"
            "as node channels, deformation as morph targets) from the same bake session as bake().\n"
            "Returns {bytes, frames, nodes, meshes, transform_channels, morph_targets}.");
  scene.def("go_to_frame", &goToFrame, py::arg("frame"),
            "Puts the scene at frame `frame` (from the bake cache, or solving forward to it from the\n"
            "latest cached frame) and returns {frame, solved_frames, from_cache, stats}.");
}

}  // namespace flexure::python
