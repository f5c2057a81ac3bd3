#pragma once
// A large scene for scale tests and the "scale" benchmark (issue 9, item 6): a rows × columns
// grid of small spheres, each placed by a translate, each row under a group, and the first
// sphere of every row pulled 0.5 up by an energy "attach-point" constraint. rows = 100,
// columns = 50 gives 100 + 2·5000 = 10,100 nodes and 20,000 parameters. Generated as scene-file
// text (so loading it measures what loading a user's file of that size costs); nothing is
// committed to scenes/.
#include <string>

namespace flexure {

struct GridSceneSize {
  int rows = 100;
  int columns = 50;
  // When set, the leaves are "mesh" nodes reading this OBJ file (a path relative to the scene
  // file's folder, or absolute) instead of spheres: the same node count with a display load
  // chosen by the mesh (a sphere tessellates into 2,048 triangles, 10 million for the grid).
  std::string meshSource;
  int nodeCount() const { return rows + 2 * rows * columns; }
};

// Scene-file JSON of the grid. Node names: "row-R" (group), "at-R-C" (translate, x = C, y = R,
// z = 0), "ball-R-C" (sphere, radius 0.3, or the mesh); constraints "lift-R" on "ball-R-0",
// target (0, R, 0.5).
std::string gridSceneText(const GridSceneSize& size = {});

// Registers the "scale" benchmark suite (load, save and solve time of the 10,000-node grid).
void registerScaleBenchmark();

}  // namespace flexure
