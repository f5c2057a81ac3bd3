#pragma once
// The rigid technique's part in the window, registered from registerRigidModule(): its glyphs
// (OverlayRegistry) and its drags (a part under a solid is dragged by a world point-to-point joint). Qt- and OpenGL-free; private to src/rigid.
namespace flexure {

class OverlayRegistry;
class SnapRegistry;
namespace session {
class PartDragRegistry;
}

void registerRigidOverlays(OverlayRegistry& registry);
void registerRigidPartDrags(session::PartDragRegistry& registry);

// Which pairs of snap features (flexure/core/snap.h) this technique joins, and with what.
void registerRigidSnapRules(SnapRegistry& registry);

}  // namespace flexure
