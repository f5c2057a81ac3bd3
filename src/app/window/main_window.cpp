#include "window/main_window.h"

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
#include <QTimer>
#include <QUndoStack>
#include <string_view>
#include <unordered_set>
#include <utility>

#include "commands/set_parameters_command.h"
#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/core/importer_registry.h"
#include "flexure/render/camera_navigation.h"
#include "flexure/render/mesh_picking.h"
#include "flexure/session/geometry_builder.h"
#include "flexure/session/session_result.h"
#include "panels/constraint_list_panel.h"
#include "panels/outliner_panel.h"
#include "panels/parameter_panel.h"
#include "panels/solver_panel.h"
#include "timeline/timeline_export_dialog.h"
#include "timeline/timeline_panel.h"
#include "timeline/timeline_playback.h"
#include "viewport/part_drag_controller.h"
#include "viewport/viewport.h"
#include "window/controls_dialog.h"
#include "window/solver_link.h"

// Resources live in the static flexure_app library: register them explicitly (Qt's rule for
// resources in static libraries; Q_INIT_RESOURCE must be called outside any namespace).
static void initFlexureResources() { Q_INIT_RESOURCE(flexure); }

namespace flexure::app {
namespace {
constexpr int kGeometryPollMs = 8;     // faster than a 60 Hz display
constexpr int kStatusIntervalMs = 500;  // frames and steps per second are averaged over this

// While the constraint list creates a constraint by picking points, a click is that pick only:
// it neither changes the selection nor starts a part drag.
bool constraintPickPending(const QObject& window) {
  const auto* panel = window.findChild<ConstraintListPanel*>();
  return panel != nullptr && panel->creating();
}
}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      document_(new SceneDocument(this)),
      selection_(new SceneSelection(this)),
      viewport_(new Viewport(this)),
      solver_(new SolverLink(this)),
      partDrag_(std::make_unique<PartDragController>(*solver_)) {
  initFlexureResources();
  setCentralWidget(viewport_);
  setAcceptDrops(true);
  setWindowIcon(QIcon(":/icons/flexure.png"));
  statisticsLabel_ = new QLabel(this);
  solverLabel_ = new QLabel(this);
  statusBar()->addPermanentWidget(solverLabel_);
  statusBar()->addPermanentWidget(statisticsLabel_);
  geometryTimer_ = new QTimer(this);
  geometryTimer_->setInterval(kGeometryPollMs);
  connect(geometryTimer_, &QTimer::timeout, this, &MainWindow::pollGeometry);
  statusTimer_ = new QTimer(this);
  statusTimer_->setInterval(kStatusIntervalMs);
  connect(statusTimer_, &QTimer::timeout, this, &MainWindow::refreshSolverStatus);
  statusTimer_->start();
  frameClock_.start();

  // Node pointers die with the old scene: drop the selection while they are still valid.
  connect(document_, &SceneDocument::sceneAboutToBeReplaced, selection_, &SceneSelection::clear);
  connect(document_, &SceneDocument::sceneReplaced, this, [this] {
    startSession();
    showSceneStatistics();
    refreshTitle();
  });
  connect(document_, &SceneDocument::sceneEdited, this, &MainWindow::onDocumentEdited);
  connect(solver_, &SolverLink::resultArrived, this, &MainWindow::onSolverResult);
  connect(solver_, &SolverLink::dragFinished, this, &MainWindow::onDragFinished);
  connect(viewport_, &Viewport::frameRendered, this, [this] { ++framesCounted_; });
  viewport_->setPartGestureHandler({[this](const QPointF& p) { return pressPart(p); },
                                    [this](const QPointF& p) { movePart(p); },
                                    [this](const QPointF& p) { return releasePart(p); }});
  connect(document_, &SceneDocument::modifiedChanged, this, &MainWindow::refreshTitle);
  connect(document_, &SceneDocument::filePathChanged, this, &MainWindow::refreshTitle);
  connect(selection_, &SceneSelection::selectionChanged, this, &MainWindow::refreshStyles);
  connect(viewport_, &Viewport::clicked, this, &MainWindow::selectAt);
  connect(viewport_, &Viewport::renderFailed, this, [this](const QString& message) {
    statusBar()->showMessage(tr("OpenGL renderer unavailable: %1").arg(message));
  });

  createMenus();
  createPanels();
  startSession();  // on the empty scene of a new window
  refreshTitle();
  showSceneStatistics();
  resize(1200, 780);
  restoreDocumentSettings();  // after the default size: a stored geometry wins
}

MainWindow::~MainWindow() {
  // Join the workers before the document they were cloned from goes away.
  solver_->stop();
  geometryBuilder_.reset();
}

// ---------------------------------------------------------------- menus

void MainWindow::createMenus() {
  createFileMenu();
  createEditMenu();
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
  file->addAction(tr("Export &Animation…"), this, [this] {
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
  auto* timeline = new TimelinePanel(*document_, *selection_, this);
  timeline->playback().setSolverLink(solver_);
  addPanel(timeline, Qt::BottomDockWidgetArea);
  // The property editor's key buttons key at the timeline's playhead.
  if (auto* parameters = findChild<ParameterPanel*>())
    connect(&timeline->playback(), &TimelinePlayback::frameChanged, parameters, [parameters, timeline](int frame) {
      parameters->setCurrentTime(timeline->playback().timeline().timeOfFrame(frame));
    });
  auto* constraints = new ConstraintListPanel(*document_, *solver_, this);
  constraints->setPicker(viewport_, [this](const QPointF& position) { return pickSurface(position); });
  addPanel(constraints, Qt::LeftDockWidgetArea);
  auto* solverPanel = new SolverPanel(*document_, *solver_, this);
  addPanel(solverPanel, Qt::RightDockWidgetArea);
  if (auto* parameters = findChild<ParameterPanel*>())
    resizeDocks({parameters, solverPanel}, {270, 370}, Qt::Vertical);
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

void MainWindow::stepSolvers() { solver_->send(session::Step{1}); }

// ---------------------------------------------------------------- live solver

void MainWindow::startSession() {
  // Node pointers of the old scene are gone: nothing from it may be drawn or picked.
  partDrag_->release();
  geometry_ = DisplayGeometry{};
  shownResult_.reset();
  expectedStructureVersion_ = 0;
  seenRollbacks_ = 0;
  const Scene& scene = document_->scene();
  session::SessionOptions options;
  options.startRunning = solveOnOpen_;
  solver_->start(scene, options);
  sessionSync_.reset(scene);
  // The worker appends the metaball handle spheres to each frame (display_geometry.h).
  geometryBuilder_ = std::make_unique<session::GeometryBuilder>(scene, TessellationOptions{}, appendMetaballHandleSpheres);
  geometryFloor_ = geometryRequests_ + 1;
  showSceneOnNextFrame_ = true;
  viewport_->setMeshes({}, {});
  viewport_->setOverlays(nullptr);
  viewport_->setAwaitingGeometry(true);
  requestGeometry(0);
}

void MainWindow::onDocumentEdited() {
  if (adoptingResult_) return;  // the solver's own Ψ coming back
  const Scene& scene = document_->scene();
  const DocumentSessionSync::Change change = sessionSync_.compare(scene, document_->valuesOnlyEdit());
  if (change.structure || change.values.size() > 1) {
    // A fresh copy: exact, and results computed before it are recognised and dropped.
    solver_->structureChanged(scene);
    ++expectedStructureVersion_;
    sessionSync_.reset(scene);
    if (change.structure) {
      geometryBuilder_->setScene(scene);
      geometryFloor_ = geometryRequests_ + 1;
    }
  } else if (change.values.size() == 1) {
    const int index = change.values.front();
    solver_->send(session::ParameterEdited{index, scene.parameters().value(index)});
    sessionSync_.acceptValues(scene);
  }
  requestGeometry(shownResult_ ? shownResult_->sequence : 0);
  showSceneStatistics();
}

void MainWindow::onSolverResult(const std::shared_ptr<const session::SessionResult>& result) {
  Scene& scene = document_->scene();
  if (result->structureVersion < expectedStructureVersion_) return;  // solved before the last edit
  if (result->psi.size() != scene.parameters().size()) return;
  shownResult_ = result;
  updateSolverLabel();
  if (result->rollbackCount != seenRollbacks_) {
    seenRollbacks_ = result->rollbackCount;
    statusBar()->showMessage(
        tr("Solver step rolled back, the last good state kept: %1").arg(QString::fromStdString(result->rollbackMessage)),
        8000);
  }
  if (result->dragPinned && !result->dragMessage.empty())
    statusBar()->showMessage(QString::fromStdString(result->dragMessage), 4000);
  if (result->psi == scene.parameters().values()) return;
  // Adopt the solved Ψ, so panels, save and export see what the viewport shows. Solving is
  // not an edit of the user's: it neither marks the document modified nor enters the undo
  // history (a drag does, as one step, in onDragFinished).
  scene.parameters().values() = result->psi;
  sessionSync_.adoptValues(result->psi);
  adoptingResult_ = true;
  emit document_->sceneEdited();
  adoptingResult_ = false;
  requestGeometry(result->sequence);
}

void MainWindow::onDragFinished(const std::shared_ptr<const session::DragOutcome>& outcome) {
  if (outcome->pinned) {
    statusBar()->showMessage(QString::fromStdString(outcome->message), 4000);
    return;
  }
  const Eigen::VectorXd& psi = document_->scene().parameters().values();
  if (outcome->psiBefore.size() != psi.size() || outcome->psiAfter.size() != psi.size()) return;
  if (outcome->psiBefore == outcome->psiAfter) return;
  document_->undoStack().push(new SetParametersCommand(*document_, tr("Drag %1").arg(QString::fromStdString(outcome->node)),
                                                       outcome->psiBefore, outcome->psiAfter, true));
}

void MainWindow::requestGeometry(std::uint64_t resultSequence) {
  if (!geometryBuilder_) return;
  requestResultSequence_ = resultSequence;
  geometryBuilder_->request(document_->scene().parameters().values(), ++geometryRequests_);
  if (!geometryTimer_->isActive()) geometryTimer_->start();
}

void MainWindow::pollGeometry() {
  const auto frame = geometryBuilder_ ? geometryBuilder_->latest() : nullptr;
  if (!frame || frame->tag == shownGeometryTag_) return;
  if (frame->tag < geometryFloor_) return;  // built from the structure before the last change
  shownGeometryTag_ = frame->tag;
  if (frame->tag == geometryRequests_) {
    shownGeometryResult_ = requestResultSequence_;
    geometryTimer_->stop();  // nothing newer is on its way
  }
  // The frame's meshes, handle spheres included, are shared (aliasing the frame), not copied:
  // GUI-thread time per frame.
  geometry_ = assembleDisplayGeometry(document_->scene(), SharedMeshes(frame, &frame->meshes), frame->sceneMeshCount);
  markSelectedMeshes();
  if (showSceneOnNextFrame_) {
    showSceneOnNextFrame_ = false;
    viewport_->showScene(geometry_.meshes, geometry_.styles, document_->scene().camera);
    viewport_->setAwaitingGeometry(false);
  } else {
    viewport_->setMeshes(geometry_.meshes, geometry_.styles);
  }
  viewport_->setOverlays(frame->overlays);
  ++geometryFramesShown_;
  showSceneStatistics();
}

void MainWindow::refreshSolverStatus() {
  const double seconds = static_cast<double>(frameClock_.restart()) / 1000.0;
  framesPerSecond_ = seconds > 0.0 ? framesCounted_ / seconds : 0.0;
  framesCounted_ = 0;
  updateSolverLabel();
}

void MainWindow::updateSolverLabel() {
  QString text;
  if (!shownResult_) {
    text = tr("Solver: idle");
  } else {
    const session::SessionResult& r = *shownResult_;
    text = tr("Solver: %1").arg(QString::fromUtf8(session::activityName(r.activity)));
    if (r.activity == session::SessionActivity::Idle && !r.reports.empty())
      text += r.converged ? tr(" (converged)") : tr(" (paused)");
    if (r.activity != session::SessionActivity::Idle) text += tr(" · %1 steps/s").arg(r.iterationsPerSecond, 0, 'f', 0);
    text += tr(" · %n step(s)", nullptr, static_cast<int>(r.totalIterations));
  }
  // Frames per second of the viewport while it draws; a still picture is not "0 fps".
  if (framesPerSecond_ > 0.0) text += tr(" · %1 fps").arg(framesPerSecond_, 0, 'f', 0);
  solverLabel_->setText(text);
}

// ---------------------------------------------------------------- dragging parts

bool MainWindow::pressPart(const QPointF& position) {
  if (constraintPickPending(*this)) return false;
  const auto pick = pickSurface(position);
  if (!pick) return false;
  partDrag_->press(*pick, dragPlaneNormal(document_->scene(), *pick, viewport_->camera()), position);
  return true;
}

void MainWindow::movePart(const QPointF& position) {
  const bool wasDragging = partDrag_->isDragging();
  const PickRay ray = pickRayThroughPixel(viewport_->camera(), viewport_->width(), viewport_->height(), position.x(),
                                          position.y());
  if (partDrag_->move(ray, position) && !wasDragging) {
    // The dragged part becomes the selection (what the panels show while it moves).
    const SurfacePick* pick = partDrag_->picked();
    selection_->select(document_->scene().find(pick->node));
    statusBar()->showMessage(tr("Dragging %1").arg(QString::fromStdString(pick->node)));
  }
}

bool MainWindow::releasePart(const QPointF&) {
  const bool dragged = partDrag_->release();
  if (dragged) statusBar()->clearMessage();
  return dragged;
}

void MainWindow::refreshGeometry() { requestGeometry(shownResult_ ? shownResult_->sequence : 0); }

void MainWindow::markSelectedMeshes() {
  if (selection_->isEmpty()) {
    for (MeshStyle& style : geometry_.styles) style.selected = false;
    return;
  }
  // A mesh is selected when its node (leaf, or deformer of a handle) lies in the sub-tree of a
  // selected node. Names of those sub-trees only (usually a few), not of every node of the
  // scene: this runs once per geometry frame, and scenes have tens of thousands of nodes.
  std::unordered_set<std::string_view> covered;
  std::vector<const Node*> pending(selection_->nodes().begin(), selection_->nodes().end());
  while (!pending.empty()) {
    const Node* node = pending.back();
    pending.pop_back();
    covered.insert(node->name());
    for (const auto& child : node->children()) pending.push_back(child.get());
  }
  for (std::size_t i = 0; i < geometry_.meshes->size(); ++i)
    geometry_.styles[i].selected = covered.count((*geometry_.meshes)[i].name) > 0;
}

void MainWindow::refreshStyles() {
  markSelectedMeshes();
  viewport_->setStyles(geometry_.styles);
}

std::optional<SurfacePick> MainWindow::pickSurface(const QPointF& position) const {
  const PickRay ray = pickRayThroughPixel(viewport_->camera(), viewport_->width(), viewport_->height(), position.x(),
                                          position.y());
  return flexure::app::pickSurface(document_->scene(), geometry_, ray);
}

void MainWindow::selectAt(const QPointF& position) {
  // The node under the cursor (a leaf, or a deformer for its handle) is selected; empty space clears.
  if (constraintPickPending(*this)) return;
  const auto pick = pickSurface(position);
  selection_->select(pick ? document_->scene().find(pick->node) : nullptr);
}

void MainWindow::refreshTitle() {
  setWindowTitle(tr("%1[*] — Flexure").arg(document_->displayName()));
  setWindowModified(document_->isModified());
}

void MainWindow::showSceneStatistics() {
  const ParameterTable& params = document_->scene().parameters();
  statisticsLabel_->setText(tr("%1 objects · %2 triangles · %3 parameters (%4 free)")
                                .arg(geometry_.sceneMeshCount)
                                .arg(geometry_.triangleCount)
                                .arg(params.size())
                                .arg(params.freeIndices().size()));
}

}  // namespace flexure::app
