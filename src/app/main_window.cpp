#include "main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QStatusBar>

#include "controls_dialog.h"
#include "flexure/core/importer_registry.h"
#include "flexure/render/camera_navigation.h"
#include "flexure/render/mesh_picking.h"
#include "outliner_panel.h"
#include "parameter_panel.h"
#include "scene_document.h"
#include "scene_selection.h"
#include "solver_link.h"
#include "solver_stepping.h"
#include "viewport.h"

// Resources live in the static flexure_app library: register them explicitly (Qt's rule for
// resources in static libraries; Q_INIT_RESOURCE must be called outside any namespace).
static void initFlexureResources() { Q_INIT_RESOURCE(flexure); }

namespace flexure::app {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      document_(new SceneDocument(this)),
      selection_(new SceneSelection(this)),
      viewport_(new Viewport(this)),
      solver_(new SolverLink(this)) {
  initFlexureResources();
  setCentralWidget(viewport_);
  setAcceptDrops(true);
  setWindowIcon(QIcon(":/icons/flexure.png"));
  statisticsLabel_ = new QLabel(this);
  statusBar()->addPermanentWidget(statisticsLabel_);

  // Node pointers die with the old scene: drop the selection while they are still valid.
  connect(document_, &SceneDocument::sceneAboutToBeReplaced, selection_, &SceneSelection::clear);
  connect(document_, &SceneDocument::sceneReplaced, this, [this] {
    geometry_ = buildDisplayGeometry(document_->scene());
    viewport_->showScene(geometry_.meshes, geometry_.styles, document_->scene().camera);
    showSceneStatistics();
    refreshTitle();
  });
  connect(document_, &SceneDocument::sceneEdited, this, &MainWindow::refreshGeometry);
  connect(document_, &SceneDocument::modifiedChanged, this, &MainWindow::refreshTitle);
  connect(document_, &SceneDocument::filePathChanged, this, &MainWindow::refreshTitle);
  connect(selection_, &SceneSelection::selectionChanged, this, &MainWindow::refreshStyles);
  connect(viewport_, &Viewport::clicked, this, &MainWindow::selectAt);
  connect(viewport_, &Viewport::renderFailed, this, [this](const QString& message) {
    statusBar()->showMessage(tr("OpenGL renderer unavailable: %1").arg(message));
  });

  createMenus();
  createPanels();
  refreshTitle();
  showSceneStatistics();
  resize(1200, 780);
  restoreDocumentSettings();  // after the default size: a stored geometry wins
}

MainWindow::~MainWindow() = default;

// ---------------------------------------------------------------- menus

void MainWindow::createMenus() {
  createFileMenu();
  createViewMenu();
  createHelpMenu();
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
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
  quit->setMenuRole(QAction::QuitRole);
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
  QAction* axes = view->addAction(tr("&Axis Gizmo"));
  axes->setCheckable(true);
  axes->setChecked(viewport_->renderOptions().showAxisGizmo);
  connect(axes, &QAction::toggled, this, [this](bool on) {
    RenderOptions options = viewport_->renderOptions();
    options.showAxisGizmo = on;
    viewport_->setRenderOptions(options);
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
  help->addAction(tr("&About Flexure"), this, &MainWindow::showAbout);
}

void MainWindow::createPanels() {
  addPanel(new OutlinerPanel(*document_, *selection_, this), Qt::LeftDockWidgetArea);
  addPanel(new ParameterPanel(*document_, *selection_, this), Qt::RightDockWidgetArea);
}

void MainWindow::addPanel(QDockWidget* panel, Qt::DockWidgetArea area) {
  addDockWidget(area, panel);
  panelsMenu_->addAction(panel->toggleViewAction());
  panelsMenu_->menuAction()->setVisible(true);
}

void MainWindow::setShading(int mode) {
  RenderOptions options = viewport_->renderOptions();
  options.shading = static_cast<ShadingMode>(mode);
  viewport_->setRenderOptions(options);
  for (QAction* action : shadingGroup_->actions()) action->setChecked(action->data().toInt() == mode);
}

void MainWindow::showControls() { ControlsDialog(this).exec(); }

void MainWindow::showAbout() {
  QMessageBox::about(this, tr("About Flexure"),
                     tr("<b>Flexure %1</b><p>Modeling and animating with constraints.</p>"
                        "<p>MIT License. Copyright (c) 2026 The Flexure authors.</p>")
                         .arg(QApplication::applicationVersion()));
}

// ---------------------------------------------------------------- document

bool MainWindow::openFile(const QString& path, QString& error) {
  QStringList warnings;
  if (!document_->open(path, error, &warnings)) return false;
  recentFiles_.add(path);
  if (!warnings.isEmpty())
    statusBar()->showMessage(tr("Opened with %n warning(s): %1", nullptr, static_cast<int>(warnings.size()))
                                 .arg(warnings.front()));
  return true;
}

void MainWindow::openInteractively(const QString& path) {
  if (!confirmDiscardChanges()) return;
  QString error;
  if (!openFile(path, error)) {
    QMessageBox::warning(this, tr("Cannot open file"), error);
    recentFiles_.remove(path);
    return;
  }
  statusBar()->showMessage(tr("Opened %1").arg(QFileInfo(path).fileName()), 5000);
}

void MainWindow::newDocument() {
  if (confirmDiscardChanges()) document_->newScene();
}

void MainWindow::openWithDialog() {
  QString filters = tr("Flexure scenes (*.json)");
  QStringList patterns{"*.json"};
  for (const SceneImporter& importer : ImporterRegistry::instance().importers()) {
    filters += QStringLiteral(";;%1 (*%2)").arg(QString::fromStdString(importer.description),
                                                 QString::fromStdString(importer.extension));
    patterns << "*" + QString::fromStdString(importer.extension);
  }
  filters = tr("All supported (%1);;").arg(patterns.join(' ')) + filters;
  const QString start = document_->filePath().isEmpty() ? QString() : QFileInfo(document_->filePath()).path();
  const QString path = QFileDialog::getOpenFileName(this, tr("Open"), start, filters);
  if (!path.isEmpty()) openInteractively(path);
}

void MainWindow::syncCameraIntoScene() { document_->scene().camera = viewport_->camera(); }

bool MainWindow::saveDocument() {
  if (document_->filePath().isEmpty()) return saveDocumentAs();
  syncCameraIntoScene();
  QString error;
  if (!document_->save(error)) {
    QMessageBox::warning(this, tr("Cannot save"), error);
    return false;
  }
  recentFiles_.add(document_->filePath());
  statusBar()->showMessage(tr("Saved %1").arg(document_->displayName()), 5000);
  return true;
}

bool MainWindow::saveDocumentAs() {
  QString path = QFileDialog::getSaveFileName(this, tr("Save As"), document_->filePath(), tr("Flexure scenes (*.json)"));
  if (path.isEmpty()) return false;
  if (QFileInfo(path).suffix().isEmpty()) path += ".json";
  syncCameraIntoScene();
  QString error;
  if (!document_->saveAs(path, error)) {
    QMessageBox::warning(this, tr("Cannot save"), error);
    return false;
  }
  recentFiles_.add(path);
  statusBar()->showMessage(tr("Saved %1").arg(document_->displayName()), 5000);
  return true;
}

bool MainWindow::confirmDiscardChanges() {
  if (!document_->isModified()) return true;
  const auto answer = QMessageBox::question(
      this, tr("Unsaved changes"), tr("%1 has unsaved changes. Save them first?").arg(document_->displayName()),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  if (answer == QMessageBox::Save) return saveDocument();
  return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (confirmDiscardChanges()) {
    saveSettingsOnCleanClose();
    event->accept();
  } else {
    event->ignore();
  }
}

bool MainWindow::isOpenableFile(const QString& path) {
  const QString suffix = "." + QFileInfo(path).suffix().toLower();
  if (suffix == ".json") return true;
  return ImporterRegistry::instance().forPath(path.toStdString()) != nullptr;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.size() == 1 && urls.front().isLocalFile() && isOpenableFile(urls.front().toLocalFile()))
    event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.isEmpty() || !urls.front().isLocalFile()) return;
  event->acceptProposedAction();
  openInteractively(urls.front().toLocalFile());
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

// ---------------------------------------------------------------- display

void MainWindow::stepSolvers() {
  const std::vector<SolveReport> reports = runSolverStep(document_->scene());
  if (!reports.empty()) document_->notifySceneEdited();
}

void MainWindow::refreshGeometry() {
  geometry_ = buildDisplayGeometry(document_->scene());
  viewport_->setMeshes(geometry_.meshes, geometry_.styles);
  refreshStyles();
  showSceneStatistics();
}

void MainWindow::refreshStyles() {
  const Scene& scene = document_->scene();
  for (std::size_t i = 0; i < geometry_.meshes.size(); ++i)
    geometry_.styles[i].selected = selection_->covers(scene.find(geometry_.meshes[i].name));
  viewport_->setStyles(geometry_.styles);
}

void MainWindow::selectAt(const QPointF& position) {
  // The nearest displayed mesh under the cursor selects its leaf node; empty space clears.
  const PickRay ray = pickRayThroughPixel(viewport_->camera(), viewport_->width(), viewport_->height(), position.x(),
                                          position.y());
  const auto hit = pickMeshes(geometry_.meshes, ray);
  selection_->select(hit ? document_->scene().find(geometry_.meshes[static_cast<std::size_t>(hit->mesh)].name) : nullptr);
}

void MainWindow::refreshTitle() {
  setWindowTitle(tr("%1[*] — Flexure").arg(document_->displayName()));
  setWindowModified(document_->isModified());
}

void MainWindow::showSceneStatistics() {
  const ParameterTable& params = document_->scene().parameters();
  statisticsLabel_->setText(tr("%1 objects · %2 triangles · %3 parameters (%4 free)")
                                .arg(geometry_.meshes.size())
                                .arg(geometry_.triangleCount)
                                .arg(params.size())
                                .arg(params.freeIndices().size()));
}

}  // namespace flexure::app
