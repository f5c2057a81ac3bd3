#pragma once
// The main window: menus, the viewport, the status bar, and the document they show. Panels
// (outliner, property editor, constraint list, solver panel, timeline) are dock widgets in
// their own files, added with addPanel(); the window only wires them to the document. The
// implementation is split by concern: main_window.cpp (construction, viewport gestures),
// main_window_menus.cpp, main_window_panels.cpp, main_window_document.cpp, main_window_solver.cpp.
#include <QElapsedTimer>
#include <QMainWindow>
#include <QPointer>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>

#include "document/document_session_sync.h"
#include "document/recent_files.h"
#include "flexure/core/tessellation.h"
#include "flexure/io/installed_resources.h"
#include "viewport/display_geometry.h"
#include "viewport/drag_mode_choice.h"
#include "viewport/frame_rate_meter.h"
#include "viewport/surface_pick.h"
#include "viewport/transform_handle.h"

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QMenu;
class QTimer;

namespace flexure::session {
class GeometryBuilder;
struct SessionResult;
struct DragOutcome;
}

namespace flexure::app {

class Autosave;
struct Preferences;
class SceneDocument;
class SceneSelection;
class SelectionEditing;
class ViewportInteraction;
class SolverLink;
class Viewport;

class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  SceneDocument& document() { return *document_; }
  SceneSelection& selection() { return *selection_; }
  Viewport& viewport() { return *viewport_; }
  // The solver thread's GUI end (commands out, newest results in).
  SolverLink& solver() { return *solver_; }

  // Opens a scene or importable file; on failure shows nothing and returns the message.
  bool openFile(const QString& path, QString& error);
  // Recovery copies of the document (autosave.h).
  Autosave& autosave() { return *autosave_; }
  // At startup: offers the autosaved copies a crashed session left (recovery_dialog.h).
  void offerRecovery();
  // Applies preferences now (autosave interval, shading, recent files) and stores them.
  void applyPreferences(const Preferences& preferences);
  // The scene point under a viewport position (widget pixels), or nullopt over empty space:
  // (node, SurfacePoint) for constraints and drags (surface_pick.h).
  std::optional<SurfacePick> pickSurface(const QPointF& position) const;
  // Asks the solver thread for one bounded step (never waits; the result arrives later).
  void stepSolvers();
  // Whether a scene starts solving as soon as it is loaded (default). The screenshot of
  // `--after-steps N` opens paused and then steps exactly N times.
  void setSolveOnOpen(bool run) { solveOnOpen_ = run; }
  // What the viewport shows now: scene meshes built off the GUI thread, then metaball handles.
  const DisplayGeometry& displayGeometry() const { return geometry_; }
  // The newest solver result the window has shown (null before the first of this scene).
  const std::shared_ptr<const session::SessionResult>& shownResult() const { return shownResult_; }
  // Geometry frames shown since the window opened; and the solver result sequence the newest
  // one was built from (tests and the screenshot wait on them).
  std::uint64_t geometryFramesShown() const { return geometryFramesShown_; }
  std::uint64_t shownGeometryResult() const { return shownGeometryResult_; }
  // Asks for geometry of the document's current Ψ; geometryUpToDate() once it is shown.
  void rebuildGeometry() { refreshGeometry(); }
  bool geometryUpToDate() const { return shownGeometryTag_ == geometryRequests_; }
  // Help → Examples lists the scenes of `folder` (default: the installation's, installed_resources.h).
  void setExamplesFolder(std::optional<std::filesystem::path> folder);
  QMenu* examplesMenu() const { return examplesMenu_; }
  // The drag mode chosen on the viewport toolbar (drag_mode_choice.h); Auto at start.
  DragModeChoice dragModeChoice() const { return dragModeChoice_; }
  void setDragModeChoice(DragModeChoice choice);
  // The transform handle on the selected part's placement, when one is shown
  // (transform_handle.h).
  const std::optional<TransformHandle>& transformHandle() const;
  // Left-button gestures on the model: grips, parts, the transform handle (viewport_interaction.h).
  ViewportInteraction& interaction() { return *interaction_; }
  SelectionEditing& editing() { return *editing_; }
  // Frames per second of the viewport over the last half second.
  double framesPerSecond() const { return framesPerSecond_; }
  // The newest geometry frame's trip (benchmarks): requested → built off the GUI thread →
  // handed to the viewport (latency, wall), and the GUI-thread time of that handover.
  struct GeometryHandover {
    double latencyMs = 0.0;
    // From the mouse move that frame answers to its handover: the solve, the geometry and the
    // queues between (the figure "behind the mouse"); negative when the frame answers no move.
    double mouseLatencyMs = -1.0;
    double handoverMs = 0.0;
    std::uint64_t frames = 0;  // geometry frames handed over so far
  };
  const GeometryHandover& lastGeometryHandover() const { return handover_; }
  // While a script runs (scripting/script_session.h) the window neither adopts solver results
  // nor shows geometry frames: the script owns the document. Releasing asks for fresh geometry
  // and, with `redeliverLatest` (the script changed nothing), adopts the newest solver result.
  void holdLiveUpdates(bool hold, bool redeliverLatest = false);
  bool liveUpdatesHeld() const { return liveUpdatesHeld_; }
  // The status bar's frame-time readout (View ▸ Frame Time Readout): fps, frame interval and
  // paint time over the last second; off by default, remembered in the settings.
  void setFrameReadoutVisible(bool on);
  bool frameReadoutVisible() const;
  QString frameReadoutText() const;

