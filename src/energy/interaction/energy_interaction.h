#pragma once
// The energy technique's part in the window, registered from registerEnergyModule(): its glyphs
// (OverlayRegistry) and its drags (the energy spring drags any part of a parameterized model (the fallback, asked last)). Qt- and OpenGL-free; private to src/energy.
namespace flexure {

class OverlayRegistry;
class SnapRegistry;
namespace session {
class PartDragRegistry;
}

void registerEnergyOverlays(OverlayRegistry& registry);
void registerEnergyPartDrags(session::PartDragRegistry& registry);

// Which pairs of snap features (flexure/core/snap.h) this technique joins, and with what.
void registerEnergySnapRules(SnapRegistry& registry);

}  // namespace flexure
