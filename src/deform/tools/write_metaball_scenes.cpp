// flexure-metaball-scenes OUTDIR: writes the scenes reproducing the paper's figures
// (scenes/metaball-*.json) and their procedural meshes (scenes/meshes/metaball-*.obj).
// The figure numbers live in figure_setups/sample_meshes, so tests and scenes agree.
#include <cmath>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "flexure/core/operators/translate.h"
#include "flexure/core/primitives/mesh.h"
#include "flexure/core/scene.h"
#include "flexure/deform/figure_setups.h"
#include "flexure/deform/grid_mesh_primitive.h"
#include "flexure/deform/sample_meshes.h"
#include "flexure/io/obj.h"
#include "flexure/io/scene_file.h"

using namespace flexure;
using namespace flexure::deform;

namespace {

const double kPi = 3.14159265358979323846;

// Adds a metaball-deform node named `name` under `parent` with the setup's metaballs and values.
MetaballDeformOperator& addDeformer(Scene& scene, Node* parent, const std::string& name, const DeformerSetup& setup) {
  auto op = std::make_unique<MetaballDeformOperator>();
  op->setName(name);
  MetaballDeformOperator& ref = static_cast<MetaballDeformOperator&>(scene.add(std::move(op), parent));
  const std::vector<double> slots = configure(ref, setup);
  scene.rebuildParameters();
  for (std::size_t i = 0; i < slots.size(); ++i) scene.parameters().setValue(ref.paramOffset() + static_cast<int>(i), slots[i]);
  return ref;
}

void addGrid(Scene& scene, Node* parent, double size, int divisions) {
  auto grid = std::make_unique<GridMeshPrimitive>();
  grid->width = grid->height = size;
  grid->divisionsX = grid->divisionsY = divisions;
  grid->setName("grid");
  scene.add(std::move(grid), parent);
}

void addMesh(Scene& scene, Node* parent, const std::string& name, const std::string& source, TriangleMesh mesh) {
  auto node = std::make_unique<MeshPrimitive>();
  node->setName(name);
  node->setSource(source);
  node->setMesh(std::move(mesh));
  scene.add(std::move(node), parent);
}

// Saves the scene, then adds a timeline block of scalar tracks (target, [(time, value)...]).
using Keys = std::vector<std::pair<double, double>>;
void save(const Scene& scene, const std::string& path, const std::vector<std::pair<std::string, Keys>>& tracks = {},
          double seconds = 2.0) {
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(sceneToString(scene));
  if (!tracks.empty()) {
    nlohmann::ordered_json t;
    t["fps"] = 24;
    t["start_frame"] = 0;
    t["end_frame"] = static_cast<int>(std::lround(seconds * 24));
    t["loop"] = true;
    t["tracks"] = nlohmann::ordered_json::array();
    for (const auto& [target, keys] : tracks) {
      nlohmann::ordered_json track;
      track["target"] = target;
      track["kind"] = "scalar";
      track["keys"] = nlohmann::ordered_json::array();
      for (const auto& [time, value] : keys) track["keys"].push_back({{"time", time}, {"value", value}, {"interp", "linear"}});
      t["tracks"].push_back(track);
    }
    j["settings"]["timeline"] = t;
  }
  std::ofstream(path) << j.dump(2) << "\n";
  std::cout << "wrote " << path << "\n";
}

void setCamera(Scene& scene, const Vec3d& eye, const Vec3d& target) {
  scene.camera.eye = eye;
  scene.camera.target = target;
  scene.camera.up = {0, 0, 1};
}

Metaball metaballOf(Skeleton s, Metric metric = Metric::L2) {
  Metaball m;
  m.skeleton = std::move(s);
  m.metric = metric;
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: flexure-metaball-scenes SCENES_DIR\n";
    return 2;
  }
  const std::string dir = argv[1];
  const TriangleMesh cow = makeQuadrupedMesh(20), teapot = makeTeapotLikeMesh(12);
  writeObjFile({cow}, dir + "/meshes/metaball-cow.obj");
  writeObjFile({teapot}, dir + "/meshes/metaball-teapot.obj");