  // View ▸ Shaded / Wireframe / Shaded + Wireframe (a ShadingMode); the display tessellation
  // follows (displayTessellation).
  void setShading(int mode);

 protected:
  void closeEvent(QCloseEvent* event) override;
  void dragEnterEvent(QDragEnterEvent* event) override;
  void dropEvent(QDropEvent* event) override;

 private slots:
  void newDocument();
  void openWithDialog();
  bool saveDocument();
  bool saveDocumentAs();
  void refreshGeometry();
  void refreshStyles();
  void refreshTitle();
  void refreshRecentMenu();
  void showControls();
  void showAbout();
  void selectAt(const QPointF& position);
  void toggleAt(const QPointF& position);
  // The parts any of whose displayed triangles overlap `box` (widget pixels) in front of the eye
  // (box_selection.h): Blender's box select in object mode; `extend` adds them (Shift).
  void selectInBox(const QRect& box, bool extend);

 private:
  void createMenus();
  void createFileMenu();
  void createEditMenu();
  void createViewMenu();
  void createHelpMenu();
  void refreshExamplesMenu();
  // The viewport toolbar of drag modes (main_window_drag_modes.cpp).
  void createDragModeToolbar();
  void createPanels();
  void addPanel(QDockWidget* panel, Qt::DockWidgetArea area);
  void openInteractively(const QString& path);
  bool confirmDiscardChanges();
  void syncCameraIntoScene();
  void showSceneStatistics();
  static bool isOpenableFile(const QString& path);
  // File menu of the document: revert, import, export, preferences; settings at start and close.
  void addDocumentFileActions(QMenu* file);
  void revertDocument();
  void importWithDialog();
  void exportObjWithDialog();
  void exportImageWithDialog();
  void showPreferences();
  void restoreDocumentSettings();
  void saveSettingsOnCleanClose();
  Autosave* autosave_ = nullptr;

