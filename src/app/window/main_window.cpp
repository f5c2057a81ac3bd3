// The main window's construction (central viewport, status bar, timers, the document's signals),
// its viewport gestures (selecting and dragging parts) and its title and statistics. The rest of
// MainWindow is split by concern: main_window_menus.cpp, main_window_panels.cpp,
// main_window_document.cpp and main_window_solver.cpp (the live solver and geometry).
#include "window/main_window.h"

#include <QFontMetrics>
#include <QIcon>
#include <QLabel>
#include <QStatusBar>
#include <QCursor>
#include <QTimer>
#include <exception>
#include <string_view>
#include <unordered_set>

#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/render/mesh_picking.h"
#include "flexure/session/geometry_builder.h"
#include "flexure/session/part_drag.h"
#include "panels/constraint_list_panel.h"
#include "viewport/box_selection.h"
#include "viewport/gl_format.h"
#include "viewport/viewport_interaction.h"
#include "viewport/viewport.h"
#include "window/app_settings.h"
#include "window/selection_editing.h"
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
      editing_(new SelectionEditing(*document_, *selection_, this)),
      viewport_(new Viewport(this)),
      solver_(new SolverLink(this)),
      interaction_(new ViewportInteraction(*document_, *selection_, *viewport_, *solver_, geometry_, this)) {
  initFlexureResources();
  {
    // The viewport's anti-aliasing (gl_format.h): the preference, Automatic by the renderer.
    const int antialiasing = Preferences::load().viewportAntialiasing;
    viewport_->setSamples(
        viewportSamples(antialiasing, antialiasing == kAntialiasAutomatic ? probeGlRenderer() : QString()));
  }
  setCentralWidget(viewport_);
  setAcceptDrops(true);
  setWindowIcon(QIcon(":/icons/flexure.png"));
  statisticsLabel_ = new QLabel(this);
  solverLabel_ = new QLabel(this);
  frameReadout_ = new QLabel(this);
  frameReadout_->setObjectName("frameReadout");
  frameReadout_->setToolTip(tr("Viewport frames per second, time between frames and paint time, over the last second"));
  {
    // Digits of a fixed width and a label sized for the widest text: updating it never moves
    // the status bar's other fields.
    QFont font = frameReadout_->font();
    font.setStyleHint(QFont::Monospace);
    font.setFamily("monospace");
    frameReadout_->setFont(font);
    frameReadout_->setMinimumWidth(
        QFontMetrics(font).horizontalAdvance(QStringLiteral("9999 fps · frame 99999.9 ms · paint 99999.9 ms")));
  }
  frameReadout_->setVisible(false);
  meterClock_.start();
  statusBar()->addPermanentWidget(frameReadout_);
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
  connect(viewport_, &Viewport::frameRendered, this, [this] {
    ++framesCounted_;
    frameMeter_.addFrame(static_cast<double>(meterClock_.nsecsElapsed()) * 1e-9, viewport_->lastFrameTiming().paintMs);
  });
  viewport_->setPartGestureHandler({[this](const QPointF& p) { return pressPart(p); },
                                    [this](const QPointF& p, Qt::KeyboardModifiers m) { movePart(p, m); },
                                    [this](const QPointF& p) { return releasePart(p); }});
  connect(document_, &SceneDocument::modifiedChanged, this, &MainWindow::refreshTitle);
  connect(document_, &SceneDocument::filePathChanged, this, &MainWindow::refreshTitle);
  connect(selection_, &SceneSelection::selectionChanged, this, &MainWindow::refreshStyles);
  connect(selection_, &SceneSelection::selectionChanged, interaction_, &ViewportInteraction::refresh);
  connect(viewport_, &Viewport::cameraChanged, interaction_, &ViewportInteraction::refresh);
  connect(interaction_, &ViewportInteraction::dragStarted, this, [this](const QString& node, const QString& mode) {
    statusBar()->showMessage(tr("Dragging %1 (%2)").arg(node, tr(mode.toUtf8().constData())));
  });
  connect(interaction_, &ViewportInteraction::dragEnded, this, [this] { statusBar()->clearMessage(); });
  connect(viewport_, &Viewport::clicked, this, &MainWindow::selectAt);
  connect(viewport_, &Viewport::shiftClicked, this, &MainWindow::toggleAt);
  connect(viewport_, &Viewport::boxSelected, this, &MainWindow::selectInBox);
  connect(editing_, &SelectionEditing::problem, this, [this](const QString& m) { statusBar()->showMessage(m, 10000); });
  connect(editing_, &SelectionEditing::done, this, [this](const QString& m) { statusBar()->showMessage(m, 5000); });
  // Shift+D with the cursor over the viewport: the copies follow the mouse until a click (Blender).
  connect(editing_, &SelectionEditing::duplicated, this, [this](const std::vector<std::string>& roots) {
    const QPoint cursor = viewport_->mapFromGlobal(QCursor::pos());
    if (!viewport_->rect().contains(cursor) || !interaction_->beginGrab(roots, cursor)) return;
    viewport_->beginGrab();
    statusBar()->showMessage(tr("Move the copies; click to place them, Esc or right click to leave them in place"));
  });
  connect(viewport_, &Viewport::grabCancelled, this, [this] {
    interaction_->cancelDrag();
    statusBar()->clearMessage();
  });
  connect(viewport_, &Viewport::renderFailed, this, [this](const QString& message) {
    statusBar()->showMessage(tr("OpenGL renderer unavailable: %1").arg(message));
  });

  createDragModeToolbar();  // before the menus: View shows its handle toggle
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

// ---------------------------------------------------------------- dragging parts

bool MainWindow::pressPart(const QPointF& position) {
  if (constraintPickPending(*this)) return false;
  const std::optional<SurfacePick> pick = pickSurface(position);
  return interaction_->press(position,
                             resolveDragMode(dragModeChoice_, document_->scene(), pick ? pick->node : std::string()));
}

void MainWindow::movePart(const QPointF& position, Qt::KeyboardModifiers modifiers) {
  // Ctrl: grid cells and 15° steps; Ctrl+Shift: tenths of them.
  const double steps =
      !modifiers.testFlag(Qt::ControlModifier) ? 0.0 : modifiers.testFlag(Qt::ShiftModifier) ? 0.1 : 1.0;
  interaction_->move(position, steps);
}

bool MainWindow::releasePart(const QPointF& position) { return interaction_->release(position); }

const std::optional<TransformHandle>& MainWindow::transformHandle() const { return interaction_->handle(); }

// ---------------------------------------------------------------- selection and picking

void MainWindow::markSelectedMeshes() {
  if (selection_->isEmpty()) {
    for (MeshStyle& style : geometry_.styles) style.selected = style.active = false;
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
  // The active node's sub-tree, outlined lighter than the rest of the selection.
  std::unordered_set<std::string_view> active;
  pending.assign(1, selection_->current());
  while (!pending.empty()) {
    const Node* node = pending.back();
    pending.pop_back();
    active.insert(node->name());
    for (const auto& child : node->children()) pending.push_back(child.get());
  }
  for (std::size_t i = 0; i < geometry_.meshes->size(); ++i) {
    const std::string_view name = (*geometry_.meshes)[i].name;
    geometry_.styles[i].selected = covered.count(name) > 0;
    geometry_.styles[i].active = active.count(name) > 0;
  }
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

void MainWindow::toggleAt(const QPointF& position) {
  if (constraintPickPending(*this)) return;  // the constraint list's pick takes clicks
  if (const auto pick = pickSurface(position)) selection_->toggle(document_->scene().find(pick->node));
}

void MainWindow::selectInBox(const QRect& box, bool extend) {
  if (constraintPickPending(*this)) return;
  std::vector<const Node*> chosen;
  if (extend) chosen = selection_->nodes();
  const Camera& camera = viewport_->camera();
  for (std::size_t i = 0; i < geometry_.sceneMeshCount && i < geometry_.meshes->size(); ++i) {
    const TriangleMesh& mesh = (*geometry_.meshes)[i];
    const Node* node = document_->scene().find(mesh.name);
    if (!node) continue;
    if (meshTouchesBox(mesh, camera, viewport_->width(), viewport_->height(), box)) chosen.push_back(node);
  }
  selection_->setNodes(chosen);
}

// ---------------------------------------------------------------- title and status

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
