#pragma once
// Which parameters a drag may move (issue 19): the drag's choice of the Ψ entries it works in,
// not a special case per node type. Constraints still pull on every free parameter they need.
//   Move   placement only: translations, rotations, solid poses above the picked part
//   Shape  the part's own parameters and those of the deformers above it
//   Free   every unfrozen parameter (Witkin et al. 1987's drag in the whole of Ψ)
//   PreferMove  Move, unless the constraints hold the part's placement (a pipe joined at both
//          ends): then Free, so the drag still does what the paper's drag does. The session
//          resolves it when the drag starts; a PartDrag only ever sees the other three.
namespace flexure {

enum class DragMode { Free, Move, Shape, PreferMove };

// "Free", "Move", "Shape", "Move, else Free": the name messages and the status bar show.
inline const char* dragModeName(DragMode mode) {
  switch (mode) {
    case DragMode::Move: return "Move";
    case DragMode::Shape: return "Shape";
    case DragMode::PreferMove: return "Move, else Free";
    case DragMode::Free: break;
  }
  return "Free";
}

}  // namespace flexure