  // The live solver (docs/app.md): session start, document edits out, results in.
  void startSession();
  void onDocumentEdited();
  void onSolverResult(const std::shared_ptr<const session::SessionResult>& result);
  void onDragFinished(const std::shared_ptr<const session::DragOutcome>& outcome);
  // `moveSentAt`: when the mouse move the Ψ answers was sent (a default time point: none).
  void requestGeometry(std::uint64_t resultSequence, std::chrono::steady_clock::time_point moveSentAt = {});
  // The display's tessellation: affine cells merged unless the viewport draws a wireframe
  // (affine_grid_lines.h: the same shaded picture from fewer triangles).
  TessellationOptions displayTessellation() const;
  void pollGeometry();
  void refreshSolverStatus();  // every half second: frames per second, then the label
  void updateSolverLabel();    // what the solver is doing (after every result)
  void updateFrameReadout();
  // Sets the selected flag of every displayed mesh (leaf or handle) from the selection.
  void markSelectedMeshes();
  // Left-button gestures on the model, handed to the interaction (viewport_interaction.h).
  bool pressPart(const QPointF& position);
  void movePart(const QPointF& position, Qt::KeyboardModifiers modifiers);
  bool releasePart(const QPointF& position);

  SceneDocument* document_ = nullptr;
  SceneSelection* selection_ = nullptr;
  SelectionEditing* editing_ = nullptr;  // the Edit menu's commands on several parts (issue 27)
  Viewport* viewport_ = nullptr;
  SolverLink* solver_ = nullptr;
  DisplayGeometry geometry_;
  RecentFiles recentFiles_;
  QMenu* recentMenu_ = nullptr;
  QMenu* examplesMenu_ = nullptr;  // Help → Examples
  // The folder Help → Examples lists: the installation's scenes unless set otherwise.
  std::optional<std::filesystem::path> examplesFolder_ = installedScenesDirectory();
  QMenu* panelsMenu_ = nullptr;
  QMenu* scriptsMenu_ = nullptr;  // filled by the Python console (scripting/scripting_install.h)
  QActionGroup* shadingGroup_ = nullptr;
  QActionGroup* dragModeGroup_ = nullptr;
  QAction* handleAction_ = nullptr;  // View ▸ Transform Handle, also on the drag-mode toolbar
  QAction* snapAction_ = nullptr;    // View ▸ Snapping, also on the drag-mode toolbar
  DragModeChoice dragModeChoice_ = DragModeChoice::Auto;
  QLabel* statisticsLabel_ = nullptr;
  QLabel* solverLabel_ = nullptr;
  QLabel* frameReadout_ = nullptr;
  QAction* frameReadoutAction_ = nullptr;
  FrameRateMeter frameMeter_;
  QElapsedTimer meterClock_;
  // When each pending geometry request was made, and when the mouse move its Ψ answers was sent
  // (a default time point: none), by tag.
  struct GeometryRequestTimes {
    std::chrono::steady_clock::time_point requested, moveSentAt;
  };
  std::map<std::uint64_t, GeometryRequestTimes> geometryRequestTimes_;
  GeometryHandover handover_;

  std::unique_ptr<session::GeometryBuilder> geometryBuilder_;
  ViewportInteraction* interaction_ = nullptr;
  DocumentSessionSync sessionSync_;
  QTimer* geometryTimer_ = nullptr;
  QTimer* statusTimer_ = nullptr;
  std::shared_ptr<const session::SessionResult> shownResult_;
  std::uint64_t expectedStructureVersion_ = 0;  // results of older structures are dropped
  std::uint64_t valueEditsSent_ = 0;            // results that have not applied them all too
  std::uint64_t geometryRequests_ = 0;          // tag of the newest request
  std::uint64_t geometryFloor_ = 0;             // frames with smaller tags show an old structure
  std::uint64_t shownGeometryTag_ = 0;
  std::uint64_t geometryFramesShown_ = 0;
  std::uint64_t shownGeometryResult_ = 0;
  std::uint64_t requestResultSequence_ = 0;
  std::uint64_t seenRollbacks_ = 0;
  bool showSceneOnNextFrame_ = false;
  bool solveOnOpen_ = true;
  bool adoptingResult_ = false;
  bool liveUpdatesHeld_ = false;
  int framesCounted_ = 0;
  QElapsedTimer frameClock_;
  double framesPerSecond_ = 0.0;
};

}  // namespace flexure::app
