#pragma once
// The main window as a user drives it (issues 19 and 26): menus, the outliner's Add menu and
// renaming, the property editor, and the mouse in the viewport (presses, drags through pixels,
// the transform handle, grips). Shared by the window tests that build models.
#include <QAction>
#include <QWheelEvent>
#include <QStyle>
#include <QStyleOptionButton>
#include <QApplication>
#include <QTimer>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTest>
#include <QToolButton>
#include <QScrollBar>
#include <QTreeView>
#include <QUndoStack>
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/core/grip.h"
#include "flexure/core/snap.h"
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
  // A point on the first letters of `index`'s name, the tree scrolled to show it: the Name column
  // is as wide as the deepest, longest name and may run on past the dock, so a deep row is
  // scrolled to horizontally as a user does with the scroll bar.
  QPoint rowPoint(QTreeView& tree, const QModelIndex& index) {
    tree.scrollTo(index);
    QRect r = tree.visualRect(index);
    if (r.left() + 40 > tree.viewport()->width()) {
      tree.horizontalScrollBar()->setValue(tree.horizontalScrollBar()->value() + r.left() - 20);
      r = tree.visualRect(index);
    }
    return QPoint(r.left() + 12, r.center().y());
  }
  void select(const std::string& name) {
    const Node* node = scene().find(name);
    REQUIRE(node);
    QTreeView& tree = outliner->tree();
    const QModelIndex index = outliner->model().indexOf(node);
    REQUIRE(index.isValid());
    QTest::mouseClick(tree.viewport(), Qt::LeftButton, Qt::NoModifier, rowPoint(tree, index));
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
    window.viewport().grabFramebuffer().save("/tmp/arrowfail.png");
    FAIL("no pixel of the arrow " << axis << " of " << h.part << "'s handle at (" << h.origin.x << ", " << h.origin.y
                                     << ", " << h.origin.z << ") grabs it");
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
  // ---- the mouse alone (issue 26's mouse-only builds): every helper below is mouse input, and
  // counts what a user would do: a click or a drag (press, moves, release) is one action.
  int mouseActions = 0;

  // Clicks through the popup menus that `open` opens (a menu bar title, a tool button with a
  // menu, a right click), one item of `path` per menu level.
  void clickThrough(const std::function<void()>& open, const std::vector<QString>& path) {
    std::size_t next = 0;
    QMenu* last = nullptr;
    QTimer poll;
    poll.setInterval(30);
    QObject::connect(&poll, &QTimer::timeout, [&] {
      // No REQUIRE in here: an exception must not cross Qt's event loop.
      auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
      if (!menu || menu == last || next >= path.size()) return;
      for (QAction* action : menu->actions())
        if (action->text().remove('&') == path[next]) {
          last = menu;
          ++next;
          ++mouseActions;
          QTest::mouseClick(menu, Qt::LeftButton, Qt::NoModifier, menu->actionGeometry(action).center());
          return;
        }
    });
    poll.start();
    open();
    waitFor([&] { return next >= path.size() && QApplication::activePopupWidget() == nullptr; }, 5000);
    poll.stop();
    REQUIRE(next == path.size());
  }
  // The menu bar: `title` ▸ path.
  void clickMenu(const QString& title, const std::vector<QString>& path) {
    QMenuBar* bar = window.menuBar();
    QAction* top = nullptr;
    for (QAction* a : bar->actions())
      if (a->text().remove('&') == title) top = a;
    REQUIRE(top);
    clickThrough(
        [&] {
          ++mouseActions;
          QTest::mouseClick(bar, Qt::LeftButton, Qt::NoModifier, bar->actionGeometry(top).center());
        },
        path);
  }
  // The outliner's Add button ▸ category ▸ type.
  void clickAdd(const QString& category, const QString& type) {
    QToolButton* addButton = nullptr;
    for (QToolButton* button : outliner->findChildren<QToolButton*>())
      if (button->text() == "Add") addButton = button;
    REQUIRE(addButton);
    clickThrough(
        [&] {
          ++mouseActions;
          QTest::mouseClick(addButton, Qt::LeftButton);
        },
        {category, type});
    REQUIRE(waitFor([&] { return settled(); }));
  }
  // Clicks the node's row in the outliner.
  void clickRow(const std::string& name) {
    const Node* node = scene().find(name);
    REQUIRE(node);
    QTreeView& tree = outliner->tree();
    const QModelIndex index = outliner->model().indexOf(node);
    REQUIRE(index.isValid());
    const int scrolled = tree.horizontalScrollBar()->value();
    const QPoint at = rowPoint(tree, index);
    mouseActions += tree.horizontalScrollBar()->value() != scrolled ? 2 : 1;  // the scroll bar, then the row
    QTest::mouseClick(tree.viewport(), Qt::LeftButton, Qt::NoModifier, at);
    INFO("clicked the row of " << name << "; selected "
                               << (window.selection().current() ? window.selection().current()->name() : "nothing"));
    REQUIRE(window.selection().current() == node);
  }
  // Clicks a row's frozen box, on the box itself (a check box without text answers clicks on
  // its indicator only).
  void clickFrozenBox(const ParameterPanel::Row& r) {
    ++mouseActions;
    QStyleOptionButton option;
    option.initFrom(r.frozen);
    const QRect box = r.frozen->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &option, r.frozen);
    QTest::mouseClick(r.frozen, Qt::LeftButton, Qt::NoModifier, box.center());
    REQUIRE(r.frozen->isChecked());
  }
  // Selects `node` by its outliner row and clicks the frozen boxes of all its parameters.
  void clickFreeze(const std::string& node) {
    clickRow(node);
    for (const ParameterPanel::Row& r : parameters->rows())
      if (!r.frozen->isChecked()) clickFrozenBox(r);
  }
  // A drag with the mouse: press at `from`, moves through `path` with `modifiers` held (each
  // answered by the solver), release; waits until the drag's undo step is there. A path shorter
  // than the viewport's drag threshold (a few pixels: Ctrl's small steps) first goes a dozen
  // pixels out along it and comes back, as a hand does.
  void mouseDrag(const QPoint& from, std::vector<QPoint> path, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
    const QPoint reach = path.back() - from;
    if (reach.manhattanLength() < 10) {
      const double length = std::hypot(reach.x(), reach.y());
      const QPointF along = length > 0.0 ? QPointF(reach) / length : QPointF(1.0, 0.0);
      path.insert(path.begin(), from + (along * 14.0).toPoint());
    }
    const int commands = window.document().undoStack().count();
    ++mouseActions;
    QTest::mousePress(&window.viewport(), Qt::LeftButton, Qt::NoModifier, from);
    for (const QPoint& at : path) {
      const std::uint64_t before = window.shownResult() ? window.shownResult()->sequence : 0;
      QTest::mouseEvent(QTest::MouseMove, &window.viewport(), Qt::NoButton, modifiers, at);
      waitFor([&] { return window.shownResult() && window.shownResult()->sequence > before; }, 3000);
    }
    QTest::mouseRelease(&window.viewport(), Qt::LeftButton, modifiers, path.back());
    INFO("status: " << window.statusBar()->currentMessage().toStdString() << "; selected "
                    << (window.selection().current() ? window.selection().current()->name() : std::string("nothing"))
                    << "; drag from (" << from.x() << ", " << from.y() << ") to (" << path.back().x() << ", "
                    << path.back().y() << ")");
    REQUIRE(waitFor([&] { return window.document().undoStack().count() == commands + 1; }));
    REQUIRE(waitFor([&] { return settled(); }));
  }
  // With Ctrl held, drags the selected part's arrow `axis` so that its origin lands on `value`
  // along that axis (Ctrl steps it from grid line to grid line; the mouse only has to come near).
  // A Ctrl drag by `delta` (a grip) or to `delta` (an arrow) needs it to be a whole number of the steps Ctrl (with `extra`) takes at
  // this zoom (ViewportInteraction::gridCell; Shift: tenths), else it would land elsewhere.
  void requireWholeSteps(double delta, Qt::KeyboardModifiers extra) {
    const double step = window.interaction().gridCell() * (extra.testFlag(Qt::ShiftModifier) ? 0.1 : 1.0);
    INFO("a move of " << delta << " by Ctrl's steps of " << step);
    REQUIRE(std::abs(delta / step - std::round(delta / step)) < 1e-6);
  }
  void ctrlArrowTo(int axis, double value, Qt::KeyboardModifiers extra = Qt::NoModifier) {
    const TransformHandle h = handle();
    const double at = axis == 0 ? h.origin.x : axis == 1 ? h.origin.y : h.origin.z;
    if (std::abs(value - at) < 1e-9) return;  // already there
    requireWholeSteps(value, extra);  // the arrow puts the origin on the grid
    const Vec3d grabbed = arrowPoint(h, axis, arrowGrabFraction(h, axis));
    std::vector<QPoint> path;
    for (int i = 1; i <= 8; ++i) path.push_back(pixelOf(grabbed + handleAxis(axis) * ((value - at) * i / 8)));
    mouseDrag(pixelOf(grabbed), path, Qt::ControlModifier | extra);
  }
  // With Ctrl held, turns the selected part by its ring about `axis` by `degrees` (a multiple of
  // 15°: Ctrl steps the turn).
  void ctrlRing(int axis, double degrees) {
    const TransformHandle h = handle();
    const Viewport& v = window.viewport();
    Vec3d radial;
    QPoint from;
    bool found = false;
    for (int k = 0; k < 24 && !found; ++k) {
      Vec3d e1, e2;
      e1 = axis == 0 ? Vec3d(0, 1, 0) : Vec3d(1, 0, 0);
      e2 = cross(handleAxis(axis), e1);
      radial = e1 * std::cos(k * M_PI / 12.0) + e2 * std::sin(k * M_PI / 12.0);
      glm::dvec2 pixel;
      if (!projectToPixel(v.camera(), v.width(), v.height(), toGlm(h.origin + radial * h.ringRadius), pixel)) continue;
      if (pixel.x < 2 || pixel.y < 2 || pixel.x > v.width() - 3 || pixel.y > v.height() - 3) continue;
      from = pixelOf(h.origin + radial * h.ringRadius);
      const auto hit = pickTransformHandle(h, v.camera(), v.width(), v.height(), from.x(), from.y());
      found = hit && hit->kind == HandlePart::Kind::Ring && hit->axis == axis &&
              window.interaction().pressTargetAt(from) == ViewportInteraction::PressKind::Handle;
    }
    REQUIRE(found);
    std::vector<QPoint> path;
    const int steps = std::max(6, static_cast<int>(std::ceil(std::abs(degrees) / 10.0)));
    for (int i = 1; i <= steps; ++i)
      path.push_back(pixelOf(h.origin + rotate(Quatd::fromAxisAngle(handleAxis(axis), degrees * M_PI / 180.0 * i / steps),
                                               radial * h.ringRadius)));
    mouseDrag(from, path, Qt::ControlModifier);
  }
  // A pixel of `part`'s surface near its `end` (-1, +1) that starts a drag of the part.
  QPoint partPixelNearEnd(const std::string& part, int end, SurfacePoint* picked = nullptr) {
    for (double along : {0.15, 0.1, 0.2, 0.25, 0.3})
      for (double u : {0.0, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875}) {
        const SurfacePoint p{0, u, end < 0 ? along : 1.0 - along};
        const QPoint at = pixelOf(session::pickedPointPosition(scene(), part, p));
        const auto pick = window.pickSurface(at);
        if (!pick || pick->node != part) continue;
        if (window.interaction().pressTargetAt(at) != ViewportInteraction::PressKind::Part) continue;
        if (picked) *picked = pick->point;
        return at;
      }
    FAIL("no pixel drags " << part << " near its end " << end);
    return {};
  }

  // Turns the mouse wheel over the viewport (each notch one action) until the eye is between
  // `nearest` and `farthest` from what it looks at.
  void wheelTo(double nearest, double farthest) {
    Viewport& v = window.viewport();
    for (int k = 0; k < 60; ++k) {
      const double d = norm(v.camera().target - v.camera().eye);
      if (d >= nearest && d <= farthest) return;
      const QPoint centre(v.width() / 2, v.height() / 2);
      QWheelEvent wheel(centre, v.mapToGlobal(centre), QPoint(), QPoint(0, d > farthest ? 120 : -120), Qt::NoButton,
                        Qt::NoModifier, Qt::NoScrollPhase, false);
      ++mouseActions;
      QApplication::sendEvent(&v, &wheel);
    }
    FAIL("the wheel did not bring the eye between " << nearest << " and " << farthest);
  }
  // Clicks the frozen boxes of the given slots of `node` (selected by its outliner row).
  void clickFreeze(const std::string& node, const std::vector<std::string>& slotNames) {
    clickRow(node);
    for (const std::string& slot : slotNames) {
      const int i = scene().parameters().find(node + "." + slot);
      REQUIRE(i >= 0);
      bool clicked = false;
      for (const ParameterPanel::Row& r : parameters->rows())
        if (r.parameter == i && !r.frozen->isChecked()) {
          clickFrozenBox(r);
          clicked = true;
        }
      INFO(node << "." << slot);
      REQUIRE(clicked);
    }
  }
  // A click on empty space in the viewport: the selection is cleared.
  void clickEmpty() {
    const Viewport& v = window.viewport();
    for (int y = 5; y < v.height(); y += 20)
      for (int x = 5; x < v.width(); x += 20) {
        const QPoint at(x, y);
        if (window.interaction().pressTargetAt(at) != ViewportInteraction::PressKind::Nothing) continue;
        ++mouseActions;
        QTest::mouseClick(&window.viewport(), Qt::LeftButton, Qt::NoModifier, at);
        REQUIRE(window.selection().isEmpty());
        return;
      }
    FAIL("no empty pixel in the viewport");
  }
  // With Ctrl (and `extra` modifiers) held, drags the selected part's grip `name` by `delta`
  // along its line (Ctrl steps it by the grid's cell, Ctrl+Shift by tenths).
  void ctrlGrip(const std::string& name, double delta, Qt::KeyboardModifiers extra = Qt::NoModifier) {
    REQUIRE(waitFor([&] { return settled(); }));
    const PlacedGrip* found = nullptr;
    for (const PlacedGrip& g : window.interaction().grips())
      if (g.grip.name == name) found = &g;
    INFO("grip " << name);
    REQUIRE(found);
    const PlacedGrip grip = *found;
    requireWholeSteps(delta, extra);
    const QPoint from = pixelOf(grip.world);
    REQUIRE(window.interaction().pressTargetAt(from) == ViewportInteraction::PressKind::Grip);
    std::vector<QPoint> path;
    for (int i = 1; i <= 8; ++i) path.push_back(pixelOf(grip.world + grip.worldDirection * (delta * i / 8)));
    mouseDrag(from, path, Qt::ControlModifier | extra);
  }

  // The snap feature `name` of `part` where it is now (flexure/core/snap.h).
  Vec3d featureAt(const std::string& part, const std::string& name) {
    for (const SnapFeature& f :
         SnapRegistry::instance().featuresOf(scene(), static_cast<const Primitive&>(*scene().find(part))))
      if (f.name == name) return f.world;
    FAIL(part << " has no feature " << name);
    return {};
  }
  // Drags `part` by a point near its end `feature` (the end the feature is) until that feature
  // snaps onto `targetFeature` of `target`, as a user brings one end to the other watching the
  // snap appear, and releases there: one drag.
  void snapOnto(const std::string& part, const std::string& feature, const std::string& target,
                const std::string& targetFeature) {
    const int end = feature.find('-') != std::string::npos ? -1 : 1;
    const QPoint from = partPixelNearEnd(part, end);
    const int commands = window.document().undoStack().count();
    ++mouseActions;
    QTest::mousePress(&window.viewport(), Qt::LeftButton, Qt::NoModifier, from);
    QPoint mouse = from;
    auto snapped = [&] {
      const auto& c = window.interaction().snapCandidate();
      return c && c->moving.node == part && c->moving.name == feature && c->target.node == target &&
             c->target.name == targetFeature;
    };
    for (int step = 0; step < 80 && !snapped(); ++step) {
      const QPoint gap = pixelOf(featureAt(target, targetFeature)) - pixelOf(featureAt(part, feature));
      QPointF move = QPointF(gap) * 0.5;
      const double length = std::hypot(move.x(), move.y());
      if (length > 25.0) move *= 25.0 / length;
      if (length < 1.0 && length > 0.0) move /= length;
      mouse += move.toPoint();
      const std::uint64_t before = window.shownResult() ? window.shownResult()->sequence : 0;
      QTest::mouseMove(&window.viewport(), mouse);
      waitFor([&] { return window.shownResult() && window.shownResult()->sequence > before && window.geometryUpToDate(); },
              3000);
      QTest::qWait(20);
    }
    REQUIRE(snapped());
    QTest::mouseRelease(&window.viewport(), Qt::LeftButton, Qt::NoModifier, mouse);
    REQUIRE(waitFor([&] { return window.document().undoStack().count() == commands + 1; }));
    REQUIRE(waitFor([&] { return settled(); }));
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
