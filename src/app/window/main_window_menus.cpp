// The main window's menu bar: File (New, Open, Open Recent, Save; the document actions are
// added by main_window_document.cpp), Edit (undo, redo), View (shading, overlays, framing,
// standard viewpoints, the Panels submenu that addPanel fills), Scripts (filled by the Python
// console) and Help; and the viewport's own Add menu (right button, or Shift+A over it).
#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCursor>
#include <QDesktopServices>
#include <QDir>
#include <QUrl>
#include <QFileInfo>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QMessageBox>
#include <QUndoStack>
#include <utility>

#include "document/scene_document.h"
#include "flexure/core/version.h"
#include "flexure/render/camera_navigation.h"
#include "flexure/session/geometry_builder.h"
#include "panels/node_catalog.h"
#include "panels/outliner_panel.h"
#include "timeline/timeline_export_dialog.h"
#include "timeline/timeline_panel.h"
#include "viewport/viewport.h"
#include "window/selection_editing.h"
#include "window/controls_dialog.h"
#include "window/main_window.h"

namespace flexure::app {
namespace {

// The outliner's Add menu opened over the viewport at `position` (widget pixels): a part added
// from it lands on the ground grid under that point (Viewport::placementPoint, which the
// outliner asks), or at the view's centre where no grid is under it.
void showViewportAddMenu(QWidget* parent, Viewport& viewport, OutlinerPanel* outliner, const QPointF& position) {
  if (!outliner) return;
  QMenu menu(parent);
  QMenu* add = menu.addMenu(QObject::tr("Add"));
  for (const NodeCategory& category : nodeCatalog()) {
    QMenu* sub = add->addMenu(category.title);
    for (const std::string& type : category.types)
      sub->addAction(QString::fromStdString(type), outliner, [outliner, type] { outliner->addNode(type); });
  }
  viewport.setPlacementCursor(position);
  menu.exec(viewport.mapToGlobal(position.toPoint()));
  viewport.setPlacementCursor(std::nullopt);
}

}  // namespace

// ---------------------------------------------------------------- menus

void MainWindow::createMenus() {
  createFileMenu();
  createEditMenu();
  createViewMenu();
  scriptsMenu_ = menuBar()->addMenu(tr("&Scripts"));
  createHelpMenu();
  // Add ▸ over the viewport (issue 19): right button, or Shift+A (Blender's key) with the
  // cursor over it. The outliner is looked up when the menu opens (panels come later).
  connect(viewport_, &Viewport::contextMenuRequested, this, [this](const QPointF& position) {
    showViewportAddMenu(this, *viewport_, findChild<OutlinerPanel*>(), position);
  });
  auto* addHere = new QAction(tr("Add…"), viewport_);
  addHere->setObjectName("viewport-add");
  addHere->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_A));
  addHere->setShortcutContext(Qt::WindowShortcut);  // the cursor, not the focus, says where
  viewport_->addAction(addHere);
  connect(addHere, &QAction::triggered, this, [this] {
    const QPoint cursor = viewport_->mapFromGlobal(QCursor::pos());
    if (viewport_->rect().contains(cursor)) showViewportAddMenu(this, *viewport_, findChild<OutlinerPanel*>(), QPointF(cursor));
  });
}

void MainWindow::createFileMenu() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->addAction(tr("&New"), QKeySequence::New, this, &MainWindow::newDocument);
  file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::openWithDialog);
  recentMenu_ = file->addMenu(tr("Open &Recent"));
  connect(recentMenu_, &QMenu::aboutToShow, this, &MainWindow::refreshRecentMenu);
  refreshRecentMenu();
  file->addSeparator();
  file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::saveDocument);
  file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveDocumentAs);
  addDocumentFileActions(file);
  // In File → Export (made by addDocumentFileActions) beside glTF, STL, OBJ and Image.
  QMenu* exportMenu = file->findChild<QMenu*>("exportMenu");
  (exportMenu ? exportMenu : file)->addAction(tr("&Animation Frames (PNG, OBJ)…"), this, [this] {
    if (auto* timeline = findChild<TimelinePanel*>()) exportAnimationInteractively(timeline->playback(), *viewport_, this);
  });
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
  quit->setMenuRole(QAction::QuitRole);
}

void MainWindow::createEditMenu() {
  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  QAction* undo = document_->undoStack().createUndoAction(this, tr("&Undo"));
  undo->setShortcut(QKeySequence::Undo);
  edit->addAction(undo);
  QAction* redo = document_->undoStack().createRedoAction(this, tr("&Redo"));
  redo->setShortcut(QKeySequence::Redo);
  edit->addAction(redo);
  edit->addSeparator();
  editing_->addTo(edit);
  QAction* box = edit->addAction(tr("&Box Select"));
  box->setShortcut(Qt::Key_B);
  box->setToolTip(tr("The next drag in the viewport draws a box and selects the parts in it (B)"));
  connect(box, &QAction::triggered, viewport_, &Viewport::armBoxSelect);
}

