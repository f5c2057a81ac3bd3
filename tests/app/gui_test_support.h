#pragma once
// Helpers shared by the GUI tests: waiting for frames, reading pixels of the viewport.
#include <QImage>
#include <QString>

#include "flexure/core/camera.h"

namespace flexure::app {
class MainWindow;
class Viewport;
}

namespace flexure::app::testing {

// Path of a file under the source tree.
QString sourcePath(const char* relative);
// Shows the window and waits until the viewport has painted at least `frames` more frames.
bool showAndWaitForFrames(MainWindow& window, int frames = 1, int timeoutMs = 10000);
bool waitForFrames(Viewport& viewport, int frames = 1, int timeoutMs = 10000);
// Euclidean RGB distance between two pixels.
int colorDistance(const QImage& a, int ax, int ay, const QImage& b, int bx, int by);
// A camera 10 units in front of the origin (looking along +y at z = 1, z up), for scenes whose
// pixels the tests read.
Camera frontCamera();
// Writes a small scene file with one sphere of `radius` at `center` seen by `camera`.
QString writeSphereScene(const QString& directory, double radius, double cx, double cy, double cz, const Camera& camera);

}  // namespace flexure::app::testing
