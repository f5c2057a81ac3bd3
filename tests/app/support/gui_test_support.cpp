#include "support/gui_test_support.h"

#include <QPainter>

#include <catch2/catch.hpp>

#include <cstring>

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTest>
#include <cstdlib>

#include "viewport/viewport.h"
#include "window/main_window.h"

namespace flexure::app::testing {

QString sourcePath(const char* relative) { return QDir(FLEXURE_SOURCE_DIR).filePath(relative); }

Camera frontCamera() {
  Camera camera;
  camera.eye = {0, -10, 1};
  camera.target = {0, 0, 1};
  camera.up = {0, 0, 1};
  return camera;
}

bool waitForFrames(Viewport& viewport, int frames, int timeoutMs) {
  const int target = viewport.framesRendered() + frames;
  return QTest::qWaitFor(
      [&] {
        viewport.update();  // each poll asks for one more frame until enough were painted
        return viewport.framesRendered() >= target;
      },
      timeoutMs);
}

bool showAndWaitForFrames(MainWindow& window, int frames, int timeoutMs) {
  window.show();
  if (!QTest::qWaitForWindowExposed(&window, timeoutMs)) return false;
  return waitForFrames(window.viewport(), frames, timeoutMs);
}

int colorDistance(const QImage& a, int ax, int ay, const QImage& b, int bx, int by) {
  const QColor p = a.pixelColor(ax, ay), q = b.pixelColor(bx, by);
  return std::abs(p.red() - q.red()) + std::abs(p.green() - q.green()) + std::abs(p.blue() - q.blue());
}

QString writeSphereScene(const QString& directory, double radius, double cx, double cy, double cz, const Camera& camera) {
  const QString path = QDir(directory).filePath("sphere.json");
  QFile file(path);
  if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate)) return {};
  auto vec = [](const Vec3d& v) { return QStringLiteral("[%1, %2, %3]").arg(v.x).arg(v.y).arg(v.z); };
  const QString text = QStringLiteral(R"({
  "format": "flexure-scene", "version": 1, "description": "GUI test sphere",
  "camera": {"projection": "perspective", "eye": %1, "target": %2, "up": %3, "fov_y_degrees": %4,
             "ortho_height": 10, "near": 0.05, "far": 500},
  "nodes": [{"name": "mover", "type": "translate",
             "params": {"x": %5, "y": %6, "z": %7},
             "children": [{"name": "ball", "type": "sphere", "params": {"radius": %8}}]}],
  "constraints": []
})")
                           .arg(vec(camera.eye), vec(camera.target), vec(camera.up))
                           .arg(camera.fovYDegrees)
                           .arg(cx)
                           .arg(cy)
                           .arg(cz)
                           .arg(radius);
  file.write(text.toUtf8());
  return path;
}

QString openSphereScene(MainWindow& window, const QString& directory, const SphereScene& sphere) {
  const QString path = writeSphereScene(directory, sphere.radius, sphere.center.x, sphere.center.y, sphere.center.z,
                                        sphere.camera);
  if (path.isEmpty()) return {};
  window.setSolveOnOpen(sphere.solve);
  QString error;
  return window.openFile(path, error) ? path : QString();
}

bool showAndWaitForMeshes(MainWindow& window, int frames, int timeoutMs) {
  return showAndWaitForFrames(window, frames, timeoutMs) &&
         QTest::qWaitFor([&] { return !window.viewport().meshes().empty(); }, timeoutMs);
}

Camera cameraLookingAtOrigin(const Vec3d& eye) {
  Camera camera;
  camera.eye = eye;
  camera.target = {0, 0, 0};
  return camera;
}

ShownSphere::ShownSphere(const SphereScene& sphere) {
  REQUIRE_FALSE(openSphereScene(window, dir.path(), sphere).isEmpty());
  REQUIRE(showAndWaitForFrames(window, 1));
}

QPixmap windowPicture(MainWindow& window) {
  QPixmap shot = window.grab();
  QPainter painter(&shot);
  painter.drawImage(window.viewport().mapTo(&window, QPoint(0, 0)), window.viewport().grabFramebuffer());
  painter.end();
  return shot;
}

QString writeSceneFile(const QTemporaryDir& dir, const QString& name, const char* text) {
  const QString path = dir.filePath(name);
  QFile file(path);
  REQUIRE(file.open(QIODevice::WriteOnly));
  REQUIRE(file.write(text) == static_cast<qint64>(std::strlen(text)));
  return path;
}

QString writeTwoTubes(const QTemporaryDir& dir) {
  return writeSceneFile(dir, "two-tubes.json", R"({
  "format": "flexure-scene", "version": 1,
  "camera": {"projection": "perspective", "eye": [2, -9, 4], "target": [1.5, 0, 0], "up": [0, 0, 1],
             "fov_y_degrees": 40, "ortho_height": 10, "near": 0.05, "far": 500},
  "nodes": [
    {"name": "a-translate", "type": "translate", "params": {"x": 0, "y": 0, "z": 0}, "children": [
      {"name": "a-rotate", "type": "rotate", "params": {"qw": 1, "qx": 0, "qy": 0, "qz": 0}, "children": [
        {"name": "a", "type": "tube", "params": {"length": 2, "radius": 0.5, "thickness": 0.1}}]}]},
    {"name": "b-translate", "type": "translate", "params": {"x": 3.5, "y": 0, "z": 1}, "children": [
      {"name": "b-rotate", "type": "rotate", "params": {"qw": 1, "qx": 0, "qy": 0, "qz": 0}, "children": [
        {"name": "b", "type": "tube", "params": {"length": 2, "radius": 0.5, "thickness": 0.1}}]}]}
  ],
  "constraints": []
})");
}

}  // namespace flexure::app::testing
