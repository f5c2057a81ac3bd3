#pragma once
// Viewport navigation as Blender and Maya users expect it, as pure functions on a Camera so that
// the viewport widget only turns mouse deltas into calls (and tests can check the maths).
// Conventions: +z is up in the world unless a scene says otherwise (the orbit overload taking the
// world's up axis); pixel deltas are x right, y down.
#include "flexure/core/camera.h"

namespace flexure {

// Turntable orbit around the target: horizontal motion yaws around the world z axis, vertical
// motion pitches around the camera's right axis. `radiansPerPixel` sets the speed.
Camera orbitCamera(const Camera& camera, double dxPixels, double dyPixels, double radiansPerPixel = 0.008);
// The same turntable around another world up axis (a y-up scene's y, so that its ground grid
// stays level while the view turns).
Camera orbitCamera(const Camera& camera, double dxPixels, double dyPixels, const Vec3d& worldUp,
                   double radiansPerPixel = 0.008);

// Moves eye and target together in the view plane so that the point under the cursor follows
// it (exact at the target's depth) for a viewport `viewportHeight` pixels high.
Camera panCamera(const Camera& camera, double dxPixels, double dyPixels, int viewportHeight);

// Moves the eye toward the target (factor < 1) or away (> 1); orthographic cameras scale their
// visible height instead. The distance never drops below a small fraction of the near plane.
Camera dollyCamera(const Camera& camera, double factor);

// Numeric keypad views (Blender): front looks along +y, right along -x, top along -z.
enum class StandardView { Front, Back, Right, Left, Top, Bottom };
Camera standardViewCamera(const Camera& camera, StandardView view);

// Switches perspective <-> orthographic keeping the apparent size of the target plane.
Camera toggledProjection(const Camera& camera);

}  // namespace flexure
