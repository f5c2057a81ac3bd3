#pragma once
// The subspace of Ψ a drag works in (issue 19 "drag modes", issue 17 item 1 "drives").
//
// Witkin et al. 1987 (section 2) let the user's spring E_user pull on the whole of Ψ: every
// unfrozen parameter follows −∇(E_constraints + E_user). A drag mode restricts which entries of Ψ
// the drag itself may move, i.e. it solves the same energy over a subspace of Ψ (the problem's
// columns, energy_problem.h), with the anchor ε|ψ − ψ_start|² as the metric on that subspace:
//
//   entries on the picked path (the primitive and the operators above it):
//     Free, Auto  every unfrozen one, and the drives above it (Auto differs in its metric only,
//            drag_metric.h)
//     Move   only placement: parameters of operators that move their subtree rigidly
//            (translations, rotations, solid poses) and the drives above it
//     Rotate only the placement's rotations (a rigid operator's slots that do not move every
//            point alike) and the drives above it
//     Shape  only the primitive's own parameters and those of the non-rigid operators above it
//            (bend, twist, taper, scale, metaball deformation); drives stay put
//   entries off the picked path: every unfrozen one in every mode, and the scene's drives in
//     every mode but Shape. They are not what the drag prefers but what the constraints need: they move
//     only as far as the constraints require for the picked point to follow (the anchor keeps
//     them where they are otherwise).
//
// A drive is a parameter frozen for solving and playback that the hand may turn: the driving
// angle of a mechanism (the Oldham coupling's shaft a, the cam). The scene declares it in the
// energy settings ("drives": node names or "node.slot"), or it is keyed on the timeline (a
// track's target; a quaternion track releases its node's four slots). The drag reports which
// drives it changed so that the window can key them at the current frame.
//
// "Rigid" is decided from the operator itself, not its type: an operator is placement when its
// Jacobian ∂T/∂x is a rotation (JᵀJ = I, det J = 1) at sample points of the picked part, for its
// current parameters and for perturbed ones (a bend with angle 0 is the identity now but not
// rigid as a family).
//
// A drag may be narrowed further to one node (`only`, a transform handle's arrow or ring: the
// placement's translate or its rotate): entries on the picked path that are not that node's
// are left out in every mode, so the hand moves only that operator's parameters. Entries off
// the path stay columns as above: the constraints still pull.
#include <string>
#include <vector>

#include "flexure/core/drag_mode.h"
#include "flexure/core/path.h"
#include "flexure/core/scene.h"

namespace flexure {

// Placement (moves its subtree rigidly for every value of its parameters) or shape.
bool operatorIsRigid(const Scene& scene, const Operator& op, const std::vector<Vec3d>& samplesBelow);

// Ψ indices the scene declares as drives (energy settings "drives", timeline tracks) plus
// `extra` (node names or qualified "node.slot" names), sorted; only frozen entries count.
std::vector<int> driveParameters(const Scene& scene, const std::vector<std::string>& extra = {});

struct DragSpace {
  std::vector<int> columns;  // Ψ entries the drag may move, ascending
  std::vector<int> drives;   // frozen entries released for the drag (a subset of columns)
  std::vector<int> path;     // Ψ entries that can move the picked point (its path)
  std::vector<int> preferred;  // columns on the picked path: what the mode lets the hand move
};

// A grip's drag (flexure/core/grip.h): on the path only these Ψ entries are columns, and the
// placement's translations too when the grip holds its opposite feature in place.
struct GripColumns {
  std::vector<int> parameters;     // sorted
  bool placementTranslations = false;
};

// The drag's subspace for a picked point on `path` in `mode`; `samples` are points of the leaf
// (its own space) used to classify the operators above it. With `only` set, on the path only the
// parameters of the node of that name are columns (nothing of the path when it is not on it);
// with `grip`, only the grip's.
DragSpace dragSpace(const Scene& scene, const Path& path, DragMode mode, const std::vector<int>& drives,
                    const std::vector<Vec3d>& samples, const std::string& only = {},
                    const GripColumns* grip = nullptr);

}  // namespace flexure
