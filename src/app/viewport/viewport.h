#pragma once
// The 3D view: a widget that draws the meshes it is handed with flexure::SceneRenderer and
// turns mouse gestures into camera moves (navigation_gesture.h). It owns no document state: the
// main window hands it meshes and styles and reads its camera back.
//
// The picture is drawn into a native OpenGL window (a QOpenGLWindow in a window container that
// fills this widget), not a QOpenGLWidget: a QOpenGLWidget makes Qt compose the whole main
// window through OpenGL on every frame — every panel as a texture, the viewport's framebuffer as
// another, the 1400×900 result swapped — which under a software rasterizer (llvmpipe) cost
// 53 ms of CPU per frame and held any window at 28 fps with nothing drawn; the native window
// costs 6 ms (issue 17 item 3, docs/performance.md). The window forwards its mouse, wheel and
// drag-and-drop events here, so the widget's handlers serve both real and synthetic input.
#include <QImage>
#include <QPoint>
#include <QRect>
#include <QRubberBand>
#include <QString>
#include <QSurfaceFormat>
#include <QWidget>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "flexure/core/camera.h"
#include "flexure/core/triangle_mesh.h"
#include "flexure/render/camera_navigation.h"
#include "flexure/render/overlay_geometry.h"
#include "flexure/render/render_options.h"
#include "flexure/render/scene_renderer.h"
#include "viewport/frame_timing.h"
#include "viewport/navigation_gesture.h"

class QLabel;
class QWindow;

namespace flexure::app {

// How the viewport hands a left-button gesture on a part to its owner (part dragging): press
// returns true when it takes the gesture (a part lies under the cursor); release returns true
// when the gesture was a drag (else it counts as a click).
struct PartGestureHandler {
  std::function<bool(const QPointF&)> press;
  std::function<void(const QPointF&, Qt::KeyboardModifiers)> move;  // Ctrl: grid steps
  std::function<bool(const QPointF&)> release;
};

class Viewport : public QWidget {
  Q_OBJECT

 public:
  explicit Viewport(QWidget* parent = nullptr);
  ~Viewport() override;
  // Schedules a new frame of the picture (hides QWidget::update, which would repaint only the
  // empty widget under the native window).
  void update();
  // The picture as last drawn (draws a frame when needed); device pixels.
  QImage grabFramebuffer();
  // The picture's surface format and context (null before the viewport is first shown).
  QSurfaceFormat format() const;
  class QOpenGLContext* context() const;
  // The native window the picture is drawn in (its input reaches this widget's handlers).
  QWindow* pictureWindow() const;
  // GL_RENDERER of the picture's context, once it has drawn (benchmarks report it).
  const QString& glRenderer() const { return glRenderer_; }
  // No OpenGL 3.3 context on this display (gl_availability.h): the picture is never drawn (no
  // context is asked for, so nothing can crash in a missing one) and `message` takes its place.
  // The viewport keeps its camera, meshes and options, so exports that render offscreen work.
  void setUnavailable(const QString& message);
  bool isUnavailable() const { return unavailable_ != nullptr; }
  // Multisampling of the picture (gl_format.h); only before the viewport is first shown.
  void setSamples(int samples);
  // What was asked for (format() reports the shared context's, not the picture's framebuffer).
  int samples() const { return samples_; }

  // New geometry for the same view (after an edit or a solver step). Shared, not copied: the
  // list must not change while the viewport holds it (null = no meshes).
  // `revisions` (one per mesh, or fewer; mesh_revision.h) let the renderer update its copy of a
  // mesh at the vertices that moved instead of comparing the meshes.
  void setMeshes(std::shared_ptr<const std::vector<TriangleMesh>> meshes, std::vector<MeshStyle> styles,
                 std::shared_ptr<const std::vector<MeshRevision>> revisions = nullptr);
  // New colours/selection only.
  void setStyles(std::vector<MeshStyle> styles);
  // Constraint glyphs, control polygons and influence volumes drawn over the meshes
  // (overlay_builder.h; built with the meshes, off the GUI thread). Null clears them.
  void setOverlays(std::shared_ptr<const OverlayGeometry> overlays);
  // A new document: geometry plus the camera stored with it. When that camera sees none of the
  // geometry the view is framed on all of it instead (decided at the next paint, when the
  // viewport's size is known).
  void showScene(std::shared_ptr<const std::vector<TriangleMesh>> meshes, std::vector<MeshStyle> styles,
                 const Camera& camera);

  // Left-button gestures on parts go to `handler` (navigation keeps its own buttons).
  void setPartGestureHandler(PartGestureHandler handler) { partHandler_ = std::move(handler); }

  const Camera& camera() const { return camera_; }
  void setCamera(const Camera& camera);
  const RenderOptions& renderOptions() const { return options_; }
  void setRenderOptions(const RenderOptions& options);
  const std::vector<TriangleMesh>& meshes() const { return *meshes_; }
  // While a new document's geometry is being built off the GUI thread the viewport paints its
  // background only and does not count those frames (framesRendered is frames showing the
  // document); showScene() follows with the geometry.
  void setAwaitingGeometry(bool awaiting);
  // Frames painted so far (tests and screenshots wait for the first).
  int framesRendered() const { return framesRendered_; }
  // What the last paint cost (frame_timing.h); valid once framesRendered() > 0.
  const FrameTiming& lastFrameTiming() const { return lastTiming_; }
  // Times every render pass of the following paints (one glFinish per pass): benchmarks only.
  void setPassTiming(bool on);
  double aspect() const;