void MainWindow::createViewMenu() {
  QMenu* view = menuBar()->addMenu(tr("&View"));
  shadingGroup_ = new QActionGroup(this);
  const QString shadingNames[] = {tr("&Shaded"), tr("&Wireframe"), tr("Shaded + W&ireframe")};
  for (int mode = 0; mode < 3; ++mode) {
    QAction* action = view->addAction(shadingNames[mode]);
    action->setCheckable(true);
    action->setChecked(mode == static_cast<int>(viewport_->renderOptions().shading));
    action->setData(mode);
    shadingGroup_->addAction(action);
    connect(action, &QAction::triggered, this, [this, mode] { setShading(mode); });
  }
  QAction* cycle = view->addAction(tr("Cycle Shading"));
  cycle->setShortcut(Qt::Key_Z);
  connect(cycle, &QAction::triggered, this,
          [this] { setShading((static_cast<int>(viewport_->renderOptions().shading) + 1) % 3); });
  view->addSeparator();
  QAction* grid = view->addAction(tr("Ground &Grid"));
  grid->setCheckable(true);
  grid->setChecked(viewport_->renderOptions().showGrid);
  connect(grid, &QAction::toggled, this, [this](bool on) {
    RenderOptions options = viewport_->renderOptions();
    options.showGrid = on;
    viewport_->setRenderOptions(options);
  });
  // Overlays (docs/viewport-glyphs.md): one toggle per layer.
  const std::pair<QString, bool RenderOptions::*> overlayToggles[] = {
      {tr("&Constraint Glyphs"), &RenderOptions::showConstraintGlyphs},
      {tr("Control &Polygons"), &RenderOptions::showControlPolygons},
      {tr("&Influence Volumes"), &RenderOptions::showInfluenceVolumes}};
  for (const auto& [name, flag] : overlayToggles) {
    QAction* toggle = view->addAction(name);
    toggle->setCheckable(true);
    toggle->setChecked(viewport_->renderOptions().*flag);
    connect(toggle, &QAction::toggled, this, [this, flag = flag](bool on) {
      RenderOptions options = viewport_->renderOptions();
      options.*flag = on;
      viewport_->setRenderOptions(options);
    });
  }
  // The drag-mode toolbar's handle toggle (the toolbar is made before the menus).
  if (handleAction_) view->addAction(handleAction_);
  if (snapAction_) view->addAction(snapAction_);
  QAction* axes = view->addAction(tr("&Axis Gizmo"));
  axes->setCheckable(true);
  axes->setChecked(viewport_->renderOptions().showAxisGizmo);
  connect(axes, &QAction::toggled, this, [this](bool on) {
    RenderOptions options = viewport_->renderOptions();
    options.showAxisGizmo = on;
    viewport_->setRenderOptions(options);
  });
  // Frame-time readout in the status bar (docs/app.md "Frame-time readout"), remembered.
  frameReadoutAction_ = view->addAction(tr("&Frame Time Readout"));
  frameReadoutAction_->setCheckable(true);
  frameReadoutAction_->setChecked(QSettings().value("view/frameReadout", false).toBool());
  frameReadout_->setVisible(frameReadoutAction_->isChecked());
  connect(frameReadoutAction_, &QAction::toggled, this, [this](bool on) {
    QSettings().setValue("view/frameReadout", on);
    setFrameReadoutVisible(on);
  });
  view->addSeparator();

  QAction* frameAll = view->addAction(tr("Frame &All"), viewport_, &Viewport::frameAll);
  frameAll->setShortcut(Qt::Key_Home);
  QAction* frameSelected = view->addAction(tr("Frame Se&lected"), viewport_, &Viewport::frameSelected);
  frameSelected->setShortcuts({QKeySequence(Qt::Key_F), QKeySequence(Qt::KeypadModifier | Qt::Key_Period)});

  // Numeric keypad views (Blender); the main keyboard's digits work too, for laptops.
  struct ViewKey {
    QString name;
    Qt::Key key;
    bool control;
    StandardView view;
  };
  const ViewKey viewKeys[] = {
      {tr("&Front"), Qt::Key_1, false, StandardView::Front},  {tr("&Back"), Qt::Key_1, true, StandardView::Back},
      {tr("&Right"), Qt::Key_3, false, StandardView::Right},  {tr("&Left"), Qt::Key_3, true, StandardView::Left},
      {tr("&Top"), Qt::Key_7, false, StandardView::Top},      {tr("B&ottom"), Qt::Key_7, true, StandardView::Bottom},
  };
  QMenu* views = view->addMenu(tr("&Viewpoint"));
  for (const ViewKey& k : viewKeys) {
    QAction* action = views->addAction(k.name);
    const Qt::KeyboardModifiers mods = k.control ? Qt::ControlModifier : Qt::NoModifier;
    action->setShortcuts({QKeySequence(mods | Qt::KeypadModifier | k.key), QKeySequence(mods | k.key)});
    const StandardView standard = k.view;
    connect(action, &QAction::triggered, this, [this, standard] { viewport_->setStandardView(standard); });
  }
  views->addSeparator();
  QAction* projection = views->addAction(tr("&Perspective / Orthographic"), viewport_, &Viewport::toggleProjection);
  projection->setShortcuts({QKeySequence(Qt::KeypadModifier | Qt::Key_5), QKeySequence(Qt::Key_5)});
  view->addSeparator();
  panelsMenu_ = view->addMenu(tr("&Panels"));
  panelsMenu_->menuAction()->setVisible(false);  // shown once a panel exists
}

