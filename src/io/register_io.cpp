#include <filesystem>

#include "flexure/core/importer_registry.h"
#include "flexure/core/node_registry.h"
#include "flexure/core/primitives/mesh.h"
#include "flexure/core/scene.h"
#include "flexure/io/grid_scene.h"
#include "flexure/io/obj.h"
#include "flexure/io/register.h"
#include "io_benchmark.h"

namespace flexure {

namespace {

// An OBJ file becomes a scene holding one mesh node named after the file; its "source" is the
// OBJ path, so saving the scene keeps the link to the geometry.
void importObj(const std::string& path, Scene& into) {
  TriangleMesh mesh = readObjFile(path);
  auto node = std::make_unique<MeshPrimitive>();
  node->setName(mesh.name.empty() ? "mesh" : mesh.name);
  node->setSource(std::filesystem::absolute(path).lexically_normal().string());
  node->setMesh(std::move(mesh));
  into.add(std::move(node));
}

}  // namespace

void registerIoModule() {
  ImporterRegistry::instance().add(SceneImporter{".obj", "Wavefront OBJ mesh", importObj, {}, {}});
  registerIoBenchmark();
  registerScaleBenchmark();
}

}  // namespace flexure
