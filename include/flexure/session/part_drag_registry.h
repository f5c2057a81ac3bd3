#pragma once
// What each technique offers the window for dragging, registered from its own
// register<Module>Module() (src/<technique>/interaction/), so the session and the window never
// name a technique:
//   - part-drag factories: which PartDrag handles a picked node (part_drag.h);
//   - drag handles: points that are not on any surface but can be grabbed (a metaball's
//     centre), drawn as small spheres and picked like parts;
//   - drag planes: a node that moves only in a plane (an MES curve) names that plane, so the
//     mouse ray is intersected with it rather than with the view plane.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/node.h"
#include "flexure/core/parameters.h"
#include "flexure/core/scene.h"
#include "flexure/core/vec.h"
#include "flexure/session/part_drag.h"

namespace flexure::session {

// A factory returns the drag for the picked node, or null when its technique does not own it.
// Factories are asked in order of rank (lower first): specific nodes first (a deformer's
// handle, a curve), enclosing structures next (a solid above the part), the general fallback
// (the energy spring, which drags any parameterized model) last.
struct PartDragFactory {
  std::string name;  // for messages and tests ("metaball displacement", ...)
  int rank = 0;
  std::function<std::unique_ptr<PartDrag>(Scene& scene, Node& picked, double time)> make;
};

// A grabbable point of a node: dragging it starts a drag on `node` with SurfacePoint{index, 0, 0}.
struct DragHandle {
  std::string node;
  int index = 0;
  Vec3d world;          // where it is drawn and picked
  double radius = 0.0;  // of the sphere drawn for it
};
using DragHandleProvider = std::function<void(const Node& node, const ParameterTable& psi, std::vector<DragHandle>& out)>;

// The unit normal of the plane a node is dragged in, if it has one.
using DragPlaneProvider = std::function<std::optional<Vec3d>(const Node& node)>;

class PartDragRegistry {
 public:
  static PartDragRegistry& instance();

  void addFactory(PartDragFactory factory);
  void addHandles(std::string nodeType, DragHandleProvider provider);
  void addDragPlane(std::string nodeType, DragPlaneProvider provider);

  // The first factory (by rank) that takes the node, or null.
  std::unique_ptr<PartDrag> make(Scene& scene, Node& picked, double time) const;
  // The first whose drag also `accepts` (a grip's drag: the first that can change a part's own
  // sizes), or null.
  std::unique_ptr<PartDrag> makeAccepting(Scene& scene, Node& picked, double time,
                                          const std::function<bool(PartDrag&)>& accepts) const;
  // Every handle of every node of the scene at Ψ = scene.parameters(), in node order.
  std::vector<DragHandle> handles(const Scene& scene) const;
  bool hasHandleProviders() const { return !handles_.empty(); }
  std::optional<Vec3d> dragPlane(const Node& node) const;
  const std::vector<PartDragFactory>& factories() const { return factories_; }

 private:
  std::vector<PartDragFactory> factories_;  // sorted by rank
  std::map<std::string, DragHandleProvider, std::less<>> handles_;
  std::map<std::string, DragPlaneProvider, std::less<>> planes_;
};

}  // namespace flexure::session