void MainWindow::createHelpMenu() {
  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&Controls…"), QKeySequence::HelpContents, this, &MainWindow::showControls);
  examplesMenu_ = help->addMenu(tr("&Examples"));
  // Filled when opened: the installation's scenes folder (installed_resources.h).
  connect(examplesMenu_, &QMenu::aboutToShow, this, &MainWindow::refreshExamplesMenu);
  refreshExamplesMenu();
  help->addSeparator();
  help->addAction(tr("&About Flexure"), this, &MainWindow::showAbout);
}

void MainWindow::setExamplesFolder(std::optional<std::filesystem::path> folder) {
  examplesFolder_ = std::move(folder);
  refreshExamplesMenu();
}

// One entry per example scene of the installation (PREFIX/share/flexure/scenes, or the source
// tree's scenes/ through build/share in a build tree), then the folder itself.
void MainWindow::refreshExamplesMenu() {
  examplesMenu_->clear();
  const std::optional<std::filesystem::path>& folder = examplesFolder_;
  if (!folder) {
    examplesMenu_->addAction(tr("No example scenes installed"))->setEnabled(false);
    return;
  }
  const QDir dir(QString::fromStdString(folder->string()));
  for (const QFileInfo& scene : dir.entryInfoList({"*.json", "*.flexure"}, QDir::Files, QDir::Name)) {
    const QString path = scene.absoluteFilePath();
    QAction* action = examplesMenu_->addAction(scene.completeBaseName());
    action->setStatusTip(path);
    connect(action, &QAction::triggered, this, [this, path] { openInteractively(path); });
  }
  examplesMenu_->addSeparator();
  examplesMenu_->addAction(tr("Open Examples &Folder"), this,
                           [path = dir.absolutePath()] { QDesktopServices::openUrl(QUrl::fromLocalFile(path)); });
}

void MainWindow::setShading(int mode) {
  RenderOptions options = viewport_->renderOptions();
  const bool merged = displayTessellation().mergeAffineCells;
  options.shading = static_cast<ShadingMode>(mode);
  viewport_->setRenderOptions(options);
  // A wireframe shows the tessellation itself: rebuild without (or again with) merged cells.
  if (geometryBuilder_ && displayTessellation().mergeAffineCells != merged) {
    geometryBuilder_->setOptions(displayTessellation());
    refreshGeometry();
  }
  for (QAction* action : shadingGroup_->actions()) action->setChecked(action->data().toInt() == mode);
}

void MainWindow::showControls() { ControlsDialog(this).exec(); }

void MainWindow::showAbout() {
  QMessageBox::about(this, tr("About Flexure"),
                     tr("<b>Flexure %1</b><p>Modeling and animating with constraints.</p>"
                        "<p>MIT License. Copyright (c) 2026 The Flexure authors.</p>")
                         .arg(QString::fromUtf8(versionString().data(), static_cast<int>(versionString().size()))));
}

void MainWindow::refreshRecentMenu() {
  recentMenu_->clear();
  const QStringList paths = recentFiles_.paths();
  for (const QString& path : paths) {
    QAction* action = recentMenu_->addAction(QFileInfo(path).fileName());
    action->setToolTip(path);
    action->setStatusTip(path);
    connect(action, &QAction::triggered, this, [this, path] { openInteractively(path); });
  }
  if (!paths.isEmpty()) {
    recentMenu_->addSeparator();
    recentMenu_->addAction(tr("Clear List"), this, [this] { recentFiles_.clear(); });
  }
  recentMenu_->setEnabled(!paths.isEmpty());
}

}  // namespace flexure::app
