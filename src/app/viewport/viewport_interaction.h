#pragma once
// Left-button gestures on the model (issue 26, docs/app.md "Dragging"). What a press takes, in
// this order:
//   1. a grip of the selected part (flexure/core/grip.h), a small marker on a feature: drags
//      that feature along its line, changing only the sizes it stands for;
//   2. the visible surface of the part the transform handle belongs to: drags the part — the
//      handle never hides its part, even where one of its lines crosses it;
//   3. a line of the transform handle (around the part, or over another part): a drag narrowed
//      to the placement's translate (arrow) or rotate (ring);
//   4. any other part: drags it, and it becomes the selection;
//   5. empty space: nothing (a click there clears the selection).
// While a part or grip drag lasts (not a handle's: an arrow or ring places a part precisely and
// makes no joint), snapping (snap_finder.h) looks for a feature of the dragged part near a
// compatible feature of another part; releasing there leaves the constraint that joins them
// for the window to add with the drag's undo step (takeSnapConstraint). Holding Ctrl snaps to
// the grid instead: the placement's origin moves from grid point to grid point, a ring turns in
// 15° steps, a grip in grid steps; Ctrl+Shift in tenths of them (Blender's precision). A
// toolbar toggle turns snapping off, as in Blender.
// The window only routes input here; the drags themselves are the solver thread's
// (part_drag_controller.h), and the handle's, grips' and snap's overlays are added to the frame's
// glyphs here.
#include <QObject>
#include <QPointF>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "flexure/core/drag_mode.h"
#include "flexure/core/grip.h"
#include "flexure/render/overlay_geometry.h"
#include "viewport/snap_finder.h"
#include "viewport/transform_handle.h"

namespace flexure::app {

struct DisplayGeometry;
class PartDragController;
class SceneDocument;
class SceneSelection;
class SolverLink;
class Viewport;
struct SurfacePick;

class ViewportInteraction : public QObject {
  Q_OBJECT

 public:
  enum class PressKind { Nothing, Grip, Part, Handle };

  ViewportInteraction(SceneDocument& document, SceneSelection& selection, Viewport& viewport, SolverLink& solver,
                      const DisplayGeometry& geometry, QObject* parent = nullptr);
  ~ViewportInteraction() override;

  // What a left press at `position` (viewport pixels) would start.
  PressKind pressTargetAt(const QPointF& position) const;
  // The gesture: a press (true when it takes it: something lies under the cursor), moves with the
  // button held, the release (true when it was a drag or a press on the handle, not a click).
  bool press(const QPointF& position, DragMode mode);
  // `steps`: 0, or 1 while Ctrl is held (grid cells, 15°: no snapping then) and 0.1 with Shift too.
  void move(const QPointF& position, double steps = 0.0);
  bool release(const QPointF& position);
  // Forgets a press in progress (a new document).
  void cancel();
  const PartDragController& partDrag() const { return *partDrag_; }

  // The transform handle on the selection's placement, when shown. Shown by default; View ▸
  // Transform Handle (Ctrl+`) hides it, as Blender's gizmo toggle does.
  const std::optional<TransformHandle>& handle() const { return handle_; }
  // The grips shown on the selected part (flexure/core/grip.h), in the world.
  const std::vector<PlacedGrip>& grips() const { return grips_; }
  bool handleVisible() const { return handleVisible_; }
  void setHandleVisible(bool visible);
  // Snapping to other parts' features while dragging (on by default).
  bool snapping() const { return snapping_; }
  void setSnapping(bool on);
  // The snap the current drag would make if released now.
  const std::optional<SnapCandidate>& snapCandidate() const { return snap_; }
  // The constraint the last drag's release snapped, taken once (the window adds it to the
  // drag's undo step); null when it ended on no snap.
  std::unique_ptr<Constraint> takeSnapConstraint() { return std::move(snapped_); }
  // The newest geometry frame's glyphs; the viewport shows them with the handle's lines.
  void setSceneOverlays(std::shared_ptr<const OverlayGeometry> overlays);
  // The selection, the camera or Ψ changed: the handle follows.
  void refresh();

 signals:
  // A part drag started: the part and the mode's name (the status bar shows them).
  void dragStarted(const QString& node, const QString& mode);
  void dragEnded();

 public:
  // Blender's grab after Shift+D (issue 27): the parts `nodes` (their primitives) follow the
  // mouse from `cursor` in the plane facing the eye, in Move mode, as one drag, until release()
  // (a left click) keeps them there or cancel() leaves them where they were. False when none of
  // them has a primitive.
  bool beginGrab(const std::vector<std::string>& nodes, const QPointF& cursor);
  bool isDragging() const;
  // Esc during a grab: the drag ends with the parts back where they were (no undo step).
  void cancelDrag();
  // The other selected parts a drag of `picked` takes along (the selection moves together).
  std::vector<std::pair<std::string, SurfacePoint>> followersOf(const std::string& picked) const;

  // The grid's cell for Ctrl steps: the ground grid's (groundGridCell) for the model shown, or
  // finer when the view is close (a power of ten below a quarter of the eye's distance).
  double gridCell() const;

 private:
  std::optional<SurfacePick> pickAt(const QPointF& position) const;
  // The arrow or ring within a few pixels of `position`, if the handle is shown.
  std::optional<HandlePart> handleAt(const QPointF& position) const;
  // Whether the pick lies on the part the transform handle belongs to (which it never hides).
  bool onHandlesPart(const std::optional<SurfacePick>& pick) const;
  // The grip within a few pixels of `position` that the part does not hide, if any.
  const PlacedGrip* gripAt(const QPointF& position, const std::optional<SurfacePick>& pick) const;
  void pressGrip(const QPointF& position, const PlacedGrip& grip);
  bool pressHandle(const QPointF& position, const HandlePart& part);
  // How far the part's displayed surface reaches from `origin` (the rings go round it).
  double partRadius(const std::string& part, const Vec3d& origin) const;
  void showOverlays();
  void findSnap();


  SceneDocument& document_;
  SceneSelection& selection_;
  Viewport& viewport_;
  const DisplayGeometry& geometry_;
  std::unique_ptr<PartDragController> partDrag_;
  std::shared_ptr<const OverlayGeometry> sceneOverlays_;
  std::optional<TransformHandle> handle_;
  std::vector<PlacedGrip> grips_;
  bool handleVisible_ = true;
  bool handlePressed_ = false;
  bool snapping_ = true;
  bool stepping_ = false;  // Ctrl held at the last move
  std::optional<SnapCandidate> snap_;
  std::set<std::string> unsnappable_;  // pairs together at the drag's start (snapPairKey)
  std::unique_ptr<Constraint> snapped_;
};

}  // namespace flexure::app
