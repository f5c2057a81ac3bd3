#pragma once
// The curves technique's part in the window, registered from registerCurvesModule(): its glyphs
// (OverlayRegistry) and its drags (an MES curve is dragged by a rubberband in its plane). Qt- and OpenGL-free; private to src/curves.
namespace flexure {

class OverlayRegistry;
namespace session {
class PartDragRegistry;
}

void registerCurveOverlays(OverlayRegistry& registry);
void registerCurvesPartDrags(session::PartDragRegistry& registry);

}  // namespace flexure
