#pragma once
// The timeline's track area: frame ruler, playhead, the key markers of the selected node and the
// cached-range bar (which frames are baked). Gestures become playhead moves or key edits:
//   press/drag on the ruler        scrub (TimelinePlayback::setFrame)
//   press/drag on a key marker     select it / move the node's keys at that time (one undo step)
//   right click on a key marker    context menu: delete the key
//   Delete / Backspace             delete the selected key
//   Space, Left/Right, Home/End    play/pause, step a frame, jump to the start/end
#include <QWidget>
#include <optional>
#include <vector>

#include "flexure/anim/bake_cache.h"

namespace flexure {
class Node;
}

namespace flexure::app {

class SceneDocument;
class SceneSelection;
class TimelinePlayback;

class TimelineRuler : public QWidget {
  Q_OBJECT

 public:
  TimelineRuler(SceneDocument& document, SceneSelection& selection, TimelinePlayback& playback,
                QWidget* parent = nullptr);

  // Geometry (tests drive the mouse with these).
  int xOfFrame(double frame) const;
  int frameAtX(int x) const;
  int keyRowY() const;
  // Frames of the selected node's key markers.
  std::vector<int> keyFrames() const;
  std::optional<int> selectedKeyFrame() const { return selectedKey_; }

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  bool event(QEvent* event) override;

 private:
  const Node* keyedNode() const;
  std::optional<int> keyAt(const QPoint& position) const;
  void deleteKey(int frame);
  void moveKey(int from, int to);

  SceneDocument& document_;
  SceneSelection& selection_;
  TimelinePlayback& playback_;
  std::vector<FrameRange> drawnCache_;  // the cached ranges as of the last repaint they caused
  std::optional<int> selectedKey_;
  std::optional<int> draggedKey_;  // the key's frame when the drag started
  int dragTo_ = 0;                 // where the dragged key would land
  bool scrubbing_ = false;
};

}  // namespace flexure::app
