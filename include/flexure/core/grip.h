#pragma once
// Grips: the features of a part a designer drags to change the sizes they stand for (issue 26) —
// a tube's end (its length; the other end stays where it is), its rim (its radius), a block's
// faces, a sphere's radius, a torus's two radii, a bend's, twist's or taper's amount at the end it
// affects. This is the direct-editing convention of CAD: the feature follows the hand along its
// own line, only the parameters it stands for change, and the opposite feature stays put (the
// part's placement moves to keep it there).
//
// Each node type registers a GripProvider (the core's types in core_grips.cpp, a technique module
// its own types), so the window draws, picks and drags grips without naming any type. A grip drag
// goes through the solver thread like every drag (session::DragStart::gripParameters and ::pin), so
// constraints keep holding and it is one undo step.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "flexure/core/node.h"
#include "flexure/core/scene.h"
#include "flexure/core/vec.h"

namespace flexure {

struct Grip {
  std::string name;                 // "end +x", "radius", "face -y", "amount", ...
  // A primitive's grip is a point of its surface, which moves with the parameters it stands for
  // (a tube's end ring moves with its length); an operator's is a point of the space it maps
  // from (filled in for a primitive's grip from `surface`).
  std::optional<SurfacePoint> surface;
  Vec3d point;
  Vec3d direction;                  // unit, in the same space: the line it moves along
  std::vector<std::string> slotNames;  // the node's slots it changes
  std::optional<SurfacePoint> pinned;  // a primitive's opposite feature, held where it is
};

// A node's grips at Ψ = values. For an operator, `extentBelow` bounds the primitive below it in
// the operator's input space (a bend's grip sits at the end of the part it bends).
using GripProvider =
    std::function<std::vector<Grip>(const Node& node, const ParamAccess<double>& values, const Bounds3& extentBelow)>;

class GripRegistry {
 public:
  static GripRegistry& instance();  // the core's grips are registered on first use
  void add(std::string type, GripProvider provider);
  const GripProvider* find(std::string_view type) const;

 private:
  GripRegistry();
  std::map<std::string, GripProvider, std::less<>> providers_;
};

// Registers the grips of tube, cylinder, block, sphere, torus, bend, twist and taper.
void registerCoreGrips(GripRegistry& registry);

// A grip of a selected primitive, placed in the world and ready to drag.
struct PlacedGrip {
  std::string node;                 // the node whose slots it changes (the primitive or an operator above it)
  std::string leaf;                 // the primitive the drag pulls
  Grip grip;
  Vec3d world;                      // where the grip is
  Vec3d worldDirection;             // unit: the line the mouse moves it along
  SurfacePoint surface;             // the point of the leaf's surface the drag pulls (an
                                    // operator's grip: the leaf's point nearest to it)
  std::optional<SurfacePoint> pinned;  // the point of the leaf's surface held where it is
  std::vector<std::string> parameters;  // "node.slot" of every slot it changes
};

// The grips of `leaf` and of the operators above it that have grips, in the world at the
// scene's Ψ. A grip whose slots are all frozen is left out: it could change nothing.
std::vector<PlacedGrip> placedGrips(const Scene& scene, const Primitive& leaf);

}  // namespace flexure
