#pragma once
// The main window as a user drives it (issues 19 and 26): menus, the outliner's Add menu and
// renaming, the property editor, and the mouse in the viewport (presses, drags through pixels,
// the transform handle, grips). Shared by the window tests that build models.
#include <QAction>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTest>
#include <QToolButton>
#include <QTreeView>
#include <QUndoStack>
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/core/solve_summary.h"
#include "flexure/render/camera_matrices.h"
#include "flexure/session/part_drag.h"
#include "flexure/session/session_result.h"
#include "panels/constraint_list_panel.h"
#include "panels/outliner_panel.h"
#include "panels/parameter_panel.h"
#include "panels/scene_tree_model.h"
#include "viewport/transform_handle.h"
#include "viewport/viewport.h"
#include "window/main_window.h"
#include "viewport/viewport_interaction.h"

namespace flexure::app::testing {

inline constexpr int kBuilderTimeoutMs = 20000;

inline bool waitFor(const std::function<bool()>& condition, int timeoutMs = kBuilderTimeoutMs) {
  return QTest::qWaitFor(condition, timeoutMs);
}

// The action of `menu` (or of one of its sub-menus) with this text, '&' left out; null if none.
inline QAction* findAction(QMenu* menu, const QString& text) {
  for (QAction* action : menu->actions()) {
    if (action->text().remove('&') == text) return action;
    if (action->menu())
      if (QAction* found = findAction(action->menu(), text)) return found;
  }
  return nullptr;
}

// The window as a user drives it.
struct Builder {
  MainWindow& window;
  OutlinerPanel* outliner = nullptr;
  ParameterPanel* parameters = nullptr;
  ConstraintListPanel* constraints = nullptr;

  explicit Builder(MainWindow& w) : window(w) {
    outliner = window.findChild<OutlinerPanel*>();
    parameters = window.findChild<ParameterPanel*>();
    constraints = window.findChild<ConstraintListPanel*>();
    REQUIRE(outliner);
    REQUIRE(parameters);
    REQUIRE(constraints);
  }
  Scene& scene() { return window.document().scene(); }

