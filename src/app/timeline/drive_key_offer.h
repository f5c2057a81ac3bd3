#pragma once
// The offer to key a dragged drive (issue 17 item 1): a drag that turned a driving angle the
// timeline keys (session::DragOutcome::changedDrives) changed the value at the current frame
// only until the playhead moves, when the keys take over again, as in Blender when a keyed
// value is dragged. The window then shows this strip in the status bar: what changed, at which
// frame, a Key button (one undo step keying the changed tracks' current values at that frame)
// and a button to dismiss it. The offer is withdrawn when the playhead moves, on any other
// document edit or undo, and when another document is opened: the value it would key is no
// longer the one the drag left.
#include <QFrame>
#include <string>
#include <vector>

class QLabel;
class QToolButton;

namespace flexure::app {

class SceneDocument;
class TimelinePlayback;

class DriveKeyOffer : public QFrame {
  Q_OBJECT

 public:
  DriveKeyOffer(SceneDocument& document, TimelinePlayback& playback, QWidget* parent = nullptr);

  // After a finished drag: offers to key the tracks writing one of `changedDrives` ("node.slot").
  // Nothing is offered (and a previous offer is withdrawn) when no track writes them.
  void offer(const std::vector<std::string>& changedDrives);
  void withdraw();

  bool isOffered() const { return !targets_.empty(); }
  const std::vector<std::string>& targets() const { return targets_; }
  int frame() const { return frame_; }
  QToolButton* keyButton() const { return key_; }

 public slots:
  // Keys the offered tracks at the offer's frame (one undo step) and withdraws the offer.
  void keyOffered();

 private:
  SceneDocument& document_;
  TimelinePlayback& playback_;
  QLabel* text_;
  QToolButton* key_;
  QToolButton* dismiss_;
  std::vector<std::string> targets_;
  int frame_ = 0;
  bool keying_ = false;  // our own key edit must not withdraw the offer mid-way
};

}  // namespace flexure::app
