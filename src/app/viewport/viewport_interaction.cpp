#include "viewport/viewport_interaction.h"

#include <algorithm>
#include <cmath>

#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/render/camera_matrices.h"
#include "flexure/session/part_drag.h"
#include "flexure/render/grid_plane.h"
#include "flexure/render/mesh_picking.h"
#include "flexure/render/overlay_shapes.h"
#include "viewport/display_geometry.h"
#include "viewport/part_drag_controller.h"
#include "viewport/surface_pick.h"
#include "viewport/viewport.h"

namespace flexure::app {

namespace {
constexpr double kGripPixels = 8.0;          // a press this close to a grip's centre takes it
constexpr double kGripScreenFraction = 0.011;  // the marker's radius / its distance from the eye
constexpr ColorRgb kGripColor{1.0f, 0.85f, 0.2f};

// The primitive whose grips show for the selected node: itself, or the first one below it.
const Primitive* grippedPrimitive(const Node* selected) {
  for (const Node* n = selected; n != nullptr; n = n->children().empty() ? nullptr : n->children().front().get())
    if (n->isPrimitive()) return static_cast<const Primitive*>(n);
  return nullptr;
}
}  // namespace

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

bool ViewportInteraction::onHandlesPart(const std::optional<SurfacePick>& pick) const {
  return pick && handle_ && pick->node == handle_->part;
}

const PlacedGrip* ViewportInteraction::gripAt(const QPointF& position, const std::optional<SurfacePick>& pick) const {
  const Camera& camera = viewport_.camera();
  const PlacedGrip* best = nullptr;
  double bestDistance = kGripPixels;
  for (const PlacedGrip& grip : grips_) {
    glm::dvec2 pixel;
    if (!projectToPixel(camera, viewport_.width(), viewport_.height(), toGlm(grip.world), pixel)) continue;
    const double d = std::hypot(pixel.x - position.x(), pixel.y - position.y());
    if (d >= bestDistance) continue;
    // Hidden behind the part (a grip on its far side): the surface under the cursor is nearer.
    const double eyeDistance = norm(grip.world - camera.eye);
    if (pick && norm(pick->world - camera.eye) < eyeDistance - 0.03 * eyeDistance) continue;
    best = &grip;
    bestDistance = d;
  }
  return best;
}

ViewportInteraction::PressKind ViewportInteraction::pressTargetAt(const QPointF& position) const {
  const std::optional<SurfacePick> pick = pickAt(position);
  if (gripAt(position, pick)) return PressKind::Grip;
  if (onHandlesPart(pick)) return PressKind::Part;  // the handle never hides its part
  if (handleAt(position)) return PressKind::Handle;
  return pick ? PressKind::Part : PressKind::Nothing;
}

bool ViewportInteraction::press(const QPointF& position, DragMode mode) {
  handlePressed_ = false;
  const std::optional<SurfacePick> pick = pickAt(position);
  if (const PlacedGrip* grip = gripAt(position, pick)) {
    pressGrip(position, *grip);
    return true;
  }
  if (!onHandlesPart(pick))
    if (const std::optional<HandlePart> part = handleAt(position)) {
      handlePressed_ = pressHandle(position, *part);
      if (handlePressed_) return true;
    }
  if (!pick) return false;
  partDrag_->press(*pick, dragPlaneNormal(document_.scene(), *pick, viewport_.camera()), position, mode);
  partDrag_->setFollowers(followersOf(pick->node));
  // Ctrl: the part's placement origin from grid point to grid point (else the grabbed point's).
  const auto placement = transformHandleFor(document_.scene(), document_.scene().find(pick->node), viewport_.camera());
  if (!pick->metaballHandle)
    partDrag_->setGridSteps(placement ? placement->origin : pick->world, gridCell(),
                            placement ? placement->translate : std::string(),
                            session::pickedPointPosition(document_.scene(), pick->node, pick->point));
  return true;
}

double ViewportInteraction::gridCell() const {
  Bounds3 bounds;
  if (geometry_.meshes)
    for (std::size_t i = 0; i < geometry_.sceneMeshCount && i < geometry_.meshes->size(); ++i)
      for (const Vec3d& p : (*geometry_.meshes)[i].positions) bounds.extend(p);
  // The ground grid's cell, finer as the view closes in (as Blender's increments do): the power of
  // ten just below a quarter of the distance from the eye to what it looks at.
  const Camera& camera = viewport_.camera();
  const double zoom = std::pow(10.0, std::floor(std::log10(std::max(0.25 * norm(camera.target - camera.eye), 1e-9))));
  return std::min(groundGridCell(bounds), zoom);
}



bool ViewportInteraction::pressHandle(const QPointF& position, const HandlePart& part) {
  const Camera& camera = viewport_.camera();
  const PickRay pressRay = pickRayThroughPixel(camera, viewport_.width(), viewport_.height(), position.x(), position.y());
  // An arrow moves only the placement's translate, a ring only its rotate (transform_handle.h).
  const std::optional<HandleGrab> grab = grabTransformHandle(document_.scene(), *handle_, part, pressRay);
  if (!grab) return false;
  const TransformHandle handle = *handle_;
  const Vec3d grabbed = grab->pick.world;
  const double cell = gridCell();
  partDrag_->pressConstrained(
      grab->pick,
      [handle, part, grabbed, pressRay, cell](const PickRay& ray, double steps) {
        return handleTarget(handle, part, grabbed, pressRay, ray, steps, cell);
      },
      position, DragMode::Move, DragNarrowing{grab->only, grab->local, {}, std::nullopt});
  if (part.kind == HandlePart::Kind::Arrow) partDrag_->setFollowers(followersOf(grab->pick.node));
  return true;
}

bool ViewportInteraction::isDragging() const { return partDrag_->isDragging(); }

void ViewportInteraction::cancelDrag() {
  partDrag_->cancel();
  cancel();
}

bool ViewportInteraction::beginGrab(const std::vector<std::string>& nodes, const QPointF& cursor) {
  const Scene& scene = document_.scene();
  std::vector<std::string> leaves;
  for (const std::string& name : nodes) {
    std::vector<const Node*> pending{scene.find(name)};
    while (!pending.empty()) {
      const Node* n = pending.back();
      pending.pop_back();
      if (!n) continue;
      if (n->isPrimitive()) leaves.push_back(n->name());
      for (const auto& child : n->children()) pending.push_back(child.get());
    }
  }
  if (leaves.empty()) return false;
  SurfacePick pick;
  pick.node = leaves.front();
  pick.point = SurfacePoint{0, 0.5, 0.5};
  pick.world = session::pickedPointPosition(scene, pick.node, pick.point);
  const Camera& camera = viewport_.camera();
  const Vec3d facing = normalized(camera.target - camera.eye);
  const PickRay start = pickRayThroughPixel(camera, viewport_.width(), viewport_.height(), cursor.x(), cursor.y());
  const std::optional<Vec3d> startHit = rayPlaneIntersection(start, pick.world, facing);
  if (!startHit) return false;
  const Vec3d world = pick.world, from = *startHit;
  // The parts move by the cursor's motion in that plane, wherever the cursor started.
  partDrag_->pressConstrained(
      pick,
      [world, from, facing](const PickRay& ray, double) {
        const std::optional<Vec3d> hit = rayPlaneIntersection(ray, world, facing);
        return hit ? world + (*hit - from) : world;
      },
      cursor, DragMode::Move);
  std::vector<std::pair<std::string, SurfacePoint>> along;
  for (std::size_t k = 1; k < leaves.size(); ++k) along.emplace_back(leaves[k], SurfacePoint{0, 0.5, 0.5});
  partDrag_->setFollowers(std::move(along));
  return true;
}

// The rest of a multi-selection that `picked` belongs to (issue 27): its primitives, each pulled
// at a point of its surface by the hand's displacement, so the selection moves together. None
// when `picked` is not selected or is the only part selected.
std::vector<std::pair<std::string, SurfacePoint>> ViewportInteraction::followersOf(const std::string& picked) const {
  constexpr std::size_t kMaxFollowers = 64;  // a drag's springs; more would slow every move
  std::vector<std::pair<std::string, SurfacePoint>> out;
  const Node* node = document_.scene().find(picked);
  if (selection_.nodes().size() < 2 || !selection_.covers(node)) return out;
  std::vector<const Node*> pending(selection_.nodes().begin(), selection_.nodes().end());
  while (!pending.empty() && out.size() < kMaxFollowers) {
    const Node* n = pending.back();
    pending.pop_back();
    if (n->isPrimitive() && n->name() != picked &&
        std::none_of(out.begin(), out.end(), [&](const auto& f) { return f.first == n->name(); }))
      out.emplace_back(n->name(), SurfacePoint{0, 0.5, 0.5});
    for (const auto& child : n->children()) pending.push_back(child.get());
  }
  return out;
}

// A grip's drag: its surface point pulled along the grip's line (where the mouse ray passes
// nearest to it), only its parameters moving, its opposite feature held (grip.h).
void ViewportInteraction::pressGrip(const QPointF& position, const PlacedGrip& grip) {
  SurfacePick pick;
  pick.node = grip.leaf;
  pick.point = grip.surface;
  pick.world = grip.world;
  const Vec3d origin = grip.world, axis = grip.worldDirection;
  const PickRay pressRay =
      pickRayThroughPixel(viewport_.camera(), viewport_.width(), viewport_.height(), position.x(), position.y());
  const double start = rayLineParameter(origin, axis, pressRay);
  const double cell = gridCell();
  partDrag_->pressConstrained(
      pick,
      [origin, axis, start, cell](const PickRay& ray, double steps) {
        const double moved = rayLineParameter(origin, axis, ray) - start;
        return origin + axis * (steps > 0.0 ? roundToStep(moved, steps * cell) : moved);
      },
      position, DragMode::Auto, DragNarrowing{{}, std::nullopt, grip.parameters, grip.pinned});
}

void ViewportInteraction::move(const QPointF& position, double steps) {
  stepping_ = steps > 0.0;
  const bool wasDragging = partDrag_->isDragging();
  const PickRay ray =
      pickRayThroughPixel(viewport_.camera(), viewport_.width(), viewport_.height(), position.x(), position.y());
  if (!wasDragging && partDrag_->isPressed())
    // Features already together when the drag starts (parts of a mechanism that touch) were not
    // brought together by the hand: they never snap in this drag.
    unsnappable_ = nearbySnapPairs(document_.scene(), partDrag_->picked()->node, viewport_.camera(), viewport_.width(),
                                   viewport_.height());
  if (partDrag_->move(ray, position, steps) && !wasDragging) {
    // The dragged part becomes the selection (what the panels show while it moves), unless it
    // is one of several selected parts, which it drags along: they stay selected.
    const SurfacePick* pick = partDrag_->picked();
    const Node* dragged = document_.scene().find(pick->node);
    if (selection_.nodes().size() < 2 || !selection_.covers(dragged)) selection_.select(dragged);
    emit dragStarted(QString::fromStdString(pick->node), QString::fromUtf8(dragModeName(partDrag_->mode())));
  }
  if (partDrag_->isDragging()) {
    findSnap();
    showOverlays();
  }
}

void ViewportInteraction::findSnap() {
  snap_.reset();
  if (!snapping_ || handlePressed_ || !partDrag_->isDragging() || stepping_) return;
  snap_ = flexure::app::findSnap(document_.scene(), partDrag_->picked()->node, viewport_.camera(), viewport_.width(),
                                 viewport_.height(), unsnappable_);
}

void ViewportInteraction::setSnapping(bool on) {
  snapping_ = on;
  findSnap();
  showOverlays();
}

bool ViewportInteraction::release(const QPointF&) {
  // Released on a snap: the constraint it stands for, for the drag's undo step.
  snapped_.reset();
  if (partDrag_->isDragging() && snap_) snapped_ = makeSnapConstraint(document_.scene(), snap_->moving, snap_->target);
  snap_.reset();
  const bool dragged = partDrag_->release();
  if (dragged) emit dragEnded();
  // A click on the handle is not a click on what is behind it: it keeps the selection.
  const bool onHandle = handlePressed_;
  handlePressed_ = false;
  return dragged || onHandle;
}

void ViewportInteraction::cancel() {
  partDrag_->release();
  snap_.reset();
  snapped_.reset();
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
  findSnap();  // the dragged part has moved: so have its features
  grips_.clear();
  if (const Primitive* leaf = grippedPrimitive(selection_.current())) grips_ = placedGrips(document_.scene(), *leaf);
  handle_.reset();
  if (handleVisible_) {
    handle_ = transformHandleFor(document_.scene(), selection_.current(), viewport_.camera());
    if (handle_) fitHandleAroundPart(*handle_, partRadius(handle_->part, handle_->origin));
  }
  showOverlays();
}

void ViewportInteraction::showOverlays() {
  if (!handle_ && grips_.empty() && !snap_) {
    viewport_.setOverlays(sceneOverlays_);
    return;
  }
  auto overlays = std::make_shared<OverlayGeometry>(sceneOverlays_ ? *sceneOverlays_ : OverlayGeometry{});
  if (handle_) appendTransformHandle(*handle_, *overlays);
  // Grips: small markers of a constant size on screen, standing half out of the surface along
  // the line they move on.
  for (const PlacedGrip& grip : grips_) {
    const double radius = kGripScreenFraction * norm(grip.world - viewport_.camera().eye);
    overlay::addMarker(*overlays, grip.world + grip.worldDirection * (0.5 * radius), radius, kGripColor);
  }
  if (snap_) appendSnapHighlight(document_.scene(), *snap_, viewport_.camera(), *overlays);
  viewport_.setOverlays(std::move(overlays));
}

}  // namespace flexure::app
