#pragma once
#include <QPixmap>
// Helpers shared by the GUI tests: waiting for frames, reading pixels of the viewport.
#include <QImage>
#include <QString>
#include <QTemporaryDir>

#include "flexure/core/camera.h"
#include "flexure/core/vec.h"
#include "window/main_window.h"

namespace flexure::app {
class Viewport;
}

namespace flexure::app::testing {

// Path of a file under the source tree.
QString sourcePath(const char* relative);
// Shows the window and waits until the viewport has painted at least `frames` more frames.
bool showAndWaitForFrames(MainWindow& window, int frames = 1, int timeoutMs = 10000);
// The window as a user sees it, for docs/ screenshots: its widgets (QWidget::grab) with the
// viewport's framebuffer painted where it is shown (grab() leaves the GL surface blank).
QPixmap windowPicture(MainWindow& window);
// Two free tubes a (at the origin) and b (up and to the right, apart), seen from the front, as
// a scene file in `dir`; its path.
// Writes `text` to `name` in `dir` and returns its path (a scene a test opens).
QString writeSceneFile(const QTemporaryDir& dir, const QString& name, const char* text);
QString writeTwoTubes(const QTemporaryDir& dir);
bool waitForFrames(Viewport& viewport, int frames = 1, int timeoutMs = 10000);
// Euclidean RGB distance between two pixels.
int colorDistance(const QImage& a, int ax, int ay, const QImage& b, int bx, int by);
// A camera 10 units in front of the origin (looking along +y at z = 1, z up), for scenes whose
// pixels the tests read.
Camera frontCamera();
// Writes a small scene file with one sphere of `radius` at `center` seen by `camera`.
QString writeSphereScene(const QString& directory, double radius, double cx, double cy, double cz, const Camera& camera);

// A sphere scene to open (node "ball" of `radius` under translate "mover" at `center`): by
// default the one the document tests use, seen by frontCamera(), with the solver paused.
struct SphereScene {
  double radius = 0.75;
  Vec3d center{0.5, 0.25, 1.0};
  Camera camera = frontCamera();
  bool solve = false;  // start solving on open; paused, the document keeps the file's Ψ
};
// Writes the sphere scene into `directory` and opens it in `window`. Returns the file's path;
// empty if it could not be written or opened.
QString openSphereScene(MainWindow& window, const QString& directory, const SphereScene& sphere = {});
// Shows the window and waits until the viewport has painted `frames` frames with the
// document's meshes in it.
bool showAndWaitForMeshes(MainWindow& window, int frames = 3, int timeoutMs = 10000);

// A camera at `eye` looking at the origin, z up.
Camera cameraLookingAtOrigin(const Vec3d& eye);
// The preamble of the panel, picking and navigation tests: a window on a sphere scene kept in
// its own temporary folder, shown, its first frame drawn (REQUIREd).
struct ShownSphere {
  QTemporaryDir dir;
  MainWindow window;
  explicit ShownSphere(const SphereScene& sphere);
};

}  // namespace flexure::app::testing
