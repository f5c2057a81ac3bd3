#pragma once
// Snapping while a part is dragged (issue 26, flexure/core/snap.h): the pair of a feature of the
// dragged part and a compatible feature of another part that lie nearest to each other on
// screen, within a few pixels, and how the viewport shows it — both features ringed, a line
// between them and the glyph of the constraint releasing there would make, as a ghost.
#include <optional>
#include <set>
#include <string>

#include "flexure/core/camera.h"
#include "flexure/core/snap.h"
#include "flexure/render/overlay_geometry.h"

namespace flexure::app {

struct SnapCandidate {
  SnapFeature moving;   // of the dragged part
  SnapFeature target;   // of another part
  std::string rule;     // what joins them (SnapRule::name)
  double pixels = 0.0;  // how far apart they are on screen
};

// A pair's name: "<moving feature>|<target part>|<target feature>".
std::string snapPairKey(const SnapFeature& moving, const SnapFeature& target);

// The nearest pair on screen within `maxPixels` that a rule joins, leaving out pairs a
// constraint of the scene already joins (same kind, same parts) and the pairs named in
// `excluded`; nullopt when there is none.
std::optional<SnapCandidate> findSnap(const Scene& scene, const std::string& dragged, const Camera& camera, int width,
                                      int height, const std::set<std::string>& excluded = {}, double maxPixels = 12.0);

// Every pair within `maxPixels` on screen that a rule joins (snapPairKey of each): at a drag's
// start, the pairs that were not brought together by it (parts of a mechanism that touch) and
// so must not snap.
std::set<std::string> nearbySnapPairs(const Scene& scene, const std::string& dragged, const Camera& camera, int width,
                                      int height, double maxPixels = 12.0);

// The highlight of a candidate (a small fraction of the eye distance sizes it).
void appendSnapHighlight(const Scene& scene, const SnapCandidate& snap, const Camera& camera, OverlayGeometry& out);

}  // namespace flexure::app
