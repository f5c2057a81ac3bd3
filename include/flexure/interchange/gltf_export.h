#pragma once
// glTF 2.0 export of a scene and of a baked frame range (issue 15; docs/animation.md, "glTF").
//
// Nodes mirror the scene graph (scene_rig.h): rigid operators are node translation/rotation/
// scale named after the scene's nodes; each leaf is a mesh (POSITION, NORMAL, TEXCOORD_0 when
// the primitive has uvs, indices) in its nearest transform ancestor's space, with the deforming
// operators above it applied to the vertices. One material per part colour.
//
// Animation (one glTF animation, times k / fps): transforms that change become TRS channels
// (LINEAR; rotations kept on one hemisphere so slerp takes the short way). A leaf whose vertices
// change gets one morph target per frame that differs from the first frame (deltas relative to
// the first frame, sparse where few vertices move) and a weights channel that is 1 for that
// frame's target and 0 for all others at each sampled time (LINEAR: between frames the geometry
// blends linearly). At every sampled time the file therefore shows exactly the baked frame, to
// float32 rounding. A leaf whose vertex count or triangles change within the range (a mirroring
// operator turning its winding round, a primitive whose sampling follows Ψ) is split into runs
// of frames with constant topology: one mesh per run, each on its own child node of the leaf's
// node, shown only during its run by a STEP scale channel (0 outside, 1 inside).
//
// The path's extension chooses the container: ".glb" one binary file, ".gltf" JSON plus
// "<stem>.bin" beside it. Both are written atomically (.bin first).
#include <array>
#include <atomic>
#include <cstddef>
#include <functional>
#include <string>

#include "flexure/core/tessellation.h"

namespace flexure {

class Scene;
class BakeSession;
struct FrameRange;

struct GltfExportOptions {
  TessellationOptions tessellation;
  // sRGB colour in [0, 1] of the part drawn from scene.paths()[pathIndex] (the viewport uses
  // render/color.h's paletteColor(pathIndex)); empty: a light grey for every part.
  std::function<std::array<float, 3>(std::size_t pathIndex)> partColor;
  std::string generator = "Flexure";
};

struct GltfExportProgress {
  int frame = 0;
  int done = 0;   // frames sampled so far
  int total = 0;  // frames to sample
};
using GltfExportProgressCallback = std::function<void(const GltfExportProgress&)>;

struct GltfExportResult {
  std::size_t bytes = 0;  // written (both files for .gltf)
  int frames = 0;         // sampled frames (1 for a static export)
  int nodes = 0;
  int meshes = 0;
  int morphTargets = 0;    // over all meshes
  int transformChannels = 0;
  int splitMeshes = 0;         // leaves whose topology changed: one mesh per run of frames
  int visibilityChannels = 0;  // STEP scale channels showing each run only during its frames
  bool cancelled = false;  // nothing was written
};

// The scene at its current Ψ, no animation. Throws SaveError when the file cannot be written or
// the geometry holds NaN or infinity.
GltfExportResult exportGltf(const Scene& scene, const std::string& path, const GltfExportOptions& options = {});

// Frames range.first..range.last of the session (solved or restored from its cache exactly as
// the OBJ/PNG sequence export does), sampled at the timeline's fps. When `cancel` becomes true
// between frames nothing is written and the result says cancelled. Throws SaveError as above and
// std::invalid_argument for a range before the timeline's start.
GltfExportResult exportGltfAnimation(BakeSession& session, FrameRange range, const std::string& path,
                                     const GltfExportOptions& options = {}, const GltfExportProgressCallback& progress = {},
                                     const std::atomic<bool>* cancel = nullptr);

}  // namespace flexure
