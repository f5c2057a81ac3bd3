#pragma once
// Which parameters a drag in the viewport may move (issue 19, docs/app.md "Drag modes"): the
// user's choice on the viewport toolbar (or keys A, G, S, D), resolved per drag from the
// picked part. Auto picks Move for a part with a placement above it (a translate, rotate or
// solid among its ancestors: the part moves, as in every modeler) — falling back to Free when
// the constraints hold that placement (DragMode::PreferMove, resolved by the session) — and
// Free otherwise (the paper's drag in the whole of Ψ); Move, Shape and Free are used as chosen.
#include <string>

#include "flexure/core/drag_mode.h"
#include "flexure/core/scene.h"

namespace flexure::app {

enum class DragModeChoice { Auto, Move, Shape, Free };

// Whether `node` has a placement above it: a translate, rotate or solid among its ancestors.
bool hasPlacement(const Node& node);

// The mode of a drag of `node` (a primitive, or a deformer's handle) under `choice`.
DragMode resolveDragMode(DragModeChoice choice, const Scene& scene, const std::string& node);

}  // namespace flexure::app
