#pragma once
// Which parameters a drag in the viewport may move (issues 19 and 26, docs/app.md "Drag modes"):
// the user's choice on the viewport toolbar (or keys Q, G, R, S, D). Auto is one rule for every
// part, the stiffness ladder of the drag's metric (energy/drag_metric.h): a free part moves, a
// part its constraints hold in place turns about that hinge, a part whose placement is held bends
// and stretches. Move, Rotate, Shape and Free restrict what may change, as chosen.
#include <string>

#include "flexure/core/drag_mode.h"
#include "flexure/core/scene.h"

namespace flexure::app {

enum class DragModeChoice { Auto, Move, Shape, Free, Rotate };

// The mode of a drag of `node` (a primitive, or a deformer's handle) under `choice`.
DragMode resolveDragMode(DragModeChoice choice, const Scene& scene, const std::string& node);

}  // namespace flexure::app
