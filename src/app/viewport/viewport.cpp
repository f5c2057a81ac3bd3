#include "viewport/viewport.h"

#include <QKeyEvent>

#include <QApplication>
#include <QContextMenuEvent>
#include <QDropEvent>
#include <QLabel>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QOpenGLWindow>
#include <QSurfaceFormat>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <chrono>
#include <cmath>

#include "flexure/render/camera_framing.h"
#include "flexure/render/grid_plane.h"
#include "flexure/render/mesh_picking.h"
#include "viewport/gl_format.h"

namespace flexure::app {
namespace {

constexpr double kDollyPerPixel = 0.01;      // drag dolly: e^(0.01·dy)
constexpr double kDollyPerWheelNotch = 0.85;  // one notch toward the target: 15 % closer

using Clock = std::chrono::steady_clock;
double millisecondsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

}  // namespace

// The native window the picture is drawn in. It draws through the viewport's initializeGL and
// paintGL and hands its input to the viewport widget: mouse and wheel events as they are (the
// container fills the widget, so positions are the same), the context menu as Qt would make it
// for a widget, drags and drops to the main window (which opens dropped files). It never takes
// the keyboard focus: a click gives it to the viewport widget, so shortcuts work as before.
class Viewport::Surface : public QOpenGLWindow {
 public:
  explicit Surface(Viewport& owner) : owner_(owner) { setFlag(Qt::WindowDoesNotAcceptFocus); }

 protected:
  void initializeGL() override { owner_.initializeGL(); }
  void paintGL() override { owner_.paintGL(); }

  bool event(QEvent* event) override {
    switch (event->type()) {
      case QEvent::MouseButtonPress:
      case QEvent::MouseButtonDblClick:
      case QEvent::MouseButtonRelease:
      case QEvent::MouseMove: forwardMouse(static_cast<QMouseEvent*>(event)); return true;
      case QEvent::Wheel: {
        auto* wheel = static_cast<QWheelEvent*>(event);
        QWheelEvent copy(wheel->position(), wheel->globalPosition(), wheel->pixelDelta(), wheel->angleDelta(),
                         wheel->buttons(), wheel->modifiers(), wheel->phase(), wheel->inverted(), wheel->source());
        QCoreApplication::sendEvent(&owner_, &copy);
        return true;
      }
      case QEvent::DragEnter:
      case QEvent::DragMove:
      case QEvent::Drop: forwardDrop(static_cast<QDropEvent*>(event)); return true;
      case QEvent::UpdateRequest:
        // A frame asked for just before the window lost its platform surface (the main window
        // closing): QOpenGLWindow would paint with the context it has already deleted.
        if (!handle() || !context() || owner_.isUnavailable()) return true;
        return QOpenGLWindow::event(event);
      case QEvent::Expose:
        // Without OpenGL the window is never painted: QOpenGLWindow would make a context, fail,
        // and paint through it all the same.
        if (owner_.isUnavailable()) return true;
        return QOpenGLWindow::event(event);
      case QEvent::DragLeave: {
        QDragLeaveEvent copy;
        QCoreApplication::sendEvent(owner_.window(), &copy);
        return true;
      }
      default: return QOpenGLWindow::event(event);
    }
  }

 private:
  void forwardMouse(QMouseEvent* event) {
    if (event->type() == QEvent::MouseButtonPress) owner_.setFocus(Qt::MouseFocusReason);
    QMouseEvent copy(event->type(), event->position(), event->scenePosition(), event->globalPosition(), event->button(),
                     event->buttons(), event->modifiers(), event->pointingDevice());
    QCoreApplication::sendEvent(&owner_, &copy);
    // A widget gets its context menu from the right button's press, on Windows from its release
    // (Qt's platform themes; QWidgetWindow does this for widgets, Qt 6.4 has no public hint).
#ifdef Q_OS_WIN
    const QEvent::Type menuType = QEvent::MouseButtonRelease;
#else
    const QEvent::Type menuType = QEvent::MouseButtonPress;
#endif
    if (event->type() == menuType && event->button() == Qt::RightButton) {
      QContextMenuEvent menu(QContextMenuEvent::Mouse, event->position().toPoint(), event->globalPosition().toPoint(),
                             event->modifiers());
      QCoreApplication::sendEvent(&owner_, &menu);
    }
  }

