#include "viewport/viewport_interaction.h"

#include <algorithm>

#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/render/mesh_picking.h"
#include "viewport/display_geometry.h"
#include "viewport/part_drag_controller.h"
#include "viewport/surface_pick.h"
#include "viewport/viewport.h"

namespace flexure::app {

ViewportInteraction::ViewportInteraction(SceneDocument& document, SceneSelection& selection, Viewport& viewport,
                                         SolverLink& solver, const DisplayGeometry& geometry, QObject* parent)
    : QObject(parent),
      document_(document),
      selection_(selection),
      viewport_(viewport),
      geometry_(geometry),
      partDrag_(std::make_unique<PartDragController>(solver)) {}

ViewportInteraction::~ViewportInteraction() = default;

std::optional<SurfacePick> ViewportInteraction::pickAt(const QPointF& position) const {
  const PickRay ray =
      pickRayThroughPixel(viewport_.camera(), viewport_.width(), viewport_.height(), position.x(), position.y());
  return pickSurface(document_.scene(), geometry_, ray);
}

std::optional<HandlePart> ViewportInteraction::handleAt(const QPointF& position) const {
  if (!handle_) return std::nullopt;
  return pickTransformHandle(*handle_, viewport_.camera(), viewport_.width(), viewport_.height(), position.x(),
                             position.y());
}

bool ViewportInteraction::coversSelection(const SurfacePick& pick) const {
  const Node* node = document_.scene().find(pick.node);
  return node != nullptr && selection_.covers(node);
}

ViewportInteraction::PressKind ViewportInteraction::pressTargetAt(const QPointF& position) const {
  const std::optional<SurfacePick> pick = pickAt(position);
  if (pick && coversSelection(*pick)) return PressKind::Part;  // the handle never hides its part
  if (handleAt(position)) return PressKind::Handle;
  return pick ? PressKind::Part : PressKind::Nothing;
}

bool ViewportInteraction::press(const QPointF& position, DragMode mode) {
  handlePressed_ = false;
  const std::optional<SurfacePick> pick = pickAt(position);
  if (!(pick && coversSelection(*pick)))
    if (const std::optional<HandlePart> part = handleAt(position)) {
      handlePressed_ = pressHandle(position, *part);
      if (handlePressed_) return true;
    }
  if (!pick) return false;
  partDrag_->press(*pick, dragPlaneNormal(document_.scene(), *pick, viewport_.camera()), position, mode);
  return true;
}

bool ViewportInteraction::pressHandle(const QPointF& position, const HandlePart& part) {
  const Camera& camera = viewport_.camera();
  const PickRay pressRay = pickRayThroughPixel(camera, viewport_.width(), viewport_.height(), position.x(), position.y());
  // An arrow moves only the placement's translate, a ring only its rotate (transform_handle.h).
  const std::optional<HandleGrab> grab = grabTransformHandle(document_.scene(), *handle_, part, pressRay);
  if (!grab) return false;
  const TransformHandle handle = *handle_;
  const Vec3d grabbed = grab->pick.world;
  partDrag_->pressConstrained(
      grab->pick,
      [handle, part, grabbed, pressRay](const PickRay& ray) { return handleTarget(handle, part, grabbed, pressRay, ray); },
      position, DragMode::Move, grab->only, grab->local);
  return true;
}

void ViewportInteraction::move(const QPointF& position) {
  const bool wasDragging = partDrag_->isDragging();
  const PickRay ray =
      pickRayThroughPixel(viewport_.camera(), viewport_.width(), viewport_.height(), position.x(), position.y());
  if (partDrag_->move(ray, position) && !wasDragging) {
    // The dragged part becomes the selection (what the panels show while it moves).
    const SurfacePick* pick = partDrag_->picked();
    selection_.select(document_.scene().find(pick->node));
    emit dragStarted(QString::fromStdString(pick->node), QString::fromUtf8(dragModeName(partDrag_->mode())));
  }
}

bool ViewportInteraction::release(const QPointF&) {
  const bool dragged = partDrag_->release();
  if (dragged) emit dragEnded();
  // A click on the handle is not a click on what is behind it: it keeps the selection.
  const bool onHandle = handlePressed_;
  handlePressed_ = false;
  return dragged || onHandle;
}

void ViewportInteraction::cancel() {
  partDrag_->release();
  handlePressed_ = false;
  sceneOverlays_ = nullptr;
  handle_.reset();
}

void ViewportInteraction::setHandleVisible(bool visible) {
  handleVisible_ = visible;
  refresh();
}

void ViewportInteraction::setSceneOverlays(std::shared_ptr<const OverlayGeometry> overlays) {
  sceneOverlays_ = std::move(overlays);
  refresh();  // the handle's origin follows the Ψ of the frame
}

double ViewportInteraction::partRadius(const std::string& part, const Vec3d& origin) const {
  double radius = 0.0;
  if (!geometry_.meshes) return radius;
  for (const TriangleMesh& mesh : *geometry_.meshes)
    if (mesh.name == part)
      for (const Vec3d& p : mesh.positions) radius = std::max(radius, norm(p - origin));
  return radius;
}

void ViewportInteraction::refresh() {
  handle_.reset();
  if (handleVisible_) {
    handle_ = transformHandleFor(document_.scene(), selection_.current(), viewport_.camera());
    if (handle_) fitHandleAroundPart(*handle_, partRadius(handle_->part, handle_->origin));
  }
  showOverlays();
}

void ViewportInteraction::showOverlays() {
  if (!handle_) {
    viewport_.setOverlays(sceneOverlays_);
    return;
  }
  auto overlays = std::make_shared<OverlayGeometry>(sceneOverlays_ ? *sceneOverlays_ : OverlayGeometry{});
  appendTransformHandle(*handle_, *overlays);
  viewport_.setOverlays(std::move(overlays));
}

}  // namespace flexure::app
