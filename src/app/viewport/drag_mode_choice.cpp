#include "viewport/drag_mode_choice.h"

namespace flexure::app {

bool hasPlacement(const Node& node) {
  for (const Node* p = node.parent(); p; p = p->parent()) {
    const std::string_view type = p->type();
    if (type == "translate" || type == "rotate" || type == "solid") return true;
  }
  return false;
}

DragMode resolveDragMode(DragModeChoice choice, const Scene& scene, const std::string& node) {
  switch (choice) {
    case DragModeChoice::Move:
      return DragMode::Move;
    case DragModeChoice::Shape:
      return DragMode::Shape;
    case DragModeChoice::Free:
      return DragMode::Free;
    case DragModeChoice::Auto:
      break;
  }
  const Node* picked = scene.find(node);
  return picked && hasPlacement(*picked) ? DragMode::PreferMove : DragMode::Free;
}

}  // namespace flexure::app