  // Positions in the main window's coordinates, the proposed action and acceptance back.
  void forwardDrop(QDropEvent* event) {
    QWidget* window = owner_.window();
    const QPointF at = owner_.mapTo(window, event->position().toPoint());
    if (event->type() == QEvent::Drop) {
      QDropEvent copy(at, event->possibleActions(), event->mimeData(), event->buttons(), event->modifiers());
      QCoreApplication::sendEvent(window, &copy);
      event->setDropAction(copy.dropAction());
      event->setAccepted(copy.isAccepted());
      return;
    }
    const QPoint point = at.toPoint();
    if (event->type() == QEvent::DragEnter) {
      QDragEnterEvent copy(point, event->possibleActions(), event->mimeData(), event->buttons(), event->modifiers());
      QCoreApplication::sendEvent(window, &copy);
      event->setDropAction(copy.dropAction());
      event->setAccepted(copy.isAccepted());
    } else {
      QDragMoveEvent copy(point, event->possibleActions(), event->mimeData(), event->buttons(), event->modifiers());
      copy.setAccepted(event->isAccepted());
      QCoreApplication::sendEvent(window, &copy);
      event->setDropAction(copy.dropAction());
      event->setAccepted(copy.isAccepted());
    }
  }

  Viewport& owner_;
};

Viewport::Viewport(QWidget* parent) : QWidget(parent), surface_(new Surface(*this)) {
  setFocusPolicy(Qt::StrongFocus);
  setMinimumSize(160, 120);
  container_ = QWidget::createWindowContainer(surface_, this);
  container_->setFocusPolicy(Qt::NoFocus);
  container_->setAcceptDrops(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(container_);
  setSamples(kAntialiasHardwareSamples);
}

void Viewport::setUnavailable(const QString& message) {
  if (!unavailable_) {
    unavailable_ = new QLabel(this);
    unavailable_->setObjectName("viewportUnavailable");
    unavailable_->setWordWrap(true);
    unavailable_->setAlignment(Qt::AlignCenter);
    unavailable_->setMargin(24);
    unavailable_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout()->addWidget(unavailable_);
  }
  unavailable_->setText(message);
  container_->hide();
}

void Viewport::setSamples(int samples) {
  QSurfaceFormat surface = QSurfaceFormat::defaultFormat();
  surface.setSamples(samples);
  surface_->setFormat(surface);
  samples_ = samples;
}

void Viewport::update() {
  if (surface_->handle() && !unavailable_) surface_->update();  // else the first show draws anyway
}

QImage Viewport::grabFramebuffer() { return unavailable_ ? QImage() : surface_->grabFramebuffer(); }

QWindow* Viewport::pictureWindow() const { return surface_; }

QSurfaceFormat Viewport::format() const { return surface_->format(); }

QOpenGLContext* Viewport::context() const { return surface_->context(); }

Viewport::~Viewport() {
  // The surface's destructor destroys the context, whose aboutToBeDestroyed would call
  // releaseGl on an object that is no longer a Viewport (UBSan: invalid downcast).
  if (context()) disconnect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &Viewport::releaseGl);
  releaseGl();
}

void Viewport::releaseGl() {
  if (!glReady_) return;
  surface_->makeCurrent();
  renderer_.release();
  surface_->doneCurrent();
  glReady_ = false;
}

double Viewport::aspect() const { return height() > 0 ? static_cast<double>(width()) / height() : 1.0; }

void Viewport::setMeshes(std::shared_ptr<const std::vector<TriangleMesh>> meshes, std::vector<MeshStyle> styles,
                         std::shared_ptr<const std::vector<MeshRevision>> revisions) {
  meshes_ = meshes ? std::move(meshes) : std::make_shared<const std::vector<TriangleMesh>>();
  styles_ = std::move(styles);
  revisions_ = std::move(revisions);
  meshesDirty_ = true;
  update();
}

void Viewport::setOverlays(std::shared_ptr<const OverlayGeometry> overlays) {
  // The very overlays shown (a drag's pointer moved, the handle follows the frame's Ψ): nothing
  // to draw, and a frame asked for here would go out without the geometry on its way.
  if (overlays && overlays == overlays_) return;
  overlays_ = std::move(overlays);
  updateGridPlane();
  overlaysDirty_ = true;
  update();
}

void Viewport::setStyles(std::vector<MeshStyle> styles) {
  styles_ = std::move(styles);
  stylesDirty_ = true;
  update();
}

void Viewport::showScene(std::shared_ptr<const std::vector<TriangleMesh>> meshes, std::vector<MeshStyle> styles,
                         const Camera& camera) {
  camera_ = camera;
  fitCameraOnPaint_ = true;
  // The document's up axis, fixed until the next document: the grid stays level and the orbit
  // turns around it however the view is turned (grid_plane.h).
  sceneUp_ = gridPlaneForUp(camera.up).normal;
  updateGridPlane();
  setMeshes(std::move(meshes), std::move(styles));
  emit cameraChanged();
}

void Viewport::updateGridPlane() {
  options_.gridPlane = overlays_ && overlays_->ground ? *overlays_->ground : gridPlaneForUp(sceneUp_);
}

void Viewport::setCamera(const Camera& camera) { applyCamera(camera); }

void Viewport::setPassTiming(bool on) {
  passTiming_ = on;
  if (glReady_) renderer_.setPassTiming(on);
}

void Viewport::setAwaitingGeometry(bool awaiting) {
  awaitingGeometry_ = awaiting;
  update();
}

void Viewport::setRenderOptions(const RenderOptions& options) {
  options_ = options;
  update();
}

void Viewport::applyCamera(const Camera& camera) {
  camera_ = camera;
  fitCameraOnPaint_ = false;
  emit cameraChanged();
  update();
}

void Viewport::frameMeshes(const std::vector<TriangleMesh>& meshes) {
  const Bounds3 bounds = meshBounds(meshes);
  if (!bounds.empty()) applyCamera(frameBounds(camera_, bounds, aspect()));
}

void Viewport::frameAll() { frameMeshes(*meshes_); }

void Viewport::frameSelected() {
  std::vector<TriangleMesh> selected;
  for (std::size_t i = 0; i < meshes_->size() && i < styles_.size(); ++i)
    if (styles_[i].selected) selected.push_back((*meshes_)[i]);
  frameMeshes(selected.empty() ? *meshes_ : selected);
}

void Viewport::setStandardView(StandardView view) { applyCamera(standardViewCamera(camera_, view)); }

void Viewport::toggleProjection() { applyCamera(toggledProjection(camera_)); }

void Viewport::initializeGL() {
  // QOpenGLWindow calls this even when it could not make or bind its context; any OpenGL call
  // then goes nowhere (glGetString through a missing context crashed).
  if (!context() || !context()->isValid() || QOpenGLContext::currentContext() != context()) {
    emit renderFailed(tr("no OpenGL %1.%2 context could be created for the viewport")
                          .arg(format().majorVersion())
                          .arg(format().minorVersion()));
    return;
  }
  std::string error;
  if (!renderer_.initialize(error)) {
    emit renderFailed(QString::fromStdString(error));
    return;
  }
  glReady_ = true;
  if (QOpenGLContext* gl = context())
    glRenderer_ = QString::fromLatin1(reinterpret_cast<const char*>(gl->functions()->glGetString(GL_RENDERER)));
  renderer_.setPassTiming(passTiming_);
  meshesDirty_ = true;
  overlaysDirty_ = true;
  // Qt may recreate the context (reparenting, screen change): release with the old one.
  connect(context(), &QOpenGLContext::aboutToBeDestroyed, this, &Viewport::releaseGl, Qt::UniqueConnection);
}

void Viewport::paintGL() {
  if (!glReady_) return;  // no usable context (reported once in initializeGL)
  const Clock::time_point paintStart = Clock::now();
  FrameTiming timing;
  if (meshesDirty_) {
    renderer_.setMeshes(*meshes_, styles_, revisions_.get());
    meshesDirty_ = stylesDirty_ = false;
    timing.newGeometry = true;
    timing.uploadMeshesMs = millisecondsSince(paintStart);
  } else if (stylesDirty_) {
    renderer_.setStyles(styles_);
    stylesDirty_ = false;
    timing.uploadStylesMs = millisecondsSince(paintStart);
  }
  if (overlaysDirty_) {
    const Clock::time_point start = Clock::now();
    // Shared and never changed: the renderer keeps overlay meshes equal to those it has.
    timing.overlayUploads = renderer_.setOverlays(overlays_);
    overlaysDirty_ = false;
    timing.uploadOverlaysMs = millisecondsSince(start);
  }
  if (fitCameraOnPaint_) {
    fitCameraOnPaint_ = false;
    const Camera shown = cameraShowingMeshes(camera_, *meshes_, aspect());
    if (norm(shown.eye - camera_.eye) > 0.0 || norm(shown.target - camera_.target) > 0.0) {
      camera_ = shown;
      emit cameraChanged();
    }
  }
  const qreal ratio = devicePixelRatio();
  const Clock::time_point renderStart = Clock::now();
  renderer_.render(camera_, static_cast<int>(std::lround(width() * ratio)), static_cast<int>(std::lround(height() * ratio)),
                   options_);
  timing.renderMs = millisecondsSince(renderStart);
  timing.passes = renderer_.lastPassTimes();
  timing.drawing = renderer_.lastFrameDrawing();
  const double pixels = std::max(1.0, std::round(width() * ratio) * std::round(height() * ratio));
  timing.drawnFraction = static_cast<double>(timing.drawing.pixelsDrawn) / pixels;
  timing.paintMs = millisecondsSince(paintStart);
  if (awaitingGeometry_) return;  // not a frame of the document yet
  lastTiming_ = timing;
  ++framesRendered_;
  emit frameRendered();
}

void Viewport::mousePressEvent(QMouseEvent* event) {
  if (grabbing_) {  // a left click keeps the grabbed parts where they are, any other cancels
    swallowMenu_ = event->button() == Qt::RightButton;
    endGrab(event->button() != Qt::LeftButton, event->position());
    event->accept();
    return;
  }
  gesture_ = navigationGestureFor(event->button(), event->modifiers());
  if (boxArmed_ && event->button() != Qt::LeftButton) {  // a right click disarms B
    boxArmed_ = false;
    unsetCursor();
    event->accept();
    return;
  }
  if (gesture_ == NavigationGesture::None) {
    const bool left = event->button() == Qt::LeftButton;
    clickPending_ = left && event->modifiers() == Qt::NoModifier;
    shiftClickPending_ = left && event->modifiers() == Qt::ShiftModifier;
    clickStart_ = event->position().toPoint();
    partGesture_ = clickPending_ && !boxArmed_ && partHandler_.press && partHandler_.press(event->position());
    boxPending_ = (clickPending_ || shiftClickPending_) && !partGesture_;
    boxExtends_ = shiftClickPending_;
    QWidget::mousePressEvent(event);
    return;
  }
  lastMouse_ = event->position().toPoint();
  event->accept();
}

void Viewport::mouseMoveEvent(QMouseEvent* event) {
  if (boxPending_ && (event->buttons() & Qt::LeftButton)) {
    updateBox(event->position().toPoint());
    event->accept();
    return;
  }
  if (partGesture_) {
    if (partHandler_.move) partHandler_.move(event->position(), event->modifiers());
    event->accept();
    return;
  }
  if (gesture_ == NavigationGesture::None) {
    QWidget::mouseMoveEvent(event);
    return;
  }
  const QPoint position = event->position().toPoint();
  const QPoint delta = position - lastMouse_;
  lastMouse_ = position;
  switch (gesture_) {
    case NavigationGesture::Orbit: applyCamera(orbitCamera(camera_, delta.x(), delta.y(), sceneUp_)); break;
    case NavigationGesture::Pan: applyCamera(panCamera(camera_, delta.x(), delta.y(), height())); break;
    case NavigationGesture::Dolly: applyCamera(dollyCamera(camera_, std::exp(kDollyPerPixel * delta.y()))); break;
    case NavigationGesture::None: break;
  }
  event->accept();
}

void Viewport::mouseReleaseEvent(QMouseEvent* event) {
  constexpr int kClickTolerance = 4;  // pixels the mouse may move and still click
  if (partGesture_ && event->button() == Qt::LeftButton) {
    partGesture_ = false;
    // A part gesture that became a drag is no click.
    if (partHandler_.release && partHandler_.release(event->position())) clickPending_ = false;
  }
  const bool still = (event->position().toPoint() - clickStart_).manhattanLength() <= kClickTolerance;
  if (boxPending_ && event->button() == Qt::LeftButton) {
    boxPending_ = false;
    if (band_ && band_->isVisible()) {
      finishBox(event->position().toPoint());
      clickPending_ = shiftClickPending_ = false;
    }
  }
  if (clickPending_ && event->button() == Qt::LeftButton && still) emit clicked(event->position());
  if (shiftClickPending_ && event->button() == Qt::LeftButton && still) emit shiftClicked(event->position());
  clickPending_ = shiftClickPending_ = false;
  if (gesture_ != NavigationGesture::None && !event->buttons()) gesture_ = NavigationGesture::None;
  QWidget::mouseReleaseEvent(event);
}

void Viewport::beginGrab() {
  grabbing_ = true;
  partGesture_ = true;
  setMouseTracking(true);  // moves without a button reach mouseMoveEvent
  setCursor(Qt::SizeAllCursor);
  setFocus(Qt::OtherFocusReason);
}

void Viewport::endGrab(bool cancelled, const QPointF& position) {
  grabbing_ = false;
  partGesture_ = false;
  setMouseTracking(false);
  unsetCursor();
  if (cancelled)
    emit grabCancelled();
  else if (partHandler_.release)
    partHandler_.release(position);
}

bool Viewport::event(QEvent* event) {
  // Esc ends a grab here rather than triggering a window shortcut on Esc.
  if (event->type() == QEvent::ShortcutOverride && grabbing_ &&
      static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
    event->accept();
    return true;
  }
  return QWidget::event(event);
}

void Viewport::keyPressEvent(QKeyEvent* event) {
  if (grabbing_ && event->key() == Qt::Key_Escape) {
    endGrab(true, QPointF());
    event->accept();
    return;
  }
  QWidget::keyPressEvent(event);
}

void Viewport::armBoxSelect() {
  boxArmed_ = true;
  setCursor(Qt::CrossCursor);
}

void Viewport::updateBox(const QPoint& to) {
  constexpr int kBoxStart = 4;  // pixels: below this the press is still a click
  if ((!band_ || !band_->isVisible()) && (to - clickStart_).manhattanLength() <= kBoxStart) return;
  if (!band_) band_ = std::make_unique<QRubberBand>(QRubberBand::Rectangle);
  const QRect box = QRect(clickStart_, to).normalized();
  band_->setGeometry(QRect(mapToGlobal(box.topLeft()), box.size()));
  band_->show();
}

void Viewport::finishBox(const QPoint& to) {
  band_->hide();
  boxArmed_ = false;
  unsetCursor();
  emit boxSelected(QRect(clickStart_, to).normalized(), boxExtends_);
}

void Viewport::wheelEvent(QWheelEvent* event) {
  const double notches = event->angleDelta().y() / 120.0;
  if (notches != 0.0) applyCamera(dollyCamera(camera_, std::pow(kDollyPerWheelNotch, notches)));
  event->accept();
}

void Viewport::contextMenuEvent(QContextMenuEvent* event) {
  if (swallowMenu_) {
    swallowMenu_ = false;
    event->accept();
    return;
  }
  if (event->modifiers() != Qt::NoModifier) {  // Alt + right button dollies
    event->ignore();
    return;
  }
  emit contextMenuRequested(QPointF(event->pos()));
  event->accept();
}

std::optional<Vec3d> Viewport::groundPointUnder(const QPointF& position) const {
  const GridPlane plane = options_.gridPlane ? *options_.gridPlane : gridPlaneForUp(sceneUp_);
  const PickRay ray = pickRayThroughPixel(camera_, width(), height(), position.x(), position.y());
  const Vec3d origin(ray.origin.x, ray.origin.y, ray.origin.z);
  const Vec3d direction = normalized(Vec3d(ray.direction.x, ray.direction.y, ray.direction.z));
  const double facing = dot(direction, plane.normal);
  if (std::abs(facing) < 1e-6) return std::nullopt;
  const double t = (plane.offset - dot(origin, plane.normal)) / facing;
  const double reach = 50.0 * std::max(norm(camera_.target - camera_.eye), 1e-6);
  if (!(t > 0.0) || t > reach) return std::nullopt;
  return origin + direction * t;
}

Vec3d Viewport::placementPoint() const {
  if (placementCursor_)
    if (const std::optional<Vec3d> ground = groundPointUnder(*placementCursor_)) return *ground;
  return camera_.target;
}

}  // namespace flexure::app
