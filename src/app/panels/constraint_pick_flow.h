#pragma once
// Creating a constraint by picking points in the viewport (issue 7 item 1): choose a kind, then
// click one point on the model for each node the kind ties. The flow is generic over every
// registered constraint kind, using only its fields (field_visitor.h):
//
//   node slots   the string fields that name nodes, found by writing a distinct probe string
//                into every string field of a fresh constraint and asking referencedNodes()
//                which of them came back;
//   points       the first SurfacePoint field after a node slot (LeafPoint's "<node>_point")
//                gets the picked (patch, u, v);
//   ends         the first int field named "end…" after a node slot (attach-pipes' end_a)
//                gets the end of the picked leaf nearer the click: -1 near its (patch 0,
//                v = 0) end, +1 near its v = 1 end (a tube's -x and +x ends);
//   target       a Vec3 field named "target" gets the world point of the last click, so a
//                new attachment starts satisfied where the user clicked.
//
// A pick names a primitive leaf; when the kind ties another level of the tree (a solid, a
// curve under an operator), each slot tries the leaf and then its ancestors until the
// constraint's references resolve.
#include <QString>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "flexure/core/constraint.h"
#include "viewport/surface_pick.h"

namespace flexure {
class Scene;
}

namespace flexure::app {

class ConstraintPickFlow {
 public:
  // Starts picking for a constraint of `kind`; false when the kind is unknown or ties no node.
  bool begin(const std::string& kind);
  void cancel();
  bool active() const { return prototype_ != nullptr; }
  const std::string& kind() const { return kind_; }

  int picksNeeded() const { return static_cast<int>(slots_.size()); }
  int picksTaken() const { return static_cast<int>(picks_.size()); }
  // "Click point 2 of 2 (node_b)".
  QString prompt() const;

  // Takes one pick; once all are taken, returns the finished constraint (references resolved
  // against `scene`) and ends the flow. Sets `error` and ends the flow when the picked nodes
  // cannot be tied by this kind.
  std::unique_ptr<Constraint> add(const Scene& scene, const SurfacePick& pick, QString& error);

 private:
  struct Slot {
    std::string field;       // the node-name field
    std::string pointField;  // its SurfacePoint field, or empty
    std::string endField;    // its "end…" int field, or empty
  };
  std::unique_ptr<Constraint> build(const Scene& scene, QString& error) const;

  std::string kind_;
  std::unique_ptr<Constraint> prototype_;
  std::vector<Slot> slots_;
  std::vector<SurfacePick> picks_;
};

}  // namespace flexure::app