  {  // Fig. 19: the Z from a flat grid, twelve point constraints.
    Scene scene;
    scene.description = "Jin, Li & Peng 2000, Fig. 19: a 'Z' raised from a flat 2 x 2 grid by twelve point constraints "
                        "(metaball-deform, Wyvill potential, R = 0.28, dD = +0.25 z each; the set is disjoint, so every constraint is met exactly).";
    addDeformer(scene, nullptr, "deform", zLetterSetup());
    addGrid(scene, scene.find("deform"), 2.0, 120);
    setCamera(scene, {0.0, -3.2, 2.6}, {0, 0, 0.05});
    save(scene, dir + "/metaball-z-letter.json");
  }
  {  // Fig. 13: potential distributions on grids, one column per skeleton.
    Scene scene;
    scene.description = "Jin, Li & Peng 2000, Fig. 13: the potential distribution of a line (segment), disk, square, "
                        "polyline, point (L2) and point (L1) constraint, each applied to a flat grid with dD = +0.5 z, "
                        "so the height of the grid is 0.5 F.";
    const std::vector<std::string> kinds = {"line", "disk", "square", "polyline", "point-l2", "point-l1"};
    for (std::size_t k = 0; k < kinds.size(); ++k) {
      auto move = std::make_unique<TranslateOperator>();
      move->setName("at-" + kinds[k]);
      Node& t = scene.add(std::move(move));
      scene.parameters().setValue(t.paramIndex("x"), 2.4 * (double(k) - 2.5));
      DeformerSetup setup;
      if (kinds[k] == "line") {
        SegmentSkeleton s;
        s.a = {-0.5, 0, 0};
        s.b = {0.5, 0, 0};
        setup.metaballs.push_back(metaballOf(s));
      } else if (kinds[k] == "disk") {
        DiskSkeleton s;
        s.radius = 0.3;
        setup.metaballs.push_back(metaballOf(s));
      } else if (kinds[k] == "square") {
        PolygonSkeleton s;
        s.points = {{-0.3, -0.3, 0}, {0.3, -0.3, 0}, {0.3, 0.3, 0}, {-0.3, 0.3, 0}};
        setup.metaballs.push_back(metaballOf(s));
      } else if (kinds[k] == "polyline") {
        PolylineSkeleton s;
        s.points = {{-0.6, -0.3, 0}, {-0.2, 0.3, 0}, {0.2, -0.3, 0}, {0.6, 0.3, 0}};
        setup.metaballs.push_back(metaballOf(s));
      } else {
        setup.metaballs.push_back(metaballOf(PointSkeleton{}, kinds[k] == "point-l1" ? Metric::L1 : Metric::L2));
      }
      setup.set(0, "dz", 0.5);
      setup.set(0, "radius", kinds[k].rfind("point", 0) == 0 ? 0.8 : 0.4);
      addDeformer(scene, &t, "deform-" + kinds[k], setup);
      addGrid(scene, scene.find("deform-" + kinds[k]), 2.0, 80);
      scene.rename(*scene.find("grid"), "grid-" + kinds[k]);
    }
    setCamera(scene, {0.0, -12.5, 8.0}, {0, 0, 0});
    save(scene, dir + "/metaball-potential-fields.json");
  }
  {  // Fig. 15: a line constraint along the back of the cow.
    Scene scene;
    scene.description = "Jin, Li & Peng 2000, Fig. 15: a line (segment) constraint along the back of a cow-like model "
                        "lifts the back by 0.3 (R = 0.45).";
    DeformerSetup setup;
    SegmentSkeleton s;
    s.a = {-0.7, 0, 1.36};
    s.b = {0.7, 0, 1.36};
    setup.metaballs.push_back(metaballOf(s));
    setup.set(0, "dz", 0.3);
    setup.set(0, "radius", 0.45);
    addDeformer(scene, nullptr, "deform", setup);
    addMesh(scene, scene.find("deform"), "cow", "meshes/metaball-cow.obj", cow);
    setCamera(scene, {1.5, -4.5, 2.5}, {0.2, 0, 0.9});
    save(scene, dir + "/metaball-cow-line.json");
  }
  {  // Fig. 16: two plane constraints pull the teapot, one on its top, one on its left.
    Scene scene;
    scene.description = "Jin, Li & Peng 2000, Fig. 16: two plane constraints deform a teapot-like model: one on its top "
                        "(z = 1.1) pulls up by 0.35, one on its left (x = -0.9) pulls left by 0.3 (R = 0.5 each).";
    DeformerSetup setup;
    PlaneSkeleton top, left;
    top.point = {0, 0, 1.1};
    top.normal = {0, 0, 1};
    left.point = {-0.9, 0, 0};
    left.normal = {1, 0, 0};
    setup.metaballs.push_back(metaballOf(top));
    setup.metaballs.push_back(metaballOf(left));
    setup.set(0, "dz", 0.35);
    setup.set(0, "radius", 0.5);
    setup.set(1, "dx", -0.3);
    setup.set(1, "radius", 0.5);
    addDeformer(scene, nullptr, "deform", setup);
    addMesh(scene, scene.find("deform"), "teapot", "meshes/metaball-teapot.obj", teapot);
    setCamera(scene, {0.5, -4.5, 2.5}, {0, 0, 0.6});
    save(scene, dir + "/metaball-teapot-planes.json");
  }
  {  // Figs. 17-18: a plane at 45 degrees to the ground, right of the cow, as an animated magnet.
    Scene scene;
    scene.description = "Jin, Li & Peng 2000, Figs. 17-18: a plane constraint at 45 degrees to the ground plane, on the "
                        "right of the cow (normal (0, -1, 1)/sqrt 2 through (0, -0.45, 1)), attracts what lies within "
                        "R = 0.5 like a magnet; its displacement is keyed from 0 to 0.4 along the plane's normal side "
                        "over two seconds (Fig. 18's sequence).";
    DeformerSetup setup;
    PlaneSkeleton plane;
    plane.point = {0, -0.45, 1.0};
    plane.normal = {0, -1, 1};
    setup.metaballs.push_back(metaballOf(plane));
    setup.set(0, "radius", 0.5);
    setup.set(0, "dy", -0.4 * std::sqrt(0.5));
    setup.set(0, "dz", 0.4 * std::sqrt(0.5));
    addDeformer(scene, nullptr, "deform", setup);
    addMesh(scene, scene.find("deform"), "cow", "meshes/metaball-cow.obj", cow);
    setCamera(scene, {1.0, -5.0, 2.5}, {0.2, 0, 0.9});
    const double d = 0.4 * std::sqrt(0.5);
    save(scene, dir + "/metaball-cow-plane-magnet.json",
         {{"deform.0.dy", {{0.0, 0.0}, {2.0, -d}}}, {"deform.0.dz", {{0.0, 0.0}, {2.0, d}}}});
  }
  {  // Figs. 20-23: a sphere volume around the head translates, scales and rotates it.
    Scene scene;
    scene.description = "Jin, Li & Peng 2000, Figs. 20-23: a sphere-volume constraint (radius 0.32) around the cow's head, "
                        "effective radius R = 0.75: keyed displacement (Fig. 21, 0-1 s), scale 1.4 (Fig. 22, 1-2 s) and "
                        "rotation -120 degrees about (sqrt2/2, sqrt2/2, 0) (Fig. 23, 2-3 s). The head lies inside the "
                        "skeleton, so it moves rigidly; only vertices within R deform.";
    DeformerSetup setup;
    SphereVolumeSkeleton ball;
    ball.center = {1.22, 0, 1.32};
    ball.radius = 0.32;
    setup.metaballs.push_back(metaballOf(ball));
    setup.set(0, "radius", 0.75);
    setup.set(0, "dx", 0.25);
    setup.set(0, "dz", 0.2);
    setup.set(0, "sx", 1.4);
    setup.set(0, "sy", 1.4);
    setup.set(0, "sz", 1.4);
    setup.set(0, "ax", std::sqrt(0.5));
    setup.set(0, "ay", std::sqrt(0.5));
    setup.set(0, "az", 0.0);
    setup.set(0, "angle", -120.0 * kPi / 180.0);
    addDeformer(scene, nullptr, "deform", setup);
    addMesh(scene, scene.find("deform"), "cow", "meshes/metaball-cow.obj", cow);
    setCamera(scene, {2.0, -5.0, 2.8}, {0.4, 0, 1.0});
    save(scene, dir + "/metaball-cow-sphere-volume.json",
         {{"deform.0.dx", {{0.0, 0.0}, {1.0, 0.25}}},
          {"deform.0.dz", {{0.0, 0.0}, {1.0, 0.2}}},
          {"deform.0.sx", {{1.0, 1.0}, {2.0, 1.4}}},
          {"deform.0.sy", {{1.0, 1.0}, {2.0, 1.4}}},
          {"deform.0.sz", {{1.0, 1.0}, {2.0, 1.4}}},
          {"deform.0.angle", {{2.0, 0.0}, {3.0, -120.0 * kPi / 180.0}}}},
         3.0);
  }
  return 0;
}
