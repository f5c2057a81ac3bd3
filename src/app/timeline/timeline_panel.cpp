#include "timeline/timeline_panel.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QShortcut>
#include <QSpinBox>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>
#include <utility>

#include "commands/timeline_edit_command.h"
#include "document/scene_document.h"
#include "document/scene_selection.h"
#include "panels/spin_box_range.h"
#include "timeline/timeline_keying.h"
#include "timeline/timeline_playback.h"
#include "timeline/timeline_ruler.h"

namespace flexure::app {

namespace {

QToolButton* toolButton(QWidget* parent, QStyle::StandardPixmap icon, const QString& tip) {
  auto* b = new QToolButton(parent);
  b->setIcon(parent->style()->standardIcon(icon));
  b->setToolTip(tip);
  b->setAutoRaise(true);
  return b;
}

}  // namespace

TimelinePanel::TimelinePanel(SceneDocument& document, SceneSelection& selection, QWidget* parent)
    : QDockWidget(tr("Timeline"), parent),
      document_(document),
      selection_(selection),
      playback_(new TimelinePlayback(document, this)) {
  setObjectName("timelinePanel");
  auto* body = new QWidget(this);
  auto* column = new QVBoxLayout(body);
  column->setContentsMargins(4, 2, 4, 4);
  column->setSpacing(2);
  auto* row = new QHBoxLayout;
  row->setSpacing(4);
  column->addLayout(row);

  QToolButton* toStart = toolButton(body, QStyle::SP_MediaSkipBackward, tr("Start frame (Home)"));
  QToolButton* back = toolButton(body, QStyle::SP_MediaSeekBackward, tr("Previous frame (Left)"));
  play_ = toolButton(body, QStyle::SP_MediaPlay, tr("Play / pause (Space)"));
  QToolButton* forward = toolButton(body, QStyle::SP_MediaSeekForward, tr("Next frame (Right)"));
  QToolButton* toEnd = toolButton(body, QStyle::SP_MediaSkipForward, tr("End frame (End)"));
  for (QToolButton* b : {toStart, back, play_, forward, toEnd}) row->addWidget(b);
  connect(toStart, &QToolButton::clicked, playback_, &TimelinePlayback::goToStart);
  connect(back, &QToolButton::clicked, playback_, &TimelinePlayback::stepBackward);
  connect(play_, &QToolButton::clicked, playback_, &TimelinePlayback::togglePlay);
  connect(forward, &QToolButton::clicked, playback_, &TimelinePlayback::stepForward);
  connect(toEnd, &QToolButton::clicked, playback_, &TimelinePlayback::goToEnd);

  row->addWidget(new QLabel(tr("Frame"), body));
  frame_ = new QSpinBox(body);
  row->addWidget(frame_);
  connect(frame_, &QSpinBox::valueChanged, this, [this](int f) {
    if (!updating_) playback_->setFrame(f);
  });
  loop_ = new QCheckBox(tr("Loop"), body);
  row->addWidget(loop_);
  connect(loop_, &QCheckBox::toggled, this, [this](bool on) {
    editTimeline(tr("Loop"), [on](TimelineSettings& tl) { tl.loop = on; });
  });
  row->addWidget(new QLabel(tr("fps"), body));
  fps_ = new QDoubleSpinBox(body);
  fps_->setRange(0.5, 240.0);
  fps_->setDecimals(2);
  fps_->setKeyboardTracking(false);
  row->addWidget(fps_);
  connect(fps_, &QDoubleSpinBox::valueChanged, this, [this](double v) {
    editTimeline(tr("Frame Rate"), [v](TimelineSettings& tl) { tl.fps = v; });
  });
  row->addWidget(new QLabel(tr("Start"), body));
  start_ = new QSpinBox(body);
  start_->setRange(-100000, 100000);
  start_->setKeyboardTracking(false);
  row->addWidget(start_);
  row->addWidget(new QLabel(tr("End"), body));
  end_ = new QSpinBox(body);
  end_->setRange(-100000, 100000);
  end_->setKeyboardTracking(false);
  row->addWidget(end_);
  connect(start_, &QSpinBox::valueChanged, this, [this](int v) {
    editTimeline(tr("Start Frame"), [v](TimelineSettings& tl) {
      tl.startFrame = v;
      tl.endFrame = std::max(tl.endFrame, v);
    });
  });
  connect(end_, &QSpinBox::valueChanged, this, [this](int v) {
    editTimeline(tr("End Frame"), [v](TimelineSettings& tl) {
      tl.endFrame = v;
      tl.startFrame = std::min(tl.startFrame, v);
    });
  });

  QToolButton* key = toolButton(body, QStyle::SP_DialogApplyButton, tr("Key the selected node at this frame"));
  key->setText(tr("Key"));
  key->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  QToolButton* unkey = toolButton(body, QStyle::SP_DialogDiscardButton, tr("Delete the selected node's keys at this frame"));
  unkey->setText(tr("Delete Key"));
  unkey->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  row->addWidget(key);
  row->addWidget(unkey);
  connect(key, &QToolButton::clicked, this, &TimelinePanel::addKeyAtCurrentFrame);
  connect(unkey, &QToolButton::clicked, this, &TimelinePanel::deleteKeyAtCurrentFrame);
  row->addStretch(1);

  progress_ = new QProgressBar(body);
  progress_->setMaximumWidth(160);
  progress_->setFormat(tr("baking %v/%m"));
  cancel_ = toolButton(body, QStyle::SP_DialogCancelButton, tr("Cancel baking"));
  cancel_->setText(tr("Cancel"));
  cancel_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  row->addWidget(progress_);
  row->addWidget(cancel_);
  connect(cancel_, &QToolButton::clicked, playback_, &TimelinePlayback::cancelBake);
  cache_ = new QLabel(body);
  row->addWidget(cache_);

  ruler_ = new TimelineRuler(document, selection, *playback_, body);
  column->addWidget(ruler_);
  setWidget(body);

  // Window-wide conventions of animation tools; Home/End go through the ruler (focus).
  auto* space = new QShortcut(QKeySequence(Qt::Key_Space), this, playback_, &TimelinePlayback::togglePlay);
  auto* left = new QShortcut(QKeySequence(Qt::Key_Left), this, playback_, &TimelinePlayback::stepBackward);
  auto* right = new QShortcut(QKeySequence(Qt::Key_Right), this, playback_, &TimelinePlayback::stepForward);
  for (QShortcut* s : {space, left, right}) s->setContext(Qt::WindowShortcut);

  connect(playback_, &TimelinePlayback::frameChanged, this, [this](int f) {
    updating_ = true;
    frame_->setValue(f);
    updating_ = false;
  });
  connect(playback_, &TimelinePlayback::playingChanged, this, [this](bool playing) {
    play_->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  });
  connect(playback_, &TimelinePlayback::timelineChanged, this, &TimelinePanel::refreshSettings);
  connect(playback_, &TimelinePlayback::cacheChanged, this, &TimelinePanel::refreshCache);
  connect(playback_, &TimelinePlayback::bakingChanged, this, [this](bool baking) {
    progress_->setVisible(baking);
    cancel_->setVisible(baking);
    if (baking) progress_->setRange(0, 0);  // busy until the first frame reports its total
  });
  connect(playback_, &TimelinePlayback::bakeProgress, this, [this](int done, int total) {
    progress_->setRange(0, std::max(1, total));
    progress_->setValue(done);
  });
  connect(playback_, &TimelinePlayback::errorOccurred, this, [this](const QString& message) {
    cache_->setText(message);
    cache_->setToolTip(message);
  });
  progress_->setVisible(false);
  cancel_->setVisible(false);
  refreshSettings();
  refreshCache();
}

void TimelinePanel::refreshSettings() {
  const TimelineSettings& tl = playback_->timeline();
  updating_ = true;
  const QSignalBlocker b1(loop_), b2(fps_), b3(start_), b4(end_);
  loop_->setChecked(tl.loop);
  fps_->setValue(tl.fps);
  start_->setValue(tl.startFrame);
  end_->setValue(tl.endFrame);
  setRangeIfChanged(*frame_, tl.startFrame, tl.endFrame);
  frame_->setValue(playback_->currentFrame());
  updating_ = false;
  ruler_->update();
}

void TimelinePanel::refreshCache() {
  const QLocale locale;
  const auto ranges = playback_->cachedRanges();
  int frames = 0;
  for (const FrameRange& r : ranges) frames += r.count();
  if (!playback_->error().isEmpty()) return;  // keep the message visible
  cache_->setText(tr("cache: %n frame(s), %1 of %2", nullptr, frames)
                      .arg(locale.formattedDataSize(static_cast<qint64>(playback_->cacheBytes())),
                           locale.formattedDataSize(static_cast<qint64>(playback_->cacheBudget()))));
  cache_->setToolTip(tr("Baked frames are kept up to the memory budget; frames far from the playhead are evicted "
                        "first, every tenth frame last."));
}

void TimelinePanel::editTimeline(const QString& text, const std::function<void(TimelineSettings&)>& edit) {
  if (updating_) return;
  TimelineSettings after = playback_->timeline();
  edit(after);
  pushTimelineEdit(document_, text, std::move(after));
}

void TimelinePanel::addKeyAtCurrentFrame() {
  const Node* node = selection_.current();
  if (!node) return;
  const TimelineSettings& tl = playback_->timeline();
  pushTimelineEdit(document_, tr("Add Key"),
                   withKeysAdded(document_.scene(), *node, tl, tl.timeOfFrame(playback_->currentFrame())));
}

void TimelinePanel::deleteKeyAtCurrentFrame() {
  const Node* node = selection_.current();
  if (!node) return;
  const TimelineSettings& tl = playback_->timeline();
  pushTimelineEdit(document_, tr("Delete Key"),
                   withKeysRemoved(document_.scene(), *node, tl, tl.timeOfFrame(playback_->currentFrame())));
}

}  // namespace flexure::app