  // Where a new part lands (issue 19, docs/app.md "Building a model"): on the ground grid under
  // the cursor while an Add menu opened over the viewport is showing (setPlacementCursor), else
  // at the view's centre (the camera's target), in front of the camera at the target's depth.
  Vec3d placementPoint() const;
  // The point of the ground grid's plane under `position` (widget pixels): in front of the
  // camera and no farther than 50 times the target's distance, else nullopt (a grid seen
  // edge-on, or the sky).
  std::optional<Vec3d> groundPointUnder(const QPointF& position) const;
  // The cursor an Add menu was opened at; nullopt when it closes.
  void setPlacementCursor(std::optional<QPointF> position) { placementCursor_ = position; }

 public slots:
  // B (Blender's box select): the next left drag draws a selection box even where it starts on
  // a part. Esc or a right click disarms it.
  void armBoxSelect();
  // Blender's modal grab (after Shift+D): from now on the mouse moves the part gesture without a
  // button held; a left click ends it as a release does, Esc or a right click cancels it
  // (grabCancelled). The part handler's press must already have been made.
  void beginGrab();
  bool isGrabbing() const { return grabbing_; }
  void frameAll();
  // Frames the selected meshes (styles' selected flag), or all when none is selected.
  void frameSelected();
  void setStandardView(flexure::StandardView view);
  void toggleProjection();

 signals:
  void cameraChanged();
  void frameRendered();
  void renderFailed(const QString& message);
  // A left click without dragging, at a position in widget pixels (selection by picking).
  void clicked(const QPointF& position);
  // A left click with Shift held: adds the part there to the selection or takes it away.
  void shiftClicked(const QPointF& position);
  // A box dragged from empty space (or anywhere after armBoxSelect, B), in widget pixels;
  // `extend` when Shift was held (adds to the selection instead of replacing it).
  void boxSelected(const QRect& box, bool extend);
  // Esc or a right click during a grab (beginGrab): the parts go back where they were.
  void grabCancelled();
  // A right click without modifiers (Alt + right dolly keeps its button), or the menu key.
  void contextMenuRequested(const QPointF& position);

 protected:
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  bool event(QEvent* event) override;

 private:
  class Surface;
  friend class Surface;
  void initializeGL();
  void paintGL();
  void releaseGl();
  void applyCamera(const Camera& camera);
  // The grid on the scene's floor (the overlays' ground) or level with the document's up axis,
  // in options_ so that exports with renderOptions() show the same grid.
  void updateGridPlane();
  void frameMeshes(const std::vector<TriangleMesh>& meshes);

  Surface* surface_ = nullptr;  // owned by its container
  QString glRenderer_;
  QWidget* container_ = nullptr;
  QLabel* unavailable_ = nullptr;  // shown instead of the picture (setUnavailable)
  SceneRenderer renderer_;
  int samples_ = 0;
  bool glReady_ = false;
  bool meshesDirty_ = false;
  bool overlaysDirty_ = false;
  std::shared_ptr<const OverlayGeometry> overlays_;
  bool stylesDirty_ = false;
  bool fitCameraOnPaint_ = false;
  bool awaitingGeometry_ = false;
  std::shared_ptr<const std::vector<TriangleMesh>> meshes_ = std::make_shared<const std::vector<TriangleMesh>>();
  std::vector<MeshStyle> styles_;
  std::shared_ptr<const std::vector<MeshRevision>> revisions_;  // of meshes_, or null
  Camera camera_;
  Vec3d sceneUp_{0.0, 0.0, 1.0};  // the shown document's up axis (showScene)
  RenderOptions options_;
  NavigationGesture gesture_ = NavigationGesture::None;
  QPoint lastMouse_;
  QPoint clickStart_;
  bool clickPending_ = false;
  PartGestureHandler partHandler_;
  bool partGesture_ = false;  // a left press went to partHandler_
  // Box select (issue 27): a left press where no part gesture began may become a box once the
  // mouse moves past the click tolerance; the band is a top-level QRubberBand, because the GL
  // surface is a native window that would cover a child widget.
  void updateBox(const QPoint& to);
  void finishBox(const QPoint& to);
  bool boxPending_ = false;
  bool boxExtends_ = false;
  bool boxArmed_ = false;
  bool shiftClickPending_ = false;
  bool grabbing_ = false;
  bool swallowMenu_ = false;  // the right press that cancelled a grab opens no menu
  void endGrab(bool cancelled, const QPointF& position);
  std::unique_ptr<QRubberBand> band_;
  int framesRendered_ = 0;
  FrameTiming lastTiming_;
  bool passTiming_ = false;
  std::optional<QPointF> placementCursor_;
};

}  // namespace flexure::app
