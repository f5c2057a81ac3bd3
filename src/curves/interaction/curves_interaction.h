#pragma once
// The curves technique's part in the window, registered from registerCurvesModule(): its glyphs
// (OverlayRegistry), its drags (an MES curve is dragged by a rubberband in its plane) and its
// snapping (an open curve's ends are nailed where they are brought). Qt- and OpenGL-free; private to src/curves.
namespace flexure {

class OverlayRegistry;
class SnapRegistry;
namespace session {
class PartDragRegistry;
}

void registerCurveOverlays(OverlayRegistry& registry);
void registerCurvesPartDrags(session::PartDragRegistry& registry);
// An open curve's ends as snap features, and the rule that nails one where it is brought.
void registerCurveSnapping(SnapRegistry& registry);

}  // namespace flexure
