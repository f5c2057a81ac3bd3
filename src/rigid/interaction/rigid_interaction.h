#pragma once
// The rigid technique's part in the window, registered from registerRigidModule(): its glyphs
// (OverlayRegistry) and its drags (a part under a solid is dragged by a world point-to-point joint). Qt- and OpenGL-free; private to src/rigid.
namespace flexure {

class OverlayRegistry;
namespace session {
class PartDragRegistry;
}

void registerRigidOverlays(OverlayRegistry& registry);
void registerRigidPartDrags(session::PartDragRegistry& registry);

}  // namespace flexure
