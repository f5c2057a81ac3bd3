// `flexure-cli bench io` figures of the glTF export (issue 15), each beside what it is compared
// with: the 125-frame snake (rigid motion: TRS channels, not vertices) against its bake time and
// 1 MB; the 48-frame metaball morph (morph targets) against float32 positions and normals of
// every frame plus the static mesh, its export time beside its bake time.
#include "gltf_benchmark.h"

#include <chrono>
#include <unistd.h>

#include <filesystem>

#include "flexure/anim/bake_session.h"
#include "flexure/anim/timeline_settings.h"
#include "flexure/core/benchmark_registry.h"
#include "flexure/core/tessellation.h"
#include "flexure/interchange/gltf_export.h"
#include "flexure/io/installed_resources.h"
#include "flexure/io/scene_file.h"

#ifndef FLEXURE_SOURCE_DIR
#define FLEXURE_SOURCE_DIR "."
#endif

namespace flexure {

namespace {

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Bakes frames first..last of the scene file (timed), then exports them from the filled cache
// (timed: restoring cached frames, tessellating, writing), the way the window exports after
// playback has baked.
nlohmann::json measure(const std::string& sceneFile, int first, int last) {
  // The example scenes beside the running program, else the source tree's.
  const LoadResult loaded = readSceneFile(exampleScenePath(sceneFile, FLEXURE_SOURCE_DIR "/scenes").string());
  Scene& scene = *loaded.scene;
  BakeSession session(scene);
  auto start = std::chrono::steady_clock::now();
  session.bake({first, last});
  const double bake = secondsSince(start);
  const std::filesystem::path out = std::filesystem::temp_directory_path() / ("flexure-bench-" + std::to_string(::getpid()) + ".glb");
  start = std::chrono::steady_clock::now();
  const GltfExportResult r = exportGltfAnimation(session, {first, last}, out.string());
  const double exportSeconds = secondsSince(start);
  std::filesystem::remove(out);
  // What a vertex sequence would take: float32 positions and normals of every frame.
  std::size_t vertices = 0, triangles = 0;
  session.goToFrame(first);
  for (const TriangleMesh& m : tessellateScene(session.scene())) {
    vertices += m.positions.size();
    triangles += m.triangles.size();
  }
  const std::size_t frames = static_cast<std::size_t>(last - first + 1);
  const std::size_t staticMesh = vertices * 32 + triangles * 12;  // positions, normals, uvs, uint32 indices
  return {{"frames", frames},
          {"bake_seconds", bake},
          {"export_seconds", exportSeconds},
          {"bytes", r.bytes},
          {"vertices", vertices},
          {"morph_targets", r.morphTargets},
          {"transform_channels", r.transformChannels},
          {"vertex_sequence_bytes", frames * vertices * 24 + staticMesh}};
}

}  // namespace

void registerGltfBenchmark() {
  BenchmarkRegistry::instance().extend("io", [](nlohmann::json& out, bool quick) {
    // --quick: shorter ranges, the same measurements.
    out["gltf_snake"] = measure("anim-snake.json", 0, quick ? 24 : 124);
    out["gltf_metaball_morph"] = measure("anim-metaball-morph.json", 0, quick ? 11 : 47);
  });
}

}  // namespace flexure
