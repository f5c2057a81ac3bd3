#include "viewport/drag_mode_choice.h"

namespace flexure::app {

DragMode resolveDragMode(DragModeChoice choice, const Scene&, const std::string&) {
  switch (choice) {
    case DragModeChoice::Move:
      return DragMode::Move;
    case DragModeChoice::Rotate:
      return DragMode::Rotate;
    case DragModeChoice::Shape:
      return DragMode::Shape;
    case DragModeChoice::Free:
      return DragMode::Free;
    case DragModeChoice::Auto:
      break;
  }
  return DragMode::Auto;
}

}  // namespace flexure::app
