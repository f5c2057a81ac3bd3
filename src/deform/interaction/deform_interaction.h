#pragma once
// The deform technique's part in the window, registered from registerDeformModule(): its glyphs
// (OverlayRegistry) and its drags (a metaball deformer's handles move its displacement). Qt- and OpenGL-free; private to src/deform.
namespace flexure {

class OverlayRegistry;
namespace session {
class PartDragRegistry;
}

void registerDeformOverlays(OverlayRegistry& registry);
void registerDeformPartDrags(session::PartDragRegistry& registry);

}  // namespace flexure