  void menuAction(const QString& menuTitle, const QString& text) {
    for (QAction* top : window.menuBar()->actions())
      if (top->text().remove('&') == menuTitle && top->menu())
        if (QAction* action = findAction(top->menu(), text)) {
          action->trigger();
          return;
        }
    FAIL("no menu action " << text.toStdString());
  }
  // Add ▸ <category> ▸ <type> of the outliner's toolbar.
  void add(const QString& category, const QString& type) {
    QToolButton* addButton = nullptr;
    for (QToolButton* b : outliner->findChildren<QToolButton*>())
      if (b->text() == "Add") addButton = b;
    REQUIRE(addButton);
    REQUIRE(addButton->menu());
    QAction* categoryAction = findAction(addButton->menu(), category);
    REQUIRE(categoryAction);
    QAction* action = findAction(categoryAction->menu(), type);
    REQUIRE(action);
    action->trigger();
    INFO(outliner->message().toStdString());
    REQUIRE(outliner->message().isEmpty());
  }
  // Clicks the node's row in the outliner.
  void select(const std::string& name) {
    const Node* node = scene().find(name);
    REQUIRE(node);
    QTreeView& tree = outliner->tree();
    const QModelIndex index = outliner->model().indexOf(node);
    REQUIRE(index.isValid());
    tree.scrollTo(index);
    QTest::mouseClick(tree.viewport(), Qt::LeftButton, Qt::NoModifier, tree.visualRect(index).center());
    REQUIRE(window.selection().current() == node);
  }
  // In-place renaming in the outliner (what F2 / double-click commit).
  void rename(const std::string& from, const std::string& to) {
    const QModelIndex index = outliner->model().indexOf(scene().find(from));
    REQUIRE(outliner->model().setData(index, QString::fromStdString(to)));
    REQUIRE(scene().find(to));
  }
  const ParameterPanel::Row& row(const std::string& node, const std::string& slot) {
    select(node);
    const int i = scene().parameters().find(node + "." + slot);
    REQUIRE(i >= 0);
    for (const ParameterPanel::Row& r : parameters->rows())
      if (r.parameter == i) return r;
    FAIL("no row " << node << "." << slot);
    throw;
  }
  void type(const std::string& node, const std::string& slot, double value) {
    QDoubleSpinBox* spin = row(node, slot).value;
    spin->setValue(value);
    // The editor shows four decimals.
    REQUIRE(scene().parameters().value(scene().parameters().find(node + "." + slot)) == Approx(value).margin(6e-5));
  }
  void freezeAll(const std::string& node) {
    select(node);
    for (const ParameterPanel::Row& r : parameters->rows()) r.frozen->setChecked(true);
  }
  // Degrees about an axis in the rotate's Rotation rows.
  void turn(const std::string& rotate, double degrees, const Vec3d& axis) {
    select(rotate);
    const ParameterPanel::RotationEditors& r = parameters->rotationEditors();
    REQUIRE(r.angle);
    r.axis[0]->setValue(axis.x);
    r.axis[1]->setValue(axis.y);
    r.axis[2]->setValue(axis.z);
    r.angle->setValue(degrees);
  }
  QPoint pixelOf(const Vec3d& world) {
    const Viewport& v = window.viewport();
    glm::dvec2 pixel;
    REQUIRE(projectToPixel(v.camera(), v.width(), v.height(), toGlm(world), pixel));
    return {static_cast<int>(std::lround(pixel.x)), static_cast<int>(std::lround(pixel.y))};
  }
  // Presses at `from`, moves through `path` (letting the solver answer each move), releases at
  // its end and waits for the drag's undo step.
  void dragThrough(const QPoint& from, const std::vector<QPoint>& path) {
    const int commands = window.document().undoStack().count();
    QTest::mousePress(&window.viewport(), Qt::LeftButton, Qt::NoModifier, from);
    for (const QPoint& at : path) {
      const std::uint64_t before = window.shownResult() ? window.shownResult()->sequence : 0;
      QTest::mouseMove(&window.viewport(), at);
      waitFor([&] { return window.shownResult() && window.shownResult()->sequence > before; }, 3000);
    }
    QTest::mouseRelease(&window.viewport(), Qt::LeftButton, Qt::NoModifier, path.back());
    const bool stepped = waitFor([&] { return window.document().undoStack().count() == commands + 1; });
    INFO("status: " << window.statusBar()->currentMessage().toStdString());
    REQUIRE(stepped);
    REQUIRE(waitFor([&] { return settled(); }));
  }
  TransformHandle handle() {
    REQUIRE(waitFor([&] { return settled() && window.transformHandle().has_value(); }));
    return *window.transformHandle();
  }
  // Where along the arrow of `axis` a press grabs it: the first of a few fractions of its length
  // whose pixel is in the viewport and starts a handle drag (not the part's, not off screen).
  double arrowGrabFraction(const TransformHandle& h, int axis) {
    const Viewport& v = window.viewport();
    for (int k = 0; k < 47; ++k) {
      const double t = 0.45 + (k % 2 == 0 ? 1.0 : -1.0) * ((k + 1) / 2) * 0.02;  // 0.45, 0.43, 0.47, ... 0.01, 0.89
      glm::dvec2 pixel;
      if (!projectToPixel(v.camera(), v.width(), v.height(), toGlm(arrowPoint(h, axis, t)), pixel)) continue;
      if (pixel.x < 2 || pixel.y < 2 || pixel.x > v.width() - 3 || pixel.y > v.height() - 3) continue;
      const QPoint at = pixelOf(arrowPoint(h, axis, t));
      if (window.interaction().pressTargetAt(at) == ViewportInteraction::PressKind::Handle) return t;
    }
    FAIL("no pixel of the arrow " << axis << " grabs it");
    return 0.0;
  }
  // Drags the selected part's transform handle arrow `axis` by `pixels` along its screen
  // direction.
  void dragArrow(int axis, double pixels) {
    const TransformHandle h = handle();
    const double t = arrowGrabFraction(h, axis);
    const QPoint from = pixelOf(arrowPoint(h, axis, t));
    const QPoint tip = pixelOf(arrowPoint(h, axis, 1.0));
    const QPointF direction = QPointF(tip - from) / std::hypot(tip.x() - from.x(), tip.y() - from.y());
    const QPoint to = from + (direction * pixels).toPoint();
    std::vector<QPoint> path;
    for (int i = 1; i <= 6; ++i) path.push_back(from + (to - from) * i / 6);
    dragThrough(from, path);
  }
  // Drags the arrow `axis` so that the part moves by `distance` (scene units) along it: the
  // mouse goes to where the grabbed point of the arrow would be (to a pixel's precision).
  void dragArrowBy(int axis, double distance) {
    const TransformHandle h = handle();
    const Vec3d grabbed = arrowPoint(h, axis, arrowGrabFraction(h, axis));
    std::vector<QPoint> path;
    for (int i = 1; i <= 6; ++i) path.push_back(pixelOf(grabbed + handleAxis(axis) * (distance * i / 6)));
    dragThrough(pixelOf(grabbed), path);
  }
  // Drags the ring about `axis` by `degrees`: pressed on the ring at the point `radial` (a unit
  // vector normal to the axis) — or, where that point is on the part or off screen, the nearest
  // point of the ring that grabs it — and moved round the ring on screen.
  void dragRing(int axis, double degrees, const Vec3d& radial) {
    const TransformHandle h = handle();
    const double r = h.ringRadius;
    const Viewport& v = window.viewport();
    Vec3d start = radial;
    bool found = false;
    for (int k = 0; k < 24 && !found; ++k) {
      const double turn = (k % 2 == 0 ? 1.0 : -1.0) * ((k + 1) / 2) * (M_PI / 12.0);
      start = rotate(Quatd::fromAxisAngle(handleAxis(axis), turn), radial);
      glm::dvec2 pixel;
      if (!projectToPixel(v.camera(), v.width(), v.height(), toGlm(h.origin + start * r), pixel)) continue;
      if (pixel.x < 2 || pixel.y < 2 || pixel.x > v.width() - 3 || pixel.y > v.height() - 3) continue;
      const QPoint at = pixelOf(h.origin + start * r);
      const auto hit = pickTransformHandle(h, v.camera(), v.width(), v.height(), at.x(), at.y());
      found = hit && hit->kind == HandlePart::Kind::Ring && hit->axis == axis &&
              window.interaction().pressTargetAt(at) == ViewportInteraction::PressKind::Handle;
    }
    REQUIRE(found);
    const QPoint from = pixelOf(h.origin + start * r);
    const int steps = std::max(6, static_cast<int>(std::ceil(std::abs(degrees) / 10.0)));
    std::vector<QPoint> path;
    for (int i = 1; i <= steps; ++i)
      path.push_back(pixelOf(h.origin + rotate(Quatd::fromAxisAngle(handleAxis(axis), degrees * M_PI / 180.0 * i / steps),
                                               start * r)));
    dragThrough(from, path);
  }
  double value(const std::string& qualified) {
    const int i = scene().parameters().find(qualified);
    REQUIRE(i >= 0);
    return scene().parameters().value(i);
  }
  bool settled() {
    const auto& r = window.shownResult();
    return r && r->activity == session::SessionActivity::Idle && window.geometryUpToDate();
  }
  double energy() {
    for (const SolveReport& report : window.shownResult()->reports)
      if (report.family == "energy") return report.energy;
    return -1.0;
  }
  // Clicks the part near one end (-1: its -x end, +1: its +x end) where the viewport picks it.
  void clickEnd(const std::string& part, int end) {
    REQUIRE(waitFor([&] { return settled(); }));
    for (double along : {0.04, 0.08, 0.12, 0.16, 0.2})
      for (double u : {0.0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875}) {
        const double v = end < 0 ? along : 1.0 - along;
        const QPoint at = pixelOf(session::pickedPointPosition(scene(), part, SurfacePoint{0, u, v}));
        const auto pick = window.pickSurface(at);
        if (!pick || pick->node != part) continue;
        const Vec3d minus = session::pickedPointPosition(scene(), part, {0, 0, 0});
        const Vec3d plus = session::pickedPointPosition(scene(), part, {0, 0, 1});
        if ((norm(pick->world - minus) < norm(pick->world - plus)) != (end < 0)) continue;
        QTest::mouseClick(&window.viewport(), Qt::LeftButton, Qt::NoModifier, at);
        return;
      }
    FAIL("no pixel shows " << part << " near its end " << end);
  }
};

}  // namespace flexure::app::testing
