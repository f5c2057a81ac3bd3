#pragma once
// What the solver session was last told about the document, so an edit made by anyone (a
// panel, an undo command) is forwarded as the smallest command that is still exact
// (docs/app.md "The live solver"):
//   - one Ψ value changed, nothing else        -> ParameterEdited{index, value}
//   - several values, or anything structural   -> StructureChanged{clone}
//     (nodes, fields, frozen flags, bounds, constraints, settings: what the file stores
//     apart from Ψ values, the camera and the description).
// A fresh copy also lets the window drop results computed before the edit (their
// structureVersion is older), so an undo is never overwritten by a stale result.
#include <Eigen/Core>
#include <string>
#include <vector>

#include "flexure/core/scene.h"

namespace flexure::app {

// The scene file text of everything but Ψ values, the camera and the description.
std::string structureSignature(const Scene& scene);

class DocumentSessionSync {
 public:
  struct Change {
    bool structure = false;    // send StructureChanged
    std::vector<int> values;   // else: the Ψ indices whose value changed
  };

  // The session now holds exactly `scene` (after start or StructureChanged).
  void reset(const Scene& scene);
  // The document took the solver's Ψ (the session has it already).
  void adoptValues(const Eigen::VectorXd& psi) { psi_ = psi; }
  // What differs between `scene` and what the session was told. `valuesOnly`: the edit is known
  // to have changed Ψ values only (SceneDocument::notifyValuesEdited), so the structure is not
  // re-derived (its file text, ~30 ms on a 10,000-node scene); a changed Ψ size still counts.
  Change compare(const Scene& scene, bool valuesOnly = false) const;
  // The session was told about the values of `scene` (after ParameterEdited).
  void acceptValues(const Scene& scene) { psi_ = scene.parameters().values(); }

 private:
  Eigen::VectorXd psi_;
  std::string structure_;
};

}  // namespace flexure::app
