#pragma once
// The timeline dock (bottom of the main window): transport buttons, current frame, loop, frame
// rate, start and end frames, key buttons for the selected node, the ruler with its key markers
// and cached-range bar, the bake cache's memory, and a progress bar with Cancel while frames are
// baked off the GUI thread. Keyboard (window-wide): Space plays/pauses, Left/Right step a frame;
// with the focus in the timeline also Home/End (the viewport keeps Home for Frame All).
#include <QDockWidget>
#include <functional>

#include "flexure/anim/timeline_settings.h"

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QSpinBox;
class QToolButton;

namespace flexure::app {

class SceneDocument;
class SceneSelection;
class TimelinePlayback;
class TimelineRuler;

class TimelinePanel : public QDockWidget {
  Q_OBJECT

 public:
  TimelinePanel(SceneDocument& document, SceneSelection& selection, QWidget* parent = nullptr);

  TimelinePlayback& playback() { return *playback_; }
  TimelineRuler& ruler() { return *ruler_; }
  QToolButton* playButton() const { return play_; }
  QSpinBox* frameEditor() const { return frame_; }
  QLabel* cacheLabel() const { return cache_; }

 public slots:
  // Keys the selected node at the current frame (one undo step).
  void addKeyAtCurrentFrame();
  void deleteKeyAtCurrentFrame();

 private:
  void refreshSettings();
  void refreshCache();
  void editTimeline(const QString& text, const std::function<void(TimelineSettings&)>& edit);

  SceneDocument& document_;
  SceneSelection& selection_;
  TimelinePlayback* playback_;
  TimelineRuler* ruler_;
  QToolButton* play_;
  QSpinBox* frame_;
  QCheckBox* loop_;
  QDoubleSpinBox* fps_;
  QSpinBox* start_;
  QSpinBox* end_;
  QLabel* cache_;
  QProgressBar* progress_;
  QToolButton* cancel_;
  bool updating_ = false;
};

}  // namespace flexure::app
