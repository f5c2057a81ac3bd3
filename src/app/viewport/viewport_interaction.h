#pragma once
// Left-button gestures on the model (issue 26, docs/app.md "Dragging"). What a press takes, in
// this order:
//   1. a grip of the selected part (flexure/core/grip.h), a small marker on a feature: drags
//      that feature along its line, changing only the sizes it stands for;
//   2. the visible surface of a selected part: drags the part — the transform handle never hides
//      the part it belongs to, even where one of its lines crosses it;
//   3. a line of the transform handle (around the part, or over another part): a drag narrowed
//      to the placement's translate (arrow) or rotate (ring);
//   4. any other part: drags it, and it becomes the selection;
//   5. empty space: nothing (a click there clears the selection).
// The window only routes input here; the drags themselves are the solver thread's
// (part_drag_controller.h), and the handle's overlay lines are added to the frame's glyphs here.
#include <QObject>
#include <QPointF>
#include <memory>
#include <optional>
#include <vector>

#include "flexure/core/drag_mode.h"
#include "flexure/core/grip.h"
#include "flexure/render/overlay_geometry.h"
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
  void move(const QPointF& position);
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
  // The newest geometry frame's glyphs; the viewport shows them with the handle's lines.
  void setSceneOverlays(std::shared_ptr<const OverlayGeometry> overlays);
  // The selection, the camera or Ψ changed: the handle follows.
  void refresh();

 signals:
  // A part drag started: the part and the mode's name (the status bar shows them).
  void dragStarted(const QString& node, const QString& mode);
  void dragEnded();

 private:
  std::optional<SurfacePick> pickAt(const QPointF& position) const;
  // The arrow or ring within a few pixels of `position`, if the handle is shown.
  std::optional<HandlePart> handleAt(const QPointF& position) const;
  bool coversSelection(const SurfacePick& pick) const;
  // The grip within a few pixels of `position` that the part does not hide, if any.
  const PlacedGrip* gripAt(const QPointF& position, const std::optional<SurfacePick>& pick) const;
  void pressGrip(const QPointF& position, const PlacedGrip& grip);
  bool pressHandle(const QPointF& position, const HandlePart& part);
  // How far the part's displayed surface reaches from `origin` (the rings go round it).
  double partRadius(const std::string& part, const Vec3d& origin) const;
  void showOverlays();

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
};

}  // namespace flexure::app
