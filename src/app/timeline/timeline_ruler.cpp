#include "timeline/timeline_ruler.h"

#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "commands/timeline_edit_command.h"
#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "flexure/core/scene.h"
#include "timeline/timeline_keying.h"
#include "timeline/timeline_playback.h"

namespace flexure::app {

namespace {

constexpr int kMargin = 14;      // left and right margin of the frame axis
constexpr int kRulerHeight = 20;  // frame numbers and ticks
constexpr int kKeyRow = 34;       // centre of the key markers
constexpr int kKeyRadius = 6;
constexpr int kCacheBarHeight = 6;

}  // namespace

TimelineRuler::TimelineRuler(SceneDocument& document, SceneSelection& selection, TimelinePlayback& playback,
                             QWidget* parent)
    : QWidget(parent), document_(document), selection_(selection), playback_(playback) {
  setFocusPolicy(Qt::StrongFocus);
  setMouseTracking(false);
  auto repaint = [this] { update(); };
  connect(&playback_, &TimelinePlayback::frameChanged, this, repaint);
  // The ruler draws the cached ranges: a cache report that leaves them (each solver result
  // adopted while dragging reports one) does not repaint it.
  connect(&playback_, &TimelinePlayback::cacheChanged, this, [this] {
    std::vector<FrameRange> ranges = playback_.cachedRanges();
    if (ranges == drawnCache_) return;
    drawnCache_ = std::move(ranges);
    update();
  });
  connect(&playback_, &TimelinePlayback::timelineChanged, this, repaint);
  connect(&selection_, &SceneSelection::selectionChanged, this, [this] {
    selectedKey_.reset();
    update();
  });
}

QSize TimelineRuler::sizeHint() const { return {600, kKeyRow + kKeyRadius + 8 + kCacheBarHeight}; }
QSize TimelineRuler::minimumSizeHint() const { return {200, sizeHint().height()}; }

int TimelineRuler::xOfFrame(double frame) const {
  const TimelineSettings& tl = playback_.timeline();
  const double span = std::max(1, tl.endFrame - tl.startFrame);
  return kMargin + static_cast<int>(std::lround((frame - tl.startFrame) * (width() - 2 * kMargin) / span));
}

int TimelineRuler::frameAtX(int x) const {
  const TimelineSettings& tl = playback_.timeline();
  const double span = std::max(1, tl.endFrame - tl.startFrame);
  const double f = tl.startFrame + (x - kMargin) * span / std::max(1, width() - 2 * kMargin);
  return std::clamp(static_cast<int>(std::lround(f)), tl.startFrame, tl.endFrame);
}

int TimelineRuler::keyRowY() const { return kKeyRow; }

const Node* TimelineRuler::keyedNode() const { return selection_.current(); }

std::vector<int> TimelineRuler::keyFrames() const {
  std::vector<int> frames;
  const Node* node = keyedNode();
  if (!node) return frames;
  const TimelineSettings& tl = playback_.timeline();
  for (double t : keyTimesOfNode(document_.scene(), *node, tl)) frames.push_back(tl.frameAtOrBefore(t + 1e-9));
  return frames;
}

std::optional<int> TimelineRuler::keyAt(const QPoint& position) const {
  if (std::abs(position.y() - kKeyRow) > kKeyRadius + 2) return std::nullopt;
  std::optional<int> best;
  int bestDistance = kKeyRadius + 3;
  for (int frame : keyFrames()) {
    const int d = std::abs(position.x() - xOfFrame(frame));
    if (d < bestDistance) bestDistance = d, best = frame;
  }
  return best;
}

void TimelineRuler::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const TimelineSettings& tl = playback_.timeline();
  const QPalette& pal = palette();
  p.fillRect(rect(), pal.base());
  p.fillRect(QRect(0, 0, width(), kRulerHeight), pal.alternateBase());

  // Ticks: a label every `labelStep` frames, chosen so that labels do not overlap.
  const int span = std::max(1, tl.endFrame - tl.startFrame);
  const double pixelsPerFrame = double(width() - 2 * kMargin) / span;
  int labelStep = 1;
  for (int step : {1, 2, 5, 10, 12, 24, 25, 50, 100, 250, 500, 1000})
    if ((labelStep = step) * pixelsPerFrame >= 40) break;
  p.setPen(pal.color(QPalette::Mid));
  for (int f = tl.startFrame; f <= tl.endFrame; ++f) {
    const bool labelled = (f - tl.startFrame) % labelStep == 0;
    if (!labelled && pixelsPerFrame < 4) continue;
    const int x = xOfFrame(f);
    p.drawLine(x, kRulerHeight - (labelled ? 8 : 4), x, kRulerHeight);
  }
  p.setPen(pal.color(QPalette::Text));
  for (int f = tl.startFrame; f <= tl.endFrame; f += labelStep)
    p.drawText(QRect(xOfFrame(f) - 20, 0, 40, kRulerHeight - 7), Qt::AlignCenter, QString::number(f));

