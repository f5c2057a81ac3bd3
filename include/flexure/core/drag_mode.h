#pragma once
// Which parameters a drag may move, and how it weighs them (issues 19 and 26): the drag's
// choice of the Ψ entries it works in and of its metric, not a special case per node type.
// Constraints still pull on every free parameter they need.
//   Auto    every unfrozen parameter, weighed by the stiffness ladder (energy/drag_metric.h):
//           a placement's translation is cheapest, its rotation dearer, the part's own and its
//           deformers' parameters dearer still. A free part moves, a part its constraints hold
//           in place turns about that hinge, a part whose placement is held bends and stretches
//   Move    placement only: translations, rotations, solid poses above the picked part (the
//           ladder prefers translating)
//   Rotate  the rotations of the placement only: the part turns about its placement's origin
//   Shape   the part's own parameters and those of the deformers above it
//   Free    every unfrozen parameter in the paper's own metric (Witkin et al. 1987: the
//           gradient flow in Ψ, every entry alike)
//   PreferMove  Move, unless the constraints hold the part's placement (a pipe joined at both
//          ends): then Free. Kept for callers of issue 19; the window's Auto is DragMode::Auto.
//          The session resolves it when the drag starts; a PartDrag never sees it.
#include <optional>
#include <string_view>

namespace flexure {

enum class DragMode { Free, Move, Shape, PreferMove, Auto, Rotate };

// "Free", "Move", "Shape", "Move, else Free", "Auto", "Rotate": what messages and the status bar show.
inline const char* dragModeName(DragMode mode) {
  switch (mode) {
    case DragMode::Move: return "Move";
    case DragMode::Shape: return "Shape";
    case DragMode::PreferMove: return "Move, else Free";
    case DragMode::Auto: return "Auto";
    case DragMode::Rotate: return "Rotate";
    case DragMode::Free: break;
  }
  return "Free";
}

// The mode a script names ("auto", "move", "rotate", "shape", "free"; case-sensitive), or nullopt.
inline std::optional<DragMode> dragModeNamed(std::string_view name) {
  if (name == "auto") return DragMode::Auto;
  if (name == "move") return DragMode::Move;
  if (name == "rotate") return DragMode::Rotate;
  if (name == "shape") return DragMode::Shape;
  if (name == "free") return DragMode::Free;
  return std::nullopt;
}

// Whether the mode weighs parameters by the stiffness ladder (every mode but the paper's Free).
inline bool usesStiffnessLadder(DragMode mode) { return mode != DragMode::Free && mode != DragMode::PreferMove; }

}  // namespace flexure