  // Cached-range bar: which frames are baked.
  const int barY = height() - kCacheBarHeight;
  p.fillRect(QRect(kMargin, barY, width() - 2 * kMargin, kCacheBarHeight), pal.color(QPalette::Midlight));
  const double half = pixelsPerFrame / 2;
  for (const FrameRange& r : playback_.cachedRanges()) {
    const int x0 = static_cast<int>(xOfFrame(std::max(r.first, tl.startFrame)) - half);
    const int x1 = static_cast<int>(xOfFrame(std::min(r.last, tl.endFrame)) + half);
    if (x1 >= x0) p.fillRect(QRect(x0, barY, std::max(1, x1 - x0), kCacheBarHeight), QColor(60, 170, 90));
  }

  // Key markers of the selected node: diamonds, the selected one filled in the highlight colour.
  for (int frame : keyFrames()) {
    const bool dragged = draggedKey_ == frame;
    const int x = xOfFrame(dragged ? dragTo_ : frame);
    QPainterPath diamond;
    diamond.moveTo(x, kKeyRow - kKeyRadius);
    diamond.lineTo(x + kKeyRadius, kKeyRow);
    diamond.lineTo(x, kKeyRow + kKeyRadius);
    diamond.lineTo(x - kKeyRadius, kKeyRow);
    diamond.closeSubpath();
    p.setPen(QPen(QColor(40, 40, 40), 1));
    p.setBrush(selectedKey_ == frame ? pal.color(QPalette::Highlight) : QColor(235, 190, 60));
    p.drawPath(diamond);
  }

  // Playhead.
  const int x = xOfFrame(playback_.currentFrame());
  p.setPen(QPen(QColor(215, 50, 50), 2));
  p.drawLine(x, 0, x, height());
  if (hasFocus()) {
    p.setPen(QPen(pal.color(QPalette::Highlight), 1, Qt::DotLine));
    p.setBrush(Qt::NoBrush);
    p.drawRect(rect().adjusted(0, 0, -1, -1));
  }
}

void TimelineRuler::mousePressEvent(QMouseEvent* event) {
  const QPoint pos = event->position().toPoint();
  if (const auto key = keyAt(pos)) {
    selectedKey_ = *key;
    if (event->button() == Qt::RightButton) {
      QMenu menu(this);
      QAction* remove = menu.addAction(tr("Delete Key"));
      if (menu.exec(event->globalPosition().toPoint()) == remove) deleteKey(*key);
    } else if (event->button() == Qt::LeftButton) {
      draggedKey_ = *key;
      dragTo_ = *key;
    }
    update();
    return;
  }
  if (event->button() != Qt::LeftButton) return;
  selectedKey_.reset();
  scrubbing_ = true;
  playback_.setFrame(frameAtX(pos.x()));
  update();
}

void TimelineRuler::mouseMoveEvent(QMouseEvent* event) {
  const int frame = frameAtX(event->position().toPoint().x());
  if (draggedKey_) {
    dragTo_ = frame;
    update();
  } else if (scrubbing_) {
    playback_.setFrame(frame);
  }
}

void TimelineRuler::mouseReleaseEvent(QMouseEvent*) {
  if (draggedKey_) {
    const int from = *draggedKey_;
    draggedKey_.reset();
    if (dragTo_ != from) {
      moveKey(from, dragTo_);
      selectedKey_ = dragTo_;
    }
    update();
  }
  scrubbing_ = false;
}

void TimelineRuler::keyPressEvent(QKeyEvent* event) {
  switch (event->key()) {
    case Qt::Key_Space: playback_.togglePlay(); break;
    case Qt::Key_Left: playback_.stepBackward(); break;
    case Qt::Key_Right: playback_.stepForward(); break;
    case Qt::Key_Home: playback_.goToStart(); break;
    case Qt::Key_End: playback_.goToEnd(); break;
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
      if (selectedKey_) deleteKey(*selectedKey_);
      break;
    default: QWidget::keyPressEvent(event); return;
  }
  event->accept();
}

// With the focus here, Home/End/Delete belong to the timeline, not to the window's shortcuts
// (the View menu's Home = Frame All).
bool TimelineRuler::event(QEvent* event) {
  if (event->type() == QEvent::ShortcutOverride) {
    const int key = static_cast<QKeyEvent*>(event)->key();
    if (key == Qt::Key_Home || key == Qt::Key_End || key == Qt::Key_Delete || key == Qt::Key_Backspace) {
      event->accept();
      return true;
    }
  }
  return QWidget::event(event);
}

void TimelineRuler::deleteKey(int frame) {
  const Node* node = keyedNode();
  if (!node) return;
  const TimelineSettings& tl = playback_.timeline();
  pushTimelineEdit(document_, tr("Delete Key"), withKeysRemoved(document_.scene(), *node, tl, tl.timeOfFrame(frame)));
  selectedKey_.reset();
}

void TimelineRuler::moveKey(int from, int to) {
  const Node* node = keyedNode();
  if (!node) return;
  const TimelineSettings& tl = playback_.timeline();
  pushTimelineEdit(document_, tr("Move Key"),
                   withKeysMoved(document_.scene(), *node, tl, tl.timeOfFrame(from), tl.timeOfFrame(to)));
}

}  // namespace flexure::app
